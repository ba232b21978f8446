package golang

import "testing"

// TestBoundProvider reads back what Generate records in ProviderFile, and
// nothing from a file it did not write.
func TestBoundProvider(t *testing.T) {
	for _, tc := range []struct{ name, version string }{{"random", "~> 3.9"}, {"aws-slice", "3.3.0"}} {
		files, err := Generate(readProvider(t, cases[tc.name]), Options{Version: tc.version})
		if err != nil {
			t.Fatal(err)
		}
		var data []byte
		for _, f := range files {
			if f.Path == ProviderFile {
				data = f.Data
			}
		}
		source, version, ok := BoundProvider(data)
		if !ok || source != "hashicorp/"+map[string]string{"random": "random", "aws-slice": "aws"}[tc.name] || version != tc.version {
			t.Errorf("%s: BoundProvider = %q, %q, %v", tc.name, source, version, ok)
		}
	}
	for _, src := range []string{"", "package x\n\nconst ProviderSource, ProviderVersion = \"a\", \"b\"\n", Header + "\npackage x\n\nconst ProviderSource = \"a\"\n"} {
		if _, _, ok := BoundProvider([]byte(src)); ok {
			t.Errorf("BoundProvider(%q) ok", src)
		}
	}
}
