package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
)

// FuzzReadProviders reads `providers schema -json` documents: the seed
// corpus is the real schemas under testdata/providers and a few small
// documents. Reading never panics, reading the same bytes twice gives the
// same providers, providers and their resources come sorted, and the
// implied type of every block can be built.
func FuzzReadProviders(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "providers", "*.json"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed schemas: %v", err)
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		`{"format_version":"1.0","provider_schemas":{}}`,
		`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/x/y":{"provider":{"version":0,"block":{}},"resource_schemas":{"y_a":{"version":1,"block":{"attributes":{"n":{"type":"string","optional":true}},"block_types":{"b":{"nesting_mode":"list","block":{},"max_items":1}}}}}}}}`,
		`{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"a":{"block":{"attributes":{"o":{"nested_type":{"nesting_mode":"set","attributes":{"x":{"type":["list","number"]}}},"optional":true}}}}}}}}`,
		`{"format_version":"1.0","provider_schemas":{"p":{"functions":{"f":{"parameters":[{"name":"a","type":"string"}],"variadic_parameter":{"name":"r","type":"dynamic"},"return_type":"bool"}}}}}`,
		`{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"a":null,"b":{"block":{"attributes":{"x":null},"block_types":{"c":null}}}}}}}`,
		`{"format_version":"9.0"}`, `{}`, `[]`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ReadProviders(bytes.NewReader(data))
		if err != nil {
			return
		}
		again, err := ReadProviders(bytes.NewReader(data))
		if err != nil || !reflect.DeepEqual(ps, again) {
			t.Fatalf("read twice, different results: %v", err)
		}
		if !sort.SliceIsSorted(ps, func(i, j int) bool { return ps[i].Source < ps[j].Source }) {
			t.Fatal("providers not sorted by source")
		}
		for _, p := range ps {
			if p.Config == nil {
				t.Fatalf("%s: no provider configuration block", p.Source)
			}
			_ = p.Config.ImpliedType()
			for _, list := range [][]*Resource{p.Resources, p.DataSources, p.EphemeralResources} {
				if !sort.SliceIsSorted(list, func(i, j int) bool { return list[i].Type < list[j].Type }) {
					t.Fatalf("%s: resources not sorted by type", p.Source)
				}
				for _, r := range list {
					if r.Block == nil {
						t.Fatalf("%s: %s has no block", p.Source, r.Type)
					}
					_ = r.Block.ImpliedType()
				}
			}
		}
	})
}

// TestReadProvidersNulls: null where a schema, attribute, block or
// parameter belongs is an error naming the place, not a panic.
func TestReadProvidersNulls(t *testing.T) {
	for doc, want := range map[string]string{
		`{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"a":null}}}}`:                                   `provider_schemas["p"].resource_schemas["a"]: is null`,
		`{"format_version":"1.0","provider_schemas":{"p":{"data_source_schemas":{"a":{"block":{"attributes":{"x":null}}}}}}}`: `provider_schemas["p"].data_source_schemas["a"].block.attributes["x"]: is null`,
		`{"format_version":"1.0","provider_schemas":{"p":{"provider":{"block":{"block_types":{"b":null}}}}}}`:                 `provider_schemas["p"].provider.block.block_types["b"]: is null`,
		`{"format_version":"1.0","provider_schemas":{"p":{"functions":{"f":{"parameters":[null],"return_type":"string"}}}}}`:  `provider_schemas["p"].functions["f"].parameters[0]: is null`,
		`{"format_version":"1.0","provider_schemas":{"p":null}}`:                                                              `provider_schemas["p"]: is null`,
	} {
		_, err := ReadProviders(strings.NewReader(doc))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", doc, err, want)
		}
	}
}

// FuzzDecode: decode reads what json.Unmarshal into a
// tfjson.ProviderSchemas reads, and fails with the same error.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"format_version":"1.0","provider_schemas":{}}`, " \n{\"format_version\":\"1.0\"}\t\r\n",
		`{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"a":{"version":"x"}}}}}`,
		`{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"a":{"block":{"attributes":{"x":{"type":"nope"}}}}}}}}`,
		` {"format_version":1}`, `{"format_version":"1.0"} x`, `{"format_version":`, `{}`, `[]`, `null`, ` null `, `"s"`, `1`, ``, "\v{}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decode(data)
		var want tfjson.ProviderSchemas
		wantErr := json.Unmarshal(data, &want)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || err != nil && !reflect.DeepEqual(locate(data, err), locate(data, wantErr)) {
			t.Fatalf("%q: error %v, json.Unmarshal's %v", data, err, wantErr)
		}
		if err == nil && !reflect.DeepEqual(*got, want) {
			t.Fatalf("%q: %+v, json.Unmarshal's %+v", data, *got, want)
		}
	})
}
