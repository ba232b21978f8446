package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/examples/provider-docstore/docstore"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestGetFromProviderBinary generates bindings by asking the docstore
// provider binary of the mirror for its schema, and checks that they are
// the bindings of the schema the framework exports.
func TestGetFromProviderBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a provider plugin")
	}
	enginetest.RequireProvider(t, "tfkit/docstore", docstore.Version)
	bin := filepath.Join(enginetest.Mirror(t), "registry.terraform.io", "tfkit", "docstore", docstore.Version,
		runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-docstore_v"+docstore.Version)

	dir := t.TempDir()
	res := runCLI(t, dir, nil, "get", "--provider-binary", bin, "--out", "fromplugin")
	if res.code != ExitOK || !strings.HasPrefix(res.stdout, "tfkit/docstore: generated ") {
		t.Fatalf("get --provider-binary:\n%s", res)
	}

	exported, err := docstore.New().SchemaJSON(docstore.Source)
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "exported.json", string(exported))
	if res := runCLI(t, dir, nil, "get", "--schema", "exported.json", "--out", "fromexport"); res.code != ExitOK {
		t.Fatalf("get --schema:\n%s", res)
	}
	want, _ := filepath.Glob(filepath.Join(dir, "fromexport", "docstore", "*.go"))
	if len(want) == 0 {
		t.Fatal("no bindings generated from the exported schema")
	}
	for _, w := range want {
		g := filepath.Join(dir, "fromplugin", "docstore", filepath.Base(w))
		a, errA := os.ReadFile(g)
		b, errB := os.ReadFile(w)
		if errA != nil || errB != nil || string(a) != string(b) {
			t.Errorf("%s differs between the plugin's schema and the exported one (%v %v)", filepath.Base(w), errA, errB)
		}
	}

	// Outside a mirror layout the source must be given.
	copyBin := filepath.Join(dir, "terraform-provider-docstore")
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copyBin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	res = runCLI(t, dir, nil, "get", "--provider-binary", copyBin, "--out", "x")
	if res.code == ExitOK || !strings.Contains(res.stderr, "--provider-source") {
		t.Fatalf("without a source address:\n%s", res)
	}
	res = runCLI(t, dir, nil, "get", "--provider-binary", copyBin, "--provider-source", "tfkit/docstore", "--out", "x")
	if res.code != ExitOK {
		t.Fatalf("with --provider-source:\n%s", res)
	}
	res = runCLI(t, dir, nil, "get", "--provider-binary", filepath.Join(dir, "exported.json"), "--provider-source", "tfkit/docstore", "--out", "y")
	if res.code == ExitOK || !strings.Contains(res.stderr, "provider binary") {
		t.Fatalf("a file that is not a plugin:\n%s", res)
	}
}
