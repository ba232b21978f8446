package apis_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"sigs.k8s.io/yaml"
)

// controllerGen is the controller-tools release matching Kubernetes 1.31.
const controllerGen = "sigs.k8s.io/controller-tools/cmd/controller-gen@v0.16.5"

// TestSameAsControllerGen runs controller-gen over the generated Go types
// and compares its CRDs with the ones jet wrote: jet produces the schema
// itself (docs/decisions/016-jet-kubernetes.md) and must produce the same.
// The only expected difference is controller-gen's version annotation.
// $TFKIT_CONTROLLER_GEN names a controller-gen binary to use; otherwise it
// is built from the module proxy with go run (about a minute, once).
func TestSameAsControllerGen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs controller-gen; skipped with -short")
	}
	out := t.TempDir()
	// float64 fields need allowDangerousTypes: Terraform numbers are not
	// integers.
	args := []string{"crd:allowDangerousTypes=true", "paths=./examples/jet-provider/apis/...", "output:crd:dir=" + out}
	var cmd *exec.Cmd
	if bin := os.Getenv("TFKIT_CONTROLLER_GEN"); bin != "" {
		cmd = exec.Command(bin, args...)
	} else {
		cmd = exec.Command("go", append([]string{"run", controllerGen}, args...)...)
	}
	cmd.Dir = filepath.Join("..", "..", "..")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("controller-gen: %v\n%s", err, msg)
	}
	ours, err := filepath.Glob("../package/crds/*.yaml")
	if err != nil || len(ours) == 0 {
		t.Fatalf("no CRDs: %v", err)
	}
	theirs, _ := filepath.Glob(filepath.Join(out, "*.yaml"))
	if len(theirs) != len(ours) {
		t.Errorf("controller-gen wrote %d CRDs, jet %d", len(theirs), len(ours))
	}
	for _, p := range ours {
		want := readYAML(t, filepath.Join(out, filepath.Base(p)))
		if md, ok := want["metadata"].(map[string]any); ok {
			delete(md, "annotations")
		}
		got := readYAML(t, p)
		if !reflect.DeepEqual(got, want) {
			g, _ := yaml.Marshal(got)
			w, _ := yaml.Marshal(want)
			t.Errorf("%s differs from controller-gen's:\n--- jet\n%s\n--- controller-gen\n%s", filepath.Base(p), g, w)
		}
	}
}

func readYAML(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := yaml.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}
