package pipeline

import (
	"sort"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// TestInitProviderSchema: every kind's CRD has spec.initProvider, not
// required, with the fields of spec.forProvider, the reference ones
// included, none of them required at any depth (a secret key selector,
// once given, still needs its key, name and namespace; a reference its
// name).
func TestInitProviderSchema(t *testing.T) {
	files, err := Generate(flagsProvider(t))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		if !strings.HasPrefix(f.Path, "package/crds/jet.jet.") {
			continue
		}
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.Unmarshal(f.Data, &crd); err != nil {
			t.Fatal(err)
		}
		spec := crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
		init, ok := spec.Properties["initProvider"]
		if !ok {
			t.Errorf("%s: no spec.initProvider", f.Path)
			continue
		}
		for _, r := range spec.Required {
			if r == "initProvider" {
				t.Errorf("%s: spec.initProvider is required", f.Path)
			}
		}
		var want, got []string
		for n := range spec.Properties["forProvider"].Properties {
			want = append(want, n)
		}
		for n := range init.Properties {
			got = append(got, n)
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: spec.initProvider has %v, want %v", f.Path, got, want)
		}
		noneRequired(t, f.Path+": spec.initProvider", init)
		checked++
	}
	if checked != 3 {
		t.Errorf("checked %d CRDs, want the 3 kinds of flags.json", checked)
	}
}

func noneRequired(t *testing.T, at string, p apiextv1.JSONSchemaProps) {
	t.Helper()
	if _, selector := p.Properties["key"]; selector {
		return
	}
	if _, reference := p.Properties["policy"]; reference && p.Properties["name"].Type == "string" {
		return
	}
	if len(p.Required) > 0 {
		t.Errorf("%s requires %v", at, p.Required)
	}
	for n, c := range p.Properties {
		noneRequired(t, at+"."+n, c)
	}
	if p.Items != nil && p.Items.Schema != nil {
		noneRequired(t, at+"[*]", *p.Items.Schema)
	}
	if p.AdditionalProperties != nil && p.AdditionalProperties.Schema != nil {
		noneRequired(t, at+"[*]", *p.AdditionalProperties.Schema)
	}
}
