package resource

import (
	"reflect"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type nested struct {
	Port *float64          `json:"port,omitempty" tf:"port,omitempty"`
	Tags map[string]string `json:"tags,omitempty" tf:"tags,omitempty"`
}

type params struct {
	CIDRBlock *string            `json:"cidrBlock,omitempty" tf:"cidr_block,omitempty"`
	Enabled   *bool              `json:"enabled,omitempty" tf:"enabled,omitempty"`
	Names     []string           `json:"names,omitempty" tf:"names,omitempty"`
	Rule      []nested           `json:"rule,omitempty" tf:"rule,omitempty"`
	Single    *nested            `json:"single,omitempty" tf:"single,omitempty"`
	Matrix    [][]string         `json:"matrix,omitempty" tf:"matrix,omitempty"`
	Secret    *SecretKeySelector `json:"secretRef,omitempty" tf:"-"`
	VPCRef    *Reference         `json:"vpcRef,omitempty"`
	Unset     *string            `json:"unset,omitempty" tf:"unset,omitempty"`
	ByName    map[string]nested  `json:"byName,omitempty" tf:"by_name,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// TestTerraformRoundTrip converts every shape of field to Terraform JSON
// and back.
func TestTerraformRoundTrip(t *testing.T) {
	in := params{
		CIDRBlock: ptr("10.0.0.0/16"),
		Enabled:   ptr(false),
		Names:     []string{"a", "b"},
		Rule:      []nested{{Port: ptr(80.0)}, {Tags: map[string]string{"k": "v"}}},
		Single:    &nested{Port: ptr(443.0)},
		Matrix:    [][]string{{"x"}, {}},
		Secret:    &SecretKeySelector{Key: "k"},
		VPCRef:    &Reference{Name: "vpc"},
		ByName:    map[string]nested{"one": {Port: ptr(1.0)}},
	}
	m, err := ToTerraform(&in)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"cidr_block": "10.0.0.0/16",
		"enabled":    false,
		"names":      []any{"a", "b"},
		"rule":       []any{map[string]any{"port": 80.0}, map[string]any{"tags": map[string]any{"k": "v"}}},
		"single":     map[string]any{"port": 443.0},
		"matrix":     []any{[]any{"x"}, []any{}},
		"by_name":    map[string]any{"one": map[string]any{"port": 1.0}},
	}
	if !reflect.DeepEqual(m, want) {
		t.Fatalf("ToTerraform =\n%#v\nwant\n%#v", m, want)
	}
	var out params
	if err := FromTerraform(m, &out); err != nil {
		t.Fatal(err)
	}
	in.Secret, in.VPCRef = nil, nil
	if !reflect.DeepEqual(out, in) {
		t.Errorf("round trip:\n%+v\nwant\n%+v", out, in)
	}
}

func TestFromTerraformErrors(t *testing.T) {
	for _, c := range []struct {
		in   map[string]any
		want string
	}{
		{map[string]any{"cidr_block": 3.0}, "cidr_block: Terraform value of type float64 does not fit string"},
		{map[string]any{"rule": []any{map[string]any{"port": "x"}}}, "rule[0].port: Terraform value of type string does not fit float64"},
		{map[string]any{"by_name": map[string]any{"a": map[string]any{"tags": []any{}}}}, `by_name["a"].tags: Terraform value of type []interface {} does not fit map[string]string`},
	} {
		var p params
		err := FromTerraform(c.in, &p)
		if err == nil || err.Error() != c.want {
			t.Errorf("FromTerraform(%v) = %v, want %s", c.in, err, c.want)
		}
	}
	if err := FromTerraform(map[string]any{}, params{}); err == nil || !strings.Contains(err.Error(), "pointer to a struct") {
		t.Errorf("non-pointer: %v", err)
	}
	// Unknown attributes are ignored; null clears.
	p := params{CIDRBlock: ptr("x")}
	if err := FromTerraform(map[string]any{"nope": 1.0, "cidr_block": nil}, &p); err != nil || p.CIDRBlock != nil {
		t.Errorf("null: %v, %v", err, p.CIDRBlock)
	}
}

func TestConditions(t *testing.T) {
	var s ResourceStatus
	if c := s.Condition(TypeReady); c.Status != metav1.ConditionUnknown {
		t.Errorf("missing condition: %v", c)
	}
	t0 := metav1.Unix(100, 0)
	s.SetConditions(Condition{Type: TypeReady, Status: metav1.ConditionFalse, Reason: ReasonCreating, LastTransitionTime: t0})
	// The same again keeps the first transition time.
	s.SetConditions(Condition{Type: TypeReady, Status: metav1.ConditionFalse, Reason: ReasonCreating, LastTransitionTime: metav1.Unix(200, 0)})
	if got := s.Condition(TypeReady); !got.LastTransitionTime.Equal(&t0) {
		t.Errorf("unchanged condition got a new time: %v", got.LastTransitionTime)
	}
	s.SetConditions(Condition{Type: TypeReady, Status: metav1.ConditionTrue, Reason: ReasonAvailable}, Condition{Type: TypeSynced, Status: metav1.ConditionTrue})
	if len(s.Conditions) != 2 || s.Condition(TypeReady).Status != metav1.ConditionTrue {
		t.Errorf("conditions %v", s.Conditions)
	}
	cp := s.DeepCopy()
	cp.Conditions[0].Message = "changed"
	if s.Conditions[0].Message != "" {
		t.Error("DeepCopy shares conditions")
	}
}

func TestManagementPolicies(t *testing.T) {
	if !(ManagementPolicies{}).Allows(ManagementDelete) || !(ManagementPolicies{ManagementAll}).Allows(ManagementCreate) {
		t.Error("default and * allow everything")
	}
	if (ManagementPolicies{ManagementObserve}).Allows(ManagementUpdate) {
		t.Error("observe-only allows update")
	}
}
