package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestMissingCLIConfigFile: with TF_CLI_CONFIG_FILE naming a file that does
// not exist, OpenTofu prints its warning about it on standard output, before
// the JSON of `version -json`, `output -json` and `show -json`. The engine
// is still recognised, and the stack's plan, apply and outputs still read.
func TestMissingCLIConfigFile(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		environ := append(enginetest.Environ(t), "TF_CLI_CONFIG_FILE="+filepath.Join(t.TempDir(), "missing.tfrc"))
		e, err := Probe(context.Background(), engine, environ)
		want := Terraform
		if filepath.Base(engine) == "tofu" {
			want = OpenTofu
		}
		if err != nil || e.Flavor != want {
			t.Fatalf("Probe: %v %v, want %s", e, err, want)
		}
		cache := filepath.Join(t.TempDir(), "engine.json")
		if _, err := ProbeCached(context.Background(), engine, environ, cache); err != nil {
			t.Fatalf("ProbeCached: %v", err)
		}
		if data, err := os.ReadFile(cache); err != nil || !bytes.Contains(data, []byte(`"terraform_version"`)) {
			t.Errorf("the probe's answer was not cached: %q %v", data, err)
		}
		// terraform_data needs no provider, so the stack runs without the
		// mirror the missing file would have named.
		s := openEngineStack(t, engine, t.TempDir(), environ, map[string]string{
			"main.tf": "resource \"terraform_data\" \"a\" {\n  input = \"x\"\n}\nresource \"terraform_data\" \"b\" {\n  input = \"y\"\n}\noutput \"a\" {\n  value = terraform_data.a.output\n}\n",
		})
		s.must("init", s.w.Init(context.Background()))
		sum, err := s.deploy()
		if err != nil || sum.Add != 2 {
			t.Fatalf("deploy: %+v %v, want 2 to add", sum, err)
		}
		out, err := s.w.Outputs(context.Background())
		if err != nil || !strings.Contains(string(out["a"].Value), `"x"`) {
			t.Errorf("outputs: %v %v, want a = \"x\"", out, err)
		}
	})
}

func TestJSONAnswer(t *testing.T) {
	const warning = "\nWarning: Unable to open CLI configuration file\n\nThe CLI configuration file at \"/home/me/.terraformrc\" does not exist.\n"
	for _, tc := range []struct{ in, want string }{
		{`{"a":1}`, `{"a":1}`},
		{warning + "{\n  \"terraform_version\": \"1.12.6\"\n}\n", "{\n  \"terraform_version\": \"1.12.6\"\n}\n"},
		{warning + "  {}\n", "  {}\n"},
		{"Terraform v0.12.31\n", "Terraform v0.12.31\n"},
		{"", ""},
	} {
		if got := string(JSONAnswer([]byte(tc.in))); got != tc.want {
			t.Errorf("JSONAnswer(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// An answer that is not an engine's is named by its first line with
	// something on it.
	_, err := parseVersion("/bin/x", []byte("\n\nnot json\n"))
	if err == nil || !strings.Contains(err.Error(), `with "not json"`) {
		t.Errorf("parseVersion: %v, want the answer's first line", err)
	}
}
