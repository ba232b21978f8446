package controller

import (
	"encoding/json"
	"testing"

	hcljson "github.com/hashicorp/hcl/v2/json"
)

// FuzzRenderConfig: any JSON object of arguments renders to main.tf.json
// that HCL's JSON parser reads, the same bytes every time, or is refused
// with an error; never a panic.
func FuzzRenderConfig(f *testing.F) {
	for _, seed := range []string{
		`{"filename":"/tmp/a","content":"hello ${x} %{y}"}`,
		`{"length":16,"special":false,"keepers":{"a":"b"}}`,
		`{"rule":[{"port":80},{"tags":{"k":"v"}}],"matrix":[["x"],[]]}`,
		`{"n":null,"empty":"","unicode":"\u00e9\u2028\ud83d\ude00"}`,
		`{}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var params map[string]any
		if json.Unmarshal([]byte(src), &params) != nil {
			return
		}
		rc, err := renderConfig("random_pet", params, nil)
		if err != nil {
			return
		}
		out := rc.src
		again, _ := renderConfig("random_pet", params, nil)
		if string(again.src) != string(out) {
			t.Fatal("two renders differ")
		}
		if _, diags := hcljson.Parse(out, "main.tf.json"); diags.HasErrors() {
			t.Fatalf("%s\n%s", diags, out)
		}
	})
}

// FuzzParseDiagnostics: any engine output and main.tf.json give
// diagnostics or none, never a panic.
func FuzzParseDiagnostics(f *testing.F) {
	f.Add("exit status 1\n\nError: S\n\n  with t.this,\n  on main.tf.json line 3, in resource.t.this:\n   3: x\n\nD\n", `{"resource": {"t": {"this": {"a": [1, {"b": 2}]}}}}`)
	f.Add("Error: \nWarning: W\n\n  on main.tf.json line 99999999999999999999:\nError: x", `[[{"a":`)
	f.Fuzz(func(t *testing.T, out, src string) {
		for _, d := range parseDiagnostics(out, []byte(src)) {
			_ = d.text()
		}
		sourcePaths([]byte(src))
	})
}
