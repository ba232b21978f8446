package docstore_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/tfkit/tfkit/examples/provider-docstore/docstore"
	"github.com/tfkit/tfkit/internal/cputime"
	"github.com/tfkit/tfkit/provider"
)

var (
	itemType       = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"key": tftypes.String, "value": tftypes.String}}
	collectionType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"name": tftypes.String, "id": tftypes.String, "item": tftypes.Set{ElementType: itemType},
	}}
)

// collectionValue is a docstore_collection with n items; id may be
// unknown (a plan) or null (a configuration).
func collectionValue(n int, id tftypes.Value) *tfprotov6.DynamicValue {
	items := make([]tftypes.Value, n)
	for i := range items {
		items[i] = tftypes.NewValue(itemType, map[string]tftypes.Value{
			"key":   tftypes.NewValue(tftypes.String, fmt.Sprintf("key-%05d", i)),
			"value": tftypes.NewValue(tftypes.String, fmt.Sprintf("value %d", i)),
		})
	}
	v := tftypes.NewValue(collectionType, map[string]tftypes.Value{
		"name": tftypes.NewValue(tftypes.String, "big"),
		"id":   id,
		"item": tftypes.NewValue(tftypes.Set{ElementType: itemType}, items),
	})
	dv, err := tfprotov6.NewDynamicValue(collectionType, v)
	if err != nil {
		panic(err)
	}
	return &dv
}

// BenchmarkCollectionPlan is the provider's share of `terraform plan` for
// an applied docstore_collection of 10,000 items with an unchanged
// configuration: ReadResource (refresh) then PlanResourceChange.
func BenchmarkCollectionPlan(b *testing.B) {
	s, err := provider.NewServer(docstore.New())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.Setenv("DOCSTORE_ROOT", b.TempDir())
	if resp, _ := s.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: emptyProviderConfig()}); len(resp.Diagnostics) > 0 {
		b.Fatal(resp.Diagnostics[0].Detail)
	}
	const n = 10000
	state := collectionValue(n, tftypes.NewValue(tftypes.String, "big"))
	config := collectionValue(n, tftypes.NewValue(tftypes.String, nil))
	// The collection must exist for Read to find it.
	applied, _ := s.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "docstore_collection", PriorState: nullCollection(), PlannedState: collectionValue(n, tftypes.NewValue(tftypes.String, tftypes.UnknownValue)), Config: config,
	})
	if len(applied.Diagnostics) > 0 {
		b.Fatal(applied.Diagnostics[0].Summary, applied.Diagnostics[0].Detail)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, haveCPU := cputime.Process()
	defer func() {
		// CPU time (garbage collection included) is what a shared
		// machine's load stretches least.
		if cpu1, ok := cputime.Process(); haveCPU && ok {
			b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}()
	for i := 0; i < b.N; i++ {
		read, _ := s.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: "docstore_collection", CurrentState: state})
		if len(read.Diagnostics) > 0 {
			b.Fatal(read.Diagnostics[0].Summary, read.Diagnostics[0].Detail)
		}
		plan, _ := s.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
			TypeName: "docstore_collection", PriorState: read.NewState, ProposedNewState: state, Config: config,
		})
		if len(plan.Diagnostics) > 0 || len(plan.RequiresReplace) > 0 {
			b.Fatalf("plan: %v %v", plan.Diagnostics, plan.RequiresReplace)
		}
	}
}

func emptyProviderConfig() *tfprotov6.DynamicValue {
	t := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"root": tftypes.String}}
	dv, _ := tfprotov6.NewDynamicValue(t, tftypes.NewValue(t, map[string]tftypes.Value{"root": tftypes.NewValue(tftypes.String, nil)}))
	return &dv
}

func nullCollection() *tfprotov6.DynamicValue {
	dv, _ := tfprotov6.NewDynamicValue(collectionType, tftypes.NewValue(collectionType, nil))
	return &dv
}
