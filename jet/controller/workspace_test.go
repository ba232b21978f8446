package controller

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	hcljson "github.com/hashicorp/hcl/v2/json"
	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestMain fails a full run on golden files no test compares. With
// TFKIT_TEST_STAND_IN set, the test binary stands in for an engine
// command that runs until it is killed (see TestWaitNamesTheCommand).
func TestMain(m *testing.M) {
	if os.Getenv("TFKIT_TEST_STAND_IN") != "" {
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	golden.Main(m, "testdata/*")
}

// TestWaitNamesTheCommand: the wait for an engine command an earlier
// manager started names it, apply or destroy.
func TestWaitNamesTheCommand(t *testing.T) {
	for _, verb := range []string{"apply", "destroy"} {
		cmd := exec.Command(os.Args[0], verb)
		cmd.Env = append(os.Environ(), "TFKIT_TEST_STAND_IN=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Start returns once the exec began; the kernel fills the new
		// command line a little later.
		for i := 0; i < 100; i++ {
			if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", cmd.Process.Pid)); strings.Contains(string(b), verb) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		got := waitForEarlierApply(cmd.Process.Pid).Error()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if !strings.HasPrefix(got, "waiting for the "+verb+" (pid ") {
			t.Errorf("%s: %q", verb, got)
		}
	}
}

// TestRenderConfig renders a File's arguments to main.tf.json: golden,
// byte-identical across runs, and read back by HCL's own JSON parser.
func TestRenderConfig(t *testing.T) {
	params := map[string]any{
		"filename":        "/tmp/x.txt",
		"content":         "literal ${not.a.reference} %{if}\n",
		"file_permission": "0644",
		"unset":           nil,
	}
	got, err := renderConfig("local_file", params, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := renderConfig("local_file", params, nil)
	if string(again) != string(got) {
		t.Fatal("two renders differ")
	}
	golden.Check(t, filepath.Join("testdata", "local_file.tf.json"), got)
	if _, diags := hcljson.Parse(got, "main.tf.json"); diags.HasErrors() {
		t.Fatal(diags)
	}
}

// TestSpecFields maps Terraform argument names to spec paths, which is how
// engine errors name the field.
func TestSpecFields(t *testing.T) {
	f := specFields(&localv1alpha1.File{})
	if f["file_permission"] != "spec.forProvider.filePermission" || f["filename"] != "spec.forProvider.filename" {
		t.Errorf("specFields = %v", f)
	}
	if _, ok := f["sensitive_content"]; ok {
		t.Error("a secret reference field has no Terraform name")
	}
}

// TestImportState writes a state the engine can refresh: one managed
// instance with the id and the arguments, at the schema version.
func TestImportState(t *testing.T) {
	w := &workspace{dir: t.TempDir(), typ: "random_pet", addr: "random_pet.this"}
	if w.hasState() {
		t.Fatal("empty workspace has state")
	}
	if err := w.importState("happy-cat", map[string]any{"length": 2.0}, 0, providerAddress("random_pet")); err != nil {
		t.Fatal(err)
	}
	if !w.hasState() {
		t.Fatal("no state after importState")
	}
	data, _ := os.ReadFile(filepath.Join(w.dir, StateFile))
	var st struct {
		Resources []struct {
			Provider  string `json:"provider"`
			Instances []struct {
				Attributes map[string]any `json:"attributes"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	if st.Resources[0].Provider != `provider["registry.terraform.io/hashicorp/random"]` || st.Resources[0].Instances[0].Attributes["id"] != "happy-cat" {
		t.Errorf("state = %s", data)
	}
}

// TestExplain: an engine error that names an argument is reported with the
// spec field first; one that names none is passed on as it is.
func TestExplain(t *testing.T) {
	r := &Reconciler{reg: resource.Registration{New: func() resource.Terraformed { return &localv1alpha1.File{} }}}
	err := errors.New("exit status 1\n\nError: Invalid Attribute Value\n\n  with local_file.this,\n  on main.tf.json line 1:\n\nAttribute file_permission bad mode permission: string length should be 3 or 4 digits: 77777")
	msg := r.explain(err)
	if !strings.HasPrefix(msg, "spec.forProvider.filePermission: ") || !strings.Contains(msg, "77777") {
		t.Errorf("explain = %q", msg)
	}
	plain := errors.New("Error: Failed to query available provider packages")
	if got := r.explain(plain); got != plain.Error() {
		t.Errorf("explain = %q", got)
	}
}
