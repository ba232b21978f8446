package tfkittest_test

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/tfkittest"
)

// ingressBlock, timeoutsBlock, ownerObject and groupConfig are written the
// way tfkit get writes a binding's structs: a nested block's, an object's
// (which writes itself with tfkit.Fields) and a config's.
type ingressBlock struct {
	FromPort   tfkit.Value[float64]  `tf:"from_port"`
	ToPort     tfkit.Value[float64]  `tf:"to_port"`
	CidrBlocks tfkit.Value[[]string] `tf:"cidr_blocks"`
}

type timeoutsBlock struct {
	Create tfkit.Value[string] `tf:"create"`
}

type ownerObject struct {
	Name tfkit.Value[string] `tf:"name"`
	Team tfkit.Value[string] `tf:"team"`
}

func (o ownerObject) TerraformValue() any { return tfkit.Fields(o) }

type groupConfig struct {
	Name     tfkit.Value[string] `tf:"name"`
	VpcID    tfkit.Value[string] `tf:"vpc_id"`
	Owner    ownerObject         `tf:"owner"`
	Ingress  []ingressBlock      `tf:"ingress,block"`
	Timeouts *timeoutsBlock      `tf:"timeouts,block"`
}

// A tfkit.Ordered value compares as the object it writes, and a binding's
// struct as the body or block it writes: its set fields by their names.
func TestMatchOrderedAndStructs(t *testing.T) {
	app := tfkit.NewApp()
	st := tfkit.NewStack(app, "web")
	vpc := tfkit.NewResource(st, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
	tfkit.NewResource(st, "aws_security_group", "web", tfkit.Fields(groupConfig{
		Name:  tfkit.String("web"),
		VpcID: tfkit.As[string](vpc.Ref("id")),
		Owner: ownerObject{Name: tfkit.String("ops"), Team: tfkit.String("platform")},
		Ingress: []ingressBlock{
			{FromPort: tfkit.Number(443), ToPort: tfkit.Number(443), CidrBlocks: tfkit.V([]string{"0.0.0.0/0"})},
			{FromPort: tfkit.Number(80), ToPort: tfkit.Number(80)},
		},
		Timeouts: &timeoutsBlock{Create: tfkit.String("5m")},
	}))
	tfkit.NewResource(st, "terraform_data", "d", tfkit.Attrs{"input": tfkit.Ordered(
		"name", "web", "port", 443, "on", true, "vpc", vpc.Ref("id"), "list", []any{1, "a", nil},
		"nested", tfkit.Ordered("x", 1.5),
	)})
	s := tfkittest.Synth(t, st)
	r := capture(t, func(tb testing.TB) {
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": tfkit.Ordered(
			"vpc", vpc.Ref("id"), "port", 443, "on", true, "list", []any{1, "a", nil}, "nested", tfkit.Ordered("x", 1.5),
		)})
		s.HasResourceWithProperties(tb, "aws_security_group", map[string]any{
			"ingress":  ingressBlock{FromPort: tfkit.Number(80)},
			"timeouts": &timeoutsBlock{Create: tfkit.String("5m")},
			"owner":    ownerObject{Team: tfkit.String("platform")},
			"vpc_id":   vpc.Ref("id"),
		})
		s.HasResourceWithProperties(tb, "aws_security_group", map[string]any{
			"ingress": []ingressBlock{{FromPort: tfkit.Number(443), CidrBlocks: tfkit.V([]string{"0.0.0.0/0"})}, {ToPort: tfkit.Number(80)}},
		})
	})
	if len(r.errors) > 0 {
		t.Fatalf("assertions failed:\n%s", strings.Join(r.errors, "\n"))
	}

	for _, c := range []struct {
		name, typ, closest string
		props              map[string]any
		want               string
	}{
		{"ordered value", "terraform_data", "terraform_data.d",
			map[string]any{"input": tfkit.Ordered("port", 80, "name", "api", "on", false)},
			"input.name: got \"web\", want \"api\"\n  input.on: got true, want false\n  input.port: got 443, want 80"},
		{"ordered reference", "terraform_data", "terraform_data.d",
			map[string]any{"input": tfkit.Ordered("vpc", vpc.Ref("arn"), "list", []any{1})}, "input.list: got a list of 3, want 1\n  input.vpc: got \"${aws_vpc.main.id}\", want \"${aws_vpc.main.arn}\""},
		{"ordered key", "terraform_data", "terraform_data.d",
			map[string]any{"input": tfkit.Ordered("nested", tfkit.Ordered("y", 1))}, "input.nested.y: missing (did you mean \"x\"?)"},
		{"nested block", "aws_security_group", "aws_security_group.web",
			map[string]any{"ingress": ingressBlock{FromPort: tfkit.Number(8080)}}, "ingress[0].from_port: got 443, want 8080"},
		{"one block", "aws_security_group", "aws_security_group.web",
			map[string]any{"timeouts": &timeoutsBlock{Create: tfkit.String("1m")}}, "timeouts.create: got \"5m\", want \"1m\""},
		{"object", "aws_security_group", "aws_security_group.web",
			map[string]any{"owner": ownerObject{Name: tfkit.String("dev")}}, "owner.name: got \"ops\", want \"dev\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := capture(t, func(tb testing.TB) { s.HasResourceWithProperties(tb, c.typ, c.props) })
			want := "stack web has no resource " + c.typ + " with these properties; the closest, " + c.closest + ", differs at:\n  " + c.want
			if len(r.errors) != 1 || r.errors[0] != want {
				t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), want)
			}
		})
	}

	// Match alone compares the text.
	body := map[string]any{"input": map[string]any{"vpc": "${aws_vpc.main.id}", "port": 443.0}}
	if d := tfkittest.Match(body, map[string]any{"input": tfkit.Ordered("vpc", vpc.Ref("id"), "port", 443)}); len(d) != 0 {
		t.Errorf("Match: %v", d)
	}
}

// The references of a tfkit.Ordered value made with handles name their
// stacks, as a handle among the properties does.
func TestMatchOrderedAcrossStacks(t *testing.T) {
	app := tfkit.NewApp()
	network := tfkit.NewStack(app, "network")
	theirs := tfkit.NewResource(network, "random_pet", "name", nil)
	web := tfkit.NewStack(app, "web")
	own := tfkit.NewResource(web, "random_pet", "name", nil)
	tfkit.NewResource(web, "terraform_data", "d", tfkit.Attrs{"input": tfkit.Ordered("theirs", theirs.Ref("id"), "own", own.Ref("id"))})
	s := tfkittest.Synth(t, web)
	r := capture(t, func(tb testing.TB) {
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": tfkit.Ordered("theirs", theirs.Ref("id"))})
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": tfkit.Ordered("own", own.Ref("id"))})
	})
	if len(r.errors) > 0 {
		t.Fatalf("assertions failed:\n%s", strings.Join(r.errors, "\n"))
	}
	r = capture(t, func(tb testing.TB) {
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": tfkit.Ordered("theirs", own.Ref("id"))})
	})
	want := "stack web has no resource terraform_data with these properties; the closest, terraform_data.d, differs at:\n" +
		"  input.theirs: got \"${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id}\" (reading stack network's random_pet.name.id), want \"${random_pet.name.id}\""
	if len(r.errors) != 1 || r.errors[0] != want {
		t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), want)
	}
}
