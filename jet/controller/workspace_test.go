package controller

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	hcljson "github.com/hashicorp/hcl/v2/json"
	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	timev1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/time/v1alpha1"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
	dockerv1alpha1 "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/docker/v1alpha1"
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
	rc, err := renderConfig("local_file", params, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := rc.src
	again, _ := renderConfig("local_file", params, nil)
	if string(again.src) != string(got) {
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

// TestExplain: an engine error becomes its diagnostics, each with the
// field of the managed resource its line of main.tf.json sets (or, without
// one, an argument it names), without the exit status and the lines of
// main.tf.json, wrapped text on one line, duplicates once, and bounded.
func TestExplain(t *testing.T) {
	r := &Reconciler{reg: resource.Registration{New: func() resource.Terraformed { return &localv1alpha1.File{} }}}
	src := []byte(`{
  "resource": {
    "local_file": {
      "this": {
        "content": "x",
        "filename": "/tmp/x",
        "source": "/etc/hostname"
      }
    }
  }
}`)
	// terraform plan -no-color, as terraform-exec reports it.
	out := "exit status 1\n\nError: Invalid Attribute Combination\n\n  with local_file.this,\n  on main.tf.json line 5, in resource.local_file.this:\n   5:         \"content\": \"x\",\n\n" +
		"2 attributes specified when one (and only one) of\n[sensitive_content,content_base64,source] is required\n\n" +
		"Warning: Deprecated\n\n  with local_file.this,\n  on main.tf.json line 6, in resource.local_file.this:\n   6:         \"filename\": \"/tmp/x\",\n\nnot an error\n\n" +
		"Error: Invalid Attribute Combination\n\n  with local_file.this,\n  on main.tf.json line 7, in resource.local_file.this:\n   7:         \"source\": \"/etc/hostname\"\n\n" +
		"2 attributes specified when one (and only one) of\n[content,sensitive_content,content_base64] is required\n\n" +
		"Error: Invalid Attribute Combination\n\n  with local_file.this,\n  on main.tf.json line 7, in resource.local_file.this:\n   7:         \"source\": \"/etc/hostname\"\n\n" +
		"2 attributes specified when one (and only one) of\n[content,sensitive_content,content_base64] is required\n\n" +
		"Error: Create local file error\n\n  with local_file.this,\n  on main.tf.json line 8, in resource.local_file.this:\n   8:       }\n\nAn unexpected error occurred\n\n+Original Error: mkdir /proc/x: no such file or directory\n"
	err := engineFailure("plan", errors.New(out), out, src)
	want := "spec.forProvider.content: Invalid Attribute Combination: 2 attributes specified when one (and only one) of [sensitive_content,content_base64,source] is required; " +
		"spec.forProvider.source: Invalid Attribute Combination: 2 attributes specified when one (and only one) of [content,sensitive_content,content_base64] is required; " +
		"Create local file error: An unexpected error occurred +Original Error: mkdir /proc/x: no such file or directory"
	if got := r.explain(err); got != want {
		t.Errorf("explain =\n%s\nwant\n%s", got, want)
	}
	// Without main.tf.json, an argument the text names.
	err = errors.New("exit status 1\n\nError: Invalid Attribute Value\n\n  with local_file.this,\n  on main.tf.json line 1:\n\nAttribute file_permission bad mode permission: string length should be 3 or 4 digits: 77777")
	if got, want := r.explain(err), "spec.forProvider.filePermission: Invalid Attribute Value: Attribute file_permission bad mode permission: string length should be 3 or 4 digits: 77777"; got != want {
		t.Errorf("explain = %q, want %q", got, want)
	}
	if got := r.explain(errors.New("init: exit status 1\n\nError: Failed to query available provider packages")); got != "Failed to query available provider packages" {
		t.Errorf("explain = %q", got)
	}
	if got := r.explain(errors.New("apply: exit status 2\nsomething else")); got != "something else" {
		t.Errorf("explain = %q", got)
	}
	long := errors.New("Error: x\n\n" + strings.Repeat("é", 2000))
	if got := r.explain(long); len(got) > maxMessage || !strings.HasSuffix(got, "...") || !utf8.ValidString(got) {
		t.Errorf("explain of a long error: %d bytes, valid %v", len(got), utf8.ValidString(got))
	}
}

// TestExplainQuotedError: a provider error that quotes another (the
// plugin framework's conversion of a fractional number to an integer, as
// terraform plan -no-color prints it) is one message that names the field
// and the value; such a refusal of the spec's values is a mistake the user
// fixes (no error in the log), an error that names no field is not.
func TestExplainQuotedError(t *testing.T) {
	r := &Reconciler{reg: resource.Registration{New: func() resource.Terraformed { return &timev1alpha1.Rotating{} }}}
	src := []byte("{\n  \"resource\": {\n    \"time_rotating\": {\n      \"this\": {\n        \"rotation_days\": 1.5\n      }\n    }\n  }\n}")
	out := "exit status 1\n\nError: Configuration Read Error\n\n  with time_rotating.this,\n  on main.tf.json line 5, in resource.time_rotating.this:\n   5:         \"rotation_days\": 1.5\n\n" +
		"An unexpected error was encountered trying to convert an attribute value from\nthe configuration. This is always an error in the provider. Please report the\nfollowing to the provider developer:\n\n" +
		"Error: Value %!s(*big.Float=1.5) is not an integer.\n"
	err := engineFailure("plan", errors.New(out), out, src)
	const want = "spec.forProvider.rotationDays: Configuration Read Error: An unexpected error was encountered trying to convert an attribute value from the configuration. " +
		"This is always an error in the provider. Please report the following to the provider developer: Error: Value 1.5 is not an integer."
	if got := r.explain(err); got != want {
		t.Errorf("explain =\n%s\nwant\n%s", got, want)
	}
	if !r.isMistake(err) {
		t.Error("a plan refused because of a field's value is not a mistake of the object")
	}
	// Two diagnostics, each with its source: not one quoting the other.
	two := "exit status 1\n\nError: First:\n\n  with time_rotating.this,\n  on main.tf.json line 5, in resource.time_rotating.this:\n\nsee below:\n\n" +
		"Error: Second\n\n  with time_rotating.this,\n  on main.tf.json line 5, in resource.time_rotating.this:\n\nalso\n"
	if got := parseDiagnostics(two, src); len(got) != 2 {
		t.Errorf("two diagnostics with sources read as %d: %+v", len(got), got)
	}
	for _, e := range []error{
		engineFailure("plan", errors.New("exit status 1\n\nError: Failed to read\n\ntimeout"), "exit status 1\n\nError: Failed to read\n\ntimeout", src),
		engineFailure("apply", errors.New(out), out, src),
		errors.New("connection refused"),
	} {
		if r.isMistake(e) {
			t.Errorf("%q is taken for a mistake of the object", e)
		}
	}
	if !r.isMistake(fmt.Errorf("connection Secret default/x: %w", &mistakeError{errors.New("it belongs to ...")})) {
		t.Error("a wrapped mistakeError is not a mistake")
	}
}

// TestExplainArgumentList: a rule over several arguments lists them by
// their fields, in either SDK's words; a list with a name that is no
// argument is left as it is.
func TestExplainArgumentList(t *testing.T) {
	r := &Reconciler{reg: resource.Registration{New: func() resource.Terraformed { return &timev1alpha1.Rotating{} }}}
	for _, c := range []struct{ out, want string }{
		{"Error: Missing Attribute Configuration\n\n  with time_rotating.this,\n  on main.tf.json line 4, in resource.time_rotating.this:\n\nAt least one of these attributes must be configured:\n[rotation_days,rotation_hours]\n",
			"spec.forProvider: Missing Attribute Configuration: At least one of these attributes must be configured: [rotationDays, rotationHours]"},
		{"Error: \"rotation_days\": one of `rotation_days,rotation_years` must be specified\n",
			"spec.forProvider: \"rotation_days\": one of `rotationDays, rotationYears` must be specified"},
		{"Error: Invalid\n\nnot one of [rotation_days,nope]\n", "Invalid: not one of [rotation_days,nope]"},
	} {
		err := engineFailure("plan", errors.New(c.out), c.out, nil)
		if got := r.explain(err); got != c.want {
			t.Errorf("explain =\n%s\nwant\n%s", got, c.want)
		}
		if want := !strings.Contains(c.want, "nope"); r.isMistake(err) != want {
			t.Errorf("isMistake of %q = %v", c.out, !want)
		}
	}
}

// TestSpecFieldPath: a Terraform path into nested blocks is the field
// path of the kind, by its tf tags; the name argument is the external
// name, a sensitive argument its secret reference; a value only
// spec.initProvider sets is its field there.
func TestSpecFieldPath(t *testing.T) {
	for _, tc := range []struct {
		mg   resource.Terraformed
		path []any
		want string
	}{
		{&localv1alpha1.File{}, []any{"file_permission"}, "spec.forProvider.filePermission"},
		{&localv1alpha1.SensitiveFile{}, []any{"content"}, "spec.forProvider.contentSecretRef"},
		{&namedFile{}, []any{"filename"}, "metadata.annotations[crossplane.io/external-name]"},
		{&dockerv1alpha1.Volume{}, []any{"labels", 1, "label"}, "spec.forProvider.labels[1].label"},
		{&localv1alpha1.File{}, []any{"nope"}, ""},
		// Set only in spec.initProvider: the field to fix is there.
		{&localv1alpha1.File{Spec: localv1alpha1.FileSpec{InitProvider: localv1alpha1.FileInitParameters{FilePermission: ptrTo("9")}}},
			[]any{"file_permission"}, "spec.initProvider.filePermission"},
		{&localv1alpha1.File{Spec: localv1alpha1.FileSpec{
			ForProvider:  localv1alpha1.FileParameters{FilePermission: ptrTo("0600")},
			InitProvider: localv1alpha1.FileInitParameters{FilePermission: ptrTo("9")}}},
			[]any{"file_permission"}, "spec.forProvider.filePermission"},
		{&localv1alpha1.SensitiveFile{Spec: localv1alpha1.SensitiveFileSpec{InitProvider: localv1alpha1.SensitiveFileInitParameters{
			ContentSecretRef: &resource.SecretKeySelector{Key: "k"}}}},
			[]any{"content"}, "spec.initProvider.contentSecretRef"},
		{&dockerv1alpha1.Volume{Spec: dockerv1alpha1.VolumeSpec{InitProvider: dockerv1alpha1.VolumeInitParameters{DriverOpts: map[string]string{"o": "x"}}}},
			[]any{"driver_opts", "o"}, "spec.initProvider.driverOpts[o]"},
	} {
		if got := specFieldPath(tc.mg, tc.path); got != tc.want {
			t.Errorf("%T %v: %q, want %q", tc.mg, tc.path, got, tc.want)
		}
	}
}

// TestSourcePaths: each line of a rendered main.tf.json maps to the
// value on it, in nested blocks too.
func TestSourcePaths(t *testing.T) {
	src := []byte("{\n  \"resource\": {\n    \"docker_volume\": {\n      \"this\": {\n        \"labels\": [\n          {\n            \"label\": \"a\",\n            \"value\": \"b\"\n          },\n          {\n            \"label\": \"c\"\n          }\n        ],\n        \"name\": \"v\"\n      }\n    }\n  }\n}")
	paths := sourcePaths(src)
	for line, want := range map[int]string{5: "[resource docker_volume this labels]", 7: "[resource docker_volume this labels 0 label]", 8: "[resource docker_volume this labels 0 value]", 10: "[resource docker_volume this labels 1]", 11: "[resource docker_volume this labels 1 label]", 14: "[resource docker_volume this name]"} {
		if got := fmt.Sprint(paths[line]); got != want {
			t.Errorf("line %d: %s, want %s", line, got, want)
		}
	}
}

// TestConcurrentFirstInits: workspaces of one provider initialised at
// once on an empty plugin cache (objects created together, a new manager)
// all succeed; Terraform's cache would have the second install of the
// provider fail ("failed to create directory ...: file exists"), which
// without the first init running alone about one run of this test in
// three shows.
func TestConcurrentFirstInits(t *testing.T) {
	for round := range 5 {
		eng, root := engineSetup(t, true)
		eng.slots = make(chan struct{}, 16)
		src, err := renderConfig("random_pet", map[string]any{"length": 2}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ws, err := eng.workspace(filepath.Join(root, fmt.Sprint("pet", i)), "random_pet")
				if err == nil {
					err = ws.writeConfig(context.Background(), src)
				}
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("round %d: %v", round, err)
			}
		}
	}
}

// TestProviderNotInMirror: a provider the engine cannot install (the
// mirror of the manager's CLI configuration lacks it) is a message that
// names it and says where the manager gets providers from.
func TestProviderNotInMirror(t *testing.T) {
	if testing.Short() {
		t.Skip("runs terraform")
	}
	engine := enginetest.Engine(t)
	rc := filepath.Join(t.TempDir(), "terraformrc")
	cfg := "provider_installation {\n  filesystem_mirror {\n    path = \"" + t.TempDir() + "\"\n  }\n}\n"
	if err := os.WriteFile(rc, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	root := t.TempDir()
	eng, err := newEngines(context.Background(), engine, root, 2, true)
	if err != nil {
		t.Fatal(err)
	}
	if eng.prov != nil {
		t.Cleanup(eng.prov.close)
	}
	ws, err := eng.workspace(filepath.Join(root, "pet"), "random_pet")
	if err != nil {
		t.Fatal(err)
	}
	src, err := renderConfig("random_pet", map[string]any{"length": 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = ws.writeConfig(context.Background(), src)
	if err == nil {
		t.Fatal("init succeeded without the provider")
	}
	r := &Reconciler{reg: resource.Registration{New: func() resource.Terraformed { return &randomv1alpha1.Pet{} }}}
	msg := r.explain(err)
	for _, want := range []string{"Failed to query available provider packages: ", "hashicorp/random was not found",
		"add the provider to its filesystem mirror (terraform providers mirror DIR), or let the manager reach the registry"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "run the following command") {
		t.Errorf("message %q holds the engine's advice", msg)
	}
}

// TestWithoutModuleAdvice: the sentences of the engines' install errors
// that speak to the author of modules go, in terraform's and tofu's words;
// the error itself stays.
func TestWithoutModuleAdvice(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Could not retrieve the list of available versions for provider hashicorp/random: no available releases match the given constraints 3.8.0 To see which modules are currently depending on hashicorp/random and what versions are specified, run the following command: terraform providers",
			"Could not retrieve the list of available versions for provider hashicorp/random: no available releases match the given constraints 3.8.0"},
		{"Could not retrieve the list of available versions for provider hashicorp/random: no available releases match the given constraints 3.8.0 To see which modules are currently depending on hashicorp/random and what versions are specified, run the following command: tofu providers.",
			"Could not retrieve the list of available versions for provider hashicorp/random: no available releases match the given constraints 3.8.0"},
		{"Could not retrieve the list of available versions for provider hashicorp/docker: provider registry.terraform.io/hashicorp/docker does not exist Did you intend to use kreuzwerker/docker? If so, you must specify that source address in each module which requires that provider. To see which modules are currently depending on hashicorp/docker, run the following command: terraform providers",
			"Could not retrieve the list of available versions for provider hashicorp/docker: provider registry.terraform.io/hashicorp/docker does not exist Did you intend to use kreuzwerker/docker?"},
		{"provider registry.terraform.io/hashicorp/random was not found in any of the search locations - /mirror",
			"provider registry.terraform.io/hashicorp/random was not found in any of the search locations - /mirror"},
	} {
		if got := withoutModuleAdvice(c.in); got != c.want {
			t.Errorf("withoutModuleAdvice(%q)\n= %q\nwant %q", c.in, got, c.want)
		}
	}
}
