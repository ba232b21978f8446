package pipeline

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/resource"
	jettypes "github.com/tfkit/tfkit/jet/types"
)

// jsonFields lists the JSON names of a struct's fields, inline ones
// expanded, and which of them are required (no omitempty).
func jsonFields(t reflect.Type) (names, required []string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if opts == "inline" || (f.Anonymous && name == "") {
			n, r := jsonFields(f.Type)
			names, required = append(names, n...), append(required, r...)
			continue
		}
		names = append(names, name)
		if !strings.Contains(opts, "omitempty") {
			required = append(required, name)
		}
	}
	sort.Strings(names)
	sort.Strings(required)
	return names, required
}

// TestSharedSchemas checks the hand-written schemas of the shared types
// against the Go types generated objects embed: same fields, same
// required ones.
func TestSharedSchemas(t *testing.T) {
	for name, typ := range map[string]reflect.Type{
		jettypes.ResourcePath + ".ResourceSpec":      reflect.TypeOf(resource.ResourceSpec{}),
		jettypes.ResourcePath + ".ResourceStatus":    reflect.TypeOf(resource.ResourceStatus{}),
		jettypes.ResourcePath + ".SecretKeySelector": reflect.TypeOf(resource.SecretKeySelector{}),
		jettypes.ResourcePath + ".Reference":         reflect.TypeOf(resource.Reference{}),
		jettypes.ResourcePath + ".Selector":          reflect.TypeOf(resource.Selector{}),
		jettypes.MetaPath + ".TypeMeta":              reflect.TypeOf(metav1.TypeMeta{}),
	} {
		s, ok := sharedSchemas[name]
		if !ok {
			t.Errorf("no schema for %s", name)
			continue
		}
		names, required := jsonFields(typ)
		var got []string
		for n := range s.Properties {
			got = append(got, n)
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, names) {
			t.Errorf("%s: schema has %v, Go type %v", name, got, names)
		}
		req := append([]string(nil), s.Required...)
		sort.Strings(req)
		if len(req) == 0 {
			req = nil
		}
		if !reflect.DeepEqual(req, required) {
			t.Errorf("%s: schema requires %v, Go type %v", name, req, required)
		}
	}
	// Nested: the condition and the policies.
	cond, _ := jsonFields(reflect.TypeOf(resource.Condition{}))
	var got []string
	for n := range sharedSchemas[jettypes.ResourcePath+".ResourceStatus"].Properties["conditions"].Items.Schema.Properties {
		got = append(got, n)
	}
	sort.Strings(got)
	if !reflect.DeepEqual(got, cond) {
		t.Errorf("condition schema has %v, Go type %v", got, cond)
	}
}

func TestPlural(t *testing.T) {
	for in, want := range map[string]string{
		"Bucket": "buckets", "Policy": "policies", "Address": "addresses", "Gateway": "gateways", "AccountAlias": "accountaliases", "DHCPOptions": "dhcpoptions",
		"Bytes": "bytes", "Match": "matches", "ID": "ids",
	} {
		if got := config.Plural(in); got != want {
			t.Errorf("Plural(%q) = %q, want %q", in, got, want)
		}
	}
}
