package runner

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseVersionTellsEnginesApart(t *testing.T) {
	tf, err := parseVersion("terraform", []byte(`{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{},"terraform_outdated":false}`))
	if err != nil || tf.Flavor != Terraform || tf.String() != "Terraform v1.11.4" {
		t.Errorf("terraform: %v %v", tf, err)
	}
	tofu, err := parseVersion("tofu", []byte(`{"terraform_version":"1.12.6","platform":"linux_amd64","provider_selections":{}}`))
	if err != nil || tofu.Flavor != OpenTofu || tofu.String() != "OpenTofu v1.12.6" {
		t.Errorf("tofu: %v %v", tofu, err)
	}
	if _, err := parseVersion("old", []byte(`{"terraform_version":"0.15.5","terraform_outdated":true}`)); err == nil || !strings.Contains(err.Error(), "Terraform v0.15.5 (old) is too old: tfkit needs Terraform 1.1.0 or later, or OpenTofu 1.6.0 or later; upgrade it") {
		t.Errorf("old: %v", err)
	}
	if _, err := parseVersion("x", []byte("Terraform v1.1.0\n")); err == nil || !strings.Contains(err.Error(), "x is not terraform or tofu: it answers `version -json` with \"Terraform v1.1.0\"") {
		t.Errorf("text: %v", err)
	}
}

func TestFindOrder(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tofu := write("tofu")
	env := []string{"PATH=" + dir}
	if p, err := Find("", env); err != nil || p != tofu {
		t.Errorf("tofu alone: %q %v", p, err)
	}
	tf := write("terraform")
	if p, err := Find("", env); err != nil || p != tf {
		t.Errorf("terraform first: %q %v", p, err)
	}
	if p, err := Find("", append(env, EnvEngine+"=tofu")); err != nil || p != tofu {
		t.Errorf("%s: %q %v", EnvEngine, p, err)
	}
	if p, err := Find("tofu", append(env, EnvEngine+"=terraform")); err != nil || p != tofu {
		t.Errorf("--engine wins: %q %v", p, err)
	}
	if _, err := Find("nope", env); err == nil || err.Error() != "--engine nope: not found on PATH" {
		t.Errorf("missing: %v", err)
	}
	if _, err := Find("", []string{"PATH=" + t.TempDir()}); err == nil {
		t.Error("empty PATH: no error")
	}
}

func TestLineWriterPrefixesWholeLines(t *testing.T) {
	var buf bytes.Buffer
	out := NewOutput(&buf)
	a, b := out.Prefixed("a | "), out.Prefixed("bb | ")
	a.Write([]byte("one "))
	b.Write([]byte("x\n\ny"))
	a.Write([]byte("two\nthree\n"))
	a.Flush()
	b.Flush()
	want := "bb | x\nbb |\na | one two\na | three\nbb | y\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestInitDigestIgnoresAttributes(t *testing.T) {
	dir := t.TempDir()
	digest := func(src string) string {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := initDigest(dir, []string{"main.tf"}, "terraform /usr/bin/terraform")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	base := digest(`resource "null_resource" "a" {}` + "\n")
	if d := digest(`resource "null_resource" "a" { triggers = { x = "1" } }` + "\n" + `resource "null_resource" "b" {}` + "\n"); d != base {
		t.Error("an attribute or another resource of the same type changed the digest")
	}
	if d := digest(`resource "random_pet" "a" {}` + "\n"); d == base {
		t.Error("a new resource type did not change the digest")
	}
	if d := digest(`resource "null_resource" "a" {}` + "\n" + `terraform { backend "local" {} }` + "\n"); d == base {
		t.Error("a terraform block did not change the digest")
	}
}

func TestSchedule(t *testing.T) {
	deps := map[string][]string{"b": {"a"}, "c": {"b"}, "d": {}, "e": {"d"}}
	names := []string{"a", "b", "c", "d", "e"}
	if err := CheckDependencies(names, deps); err != nil {
		t.Fatal(err)
	}
	run := func(names []string, reverse bool, par int, fail string) ([]string, []Result) {
		var mu sync.Mutex
		var order []string
		res := Schedule(context.Background(), names, deps, par, reverse, func(_ context.Context, n string) error {
			mu.Lock()
			order = append(order, n)
			mu.Unlock()
			if n == fail {
				return errors.New("boom")
			}
			return nil
		})
		return order, res
	}
	order, _ := run(names, false, 1, "")
	if !reflect.DeepEqual(order, []string{"a", "b", "c", "d", "e"}) {
		t.Errorf("order: %v", order)
	}
	order, _ = run(names, true, 1, "")
	if !reflect.DeepEqual(order, []string{"c", "b", "a", "e", "d"}) {
		t.Errorf("reverse order: %v", order)
	}
	// Through a stack not selected: c still waits for a.
	order, _ = run([]string{"c", "a"}, false, 4, "")
	if !reflect.DeepEqual(order, []string{"a", "c"}) {
		t.Errorf("transitive order: %v", order)
	}
	order, res := run(names, false, 2, "a")
	if len(order) != 3 {
		t.Errorf("ran %v", order)
	}
	want := []Result{
		{Name: "a", Err: res[0].Err},
		{Name: "b", Skipped: true, Reason: "a failed"},
		{Name: "c", Skipped: true, Reason: "a failed"},
		{Name: "d"}, {Name: "e"},
	}
	if res[0].Err == nil || !reflect.DeepEqual(res, want) {
		t.Errorf("results: %+v", res)
	}
	// Reverse (destroy) of the chain a←b←c when c fails: b is skipped
	// after a was passed over as not ready, and a must follow.
	order, res = run([]string{"a", "b", "c"}, true, 1, "c")
	want = []Result{
		{Name: "a", Skipped: true, Reason: "c failed"},
		{Name: "b", Skipped: true, Reason: "c failed"},
		{Name: "c", Err: res[2].Err},
	}
	if !reflect.DeepEqual(order, []string{"c"}) || !reflect.DeepEqual(res, want) {
		t.Errorf("reverse with a failure: ran %v, results %+v", order, res)
	}
	ctx, cancel := context.WithCancel(context.Background())
	res = Schedule(ctx, []string{"a", "b"}, deps, 1, false, func(context.Context, string) error { cancel(); return nil })
	if res[1].Reason != "interrupted" {
		t.Errorf("after cancel: %+v", res)
	}
}

func TestCheckDependencies(t *testing.T) {
	if err := CheckDependencies([]string{"a", "b"}, map[string][]string{"a": {"b"}, "b": {"a"}}); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("cycle: %v", err)
	}
	if err := CheckDependencies([]string{"a"}, map[string][]string{"a": {"x"}}); err == nil || !strings.Contains(err.Error(), `"x", which is not in the manifest`) {
		t.Errorf("unknown: %v", err)
	}
}

func TestPlanScanner(t *testing.T) {
	cases := []struct {
		text string
		want Summary
		ok   bool
	}{
		{"Terraform will perform the following actions:\n\nPlan: 1 to add, 2 to change, 3 to destroy.\n", Summary{Add: 1, Change: 2, Destroy: 3}, true},
		{"Plan: 0 to add, 0 to change, 1 to destroy.\n\nChanges to Outputs:\n  - name = \"x\" -> null\n", Summary{Destroy: 1, Outputs: true}, true},
		{"Changes to Outputs:\n  + name = \"x\"\n\nYou can apply this plan", Summary{Outputs: true}, true},
		{"Plan: 2 to import, 1 to add, 0 to change, 0 to destroy.\n", Summary{Import: 2, Add: 1}, true},
		{"Plan: 0 to add, 0 to change, 0 to destroy, 1 to forget.\n", Summary{Forget: 1}, true},
		{"No changes. Your infrastructure matches the configuration.\n", Summary{}, false},
	}
	for _, c := range cases {
		var p planScanner
		// Written in small pieces, as a pipe delivers it.
		for i := 0; i < len(c.text); i += 7 {
			p.Write([]byte(c.text[i:min(i+7, len(c.text))]))
		}
		if got, ok := p.summary(); got != c.want || ok != c.ok {
			t.Errorf("%q: got %+v %v, want %+v %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

func TestProbeCached(t *testing.T) {
	dir := t.TempDir()
	engine := filepath.Join(dir, "terraform")
	count := filepath.Join(dir, "count")
	script := "#!/bin/sh\necho run >> " + count + "\necho '{\"terraform_version\":\"1.11.4\",\"terraform_outdated\":false}'\n"
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, "cache", "engine.json")
	for i := 0; i < 2; i++ {
		e, err := ProbeCached(context.Background(), engine, nil, cache)
		if err != nil || e.String() != "Terraform v1.11.4" {
			t.Fatalf("probe %d: %v %v", i, e, err)
		}
	}
	if runs, _ := os.ReadFile(count); string(runs) != "run\n" {
		t.Errorf("the engine ran %q times; the second probe should come from the cache", runs)
	}
	// Another binary at the same path (another size) is probed again.
	if err := os.WriteFile(engine, []byte(strings.Replace(script, "1.11.4", "1.12.0", 1)), 0o755); err != nil {
		t.Fatal(err)
	}
	if e, err := ProbeCached(context.Background(), engine, nil, cache); err != nil || e.String() != "Terraform v1.12.0" {
		t.Errorf("after replacing the binary: %v %v", e, err)
	}
}

func FuzzPlanScanner(f *testing.F) {
	f.Add("Plan: 1 to add, 2 to change, 3 to destroy.\n\nChanges to Outputs:\n", 3)
	f.Add("No changes.\n", 1)
	f.Add("Terraform will perform the following actions:\n  # a.b has moved to a.c\n  # (moved from a.d)\n # a.e will no longer be managed by Terraform, but will not be destroyed\nPlan: 1 to import, 0 to add, 0 to change, 0 to destroy, 1 to forget.\n", 4)
	f.Add("Plan: 99999999999999999999 to add, 0 to change, 0 to destroy.\n", 5)
	f.Fuzz(func(t *testing.T, text string, chunk int) {
		chunk = max(1, chunk%64)
		var whole, pieces planScanner
		whole.Write([]byte(text))
		for i := 0; i < len(text); i += chunk {
			pieces.Write([]byte(text[i:min(i+chunk, len(text))]))
		}
		s1, ok1 := whole.summary()
		s2, ok2 := pieces.summary()
		if s1 != s2 || ok1 != ok2 {
			t.Errorf("the summary depends on how the text arrives: %+v %v / %+v %v", s1, ok1, s2, ok2)
		}
	})
}

func TestSyncCopiesChecksAndRemoves(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	write := func(name, text string) File {
		t.Helper()
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return File{Path: name, SHA256: sha256Hex(text)}
	}
	w := &Workspace{Name: "s", Dir: dir}
	main, extra := write("main.tf", "# main\n"), write("files/x.txt", "x")
	if err := w.Sync(src, []File{main, extra}); err != nil {
		t.Fatal(err)
	}
	// Engine files are left alone; a file no longer in the stack goes.
	if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.Sync(src, []File{main}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"main.tf": true, "terraform.tfstate": true, "files/x.txt": false} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", name, err == nil, want)
		}
	}
	main.SHA256 = sha256Hex("other")
	if err := w.Sync(src, []File{main}); err == nil || !strings.Contains(err.Error(), "changed after synth") {
		t.Errorf("checksum mismatch: %v", err)
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func TestScheduleRunsIndependentStacksInParallel(t *testing.T) {
	// a and b are independent: with parallelism 2 each waits for the
	// other to have started, which deadlocks (and times out) if they ran
	// one after the other.
	started := map[string]chan struct{}{"a": make(chan struct{}), "b": make(chan struct{})}
	other := map[string]string{"a": "b", "b": "a"}
	res := Schedule(context.Background(), []string{"a", "b"}, nil, 2, false, func(_ context.Context, n string) error {
		close(started[n])
		select {
		case <-started[other[n]]:
			return nil
		case <-time.After(10 * time.Second):
			return errors.New("ran alone")
		}
	})
	for _, r := range res {
		if r.Err != nil {
			t.Errorf("%s: %v", r.Name, r.Err)
		}
	}
}

func TestEngineEnv(t *testing.T) {
	env, vars := engineEnv([]string{
		"HOME=/home/u", "TF_CLI_CONFIG_FILE=/rc", "TF_VAR_region=eu", "TF_VAR_size=1", "TF_VAR_size=2",
		"TF_LOG=DEBUG", "TF_LOG_PATH=/log", "TF_CLI_ARGS=-no-color", "TF_IN_AUTOMATION=", "TF_PLUGIN_CACHE_DIR=/cache",
		"TF_WORKSPACE=prod", "TF_CLI_ARGS_plan=-refresh=false",
	})
	want := []string{"HOME=/home/u", "TF_CLI_CONFIG_FILE=/rc", "TF_IN_AUTOMATION=1", "TF_LOG=DEBUG", "TF_LOG_PATH=/log", "TF_PLUGIN_CACHE_DIR=/cache"}
	if !reflect.DeepEqual(env, want) {
		t.Errorf("env: %v", env)
	}
	if want := map[string]string{"region": "eu", "size": "2"}; !reflect.DeepEqual(vars, want) {
		t.Errorf("vars: %v", vars)
	}
	// Without a log file the engine's log would mix with its output.
	env, _ = engineEnv([]string{"HOME=/home/u", "TF_LOG=DEBUG", "TF_LOG_PROVIDER=TRACE"})
	if want := []string{"HOME=/home/u", "TF_IN_AUTOMATION=1"}; !reflect.DeepEqual(env, want) {
		t.Errorf("env without TF_LOG_PATH: %v", env)
	}
	warnings, err := CheckEnv([]string{"TF_CLI_ARGS_plan=-refresh=false", "TF_LOG=TRACE"})
	if err != nil || len(warnings) != 2 || !strings.HasPrefix(warnings[0], "TF_CLI_ARGS_plan is ignored") || !strings.HasPrefix(warnings[1], "TF_LOG is ignored") {
		t.Errorf("warnings: %q %v", warnings, err)
	}
	if _, err := CheckEnv([]string{"TF_WORKSPACE=prod"}); err == nil || !strings.Contains(err.Error(), "TF_WORKSPACE=prod is set") {
		t.Errorf("TF_WORKSPACE: %v", err)
	}
}

// TestVarOptions: TF_VAR_ variables become -var options only for the
// variables the stack declares (the engine ignores the others in its
// environment but refuses them as -var) and that no variables file the
// engine reads itself sets (such a file wins over the environment).
func TestVarOptions(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.tf":            "variable \"region\" {}\nvariable \"size\" { type = number }\nvariable \"from_file\" {}\nvariable \"from_auto\" {}\n",
		"more.tf.json":       `{"variable": {"json_declared": {}}}`,
		"only.tofu":          "variable \"tofu_only\" {}\n",
		".hidden.tf":         "variable \"hidden\" {}\n",
		"broken.tf":          "variable \"broken\" {\n",
		"terraform.tfvars":   "from_file = \"f\"\n",
		"x.auto.tfvars.json": `{"from_auto": "a"}`,
		"other.tfvars":       "region = \"not read by the engine\"\n",
		"sub/module.tf":      "variable \"in_a_module\" {}\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"region": "eu", "size": "3", "from_file": "env", "from_auto": "env", "json_declared": "j",
		"undeclared": "x", "tofu_only": "t", "hidden": "h", "broken": "b", "in_a_module": "m"}
	got := varOptions(dir, Terraform, env)
	want := []string{"-var", "json_declared=j", "-var", "region=eu", "-var", "size=3"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("terraform: got %v, want %v", got, want)
	}
	got = varOptions(dir, OpenTofu, env)
	want = []string{"-var", "json_declared=j", "-var", "region=eu", "-var", "size=3", "-var", "tofu_only=t"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("opentofu: got %v, want %v", got, want)
	}
	if got := varOptions(dir, Terraform, nil); len(got) != 0 {
		t.Errorf("without TF_VAR_ variables: %v", got)
	}
}

// TestInitRunsAgainForAnotherEngine: init is skipped for an unchanged
// configuration, but runs again when another engine works on the stack
// (OpenTofu installs its providers from another registry).
func TestInitRunsAgainForAnotherEngine(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "inits")
	fake := func(name, versionJSON string) *Engine {
		t.Helper()
		p := filepath.Join(dir, name, name)
		script := "#!/bin/sh\ncase \"$1\" in\nversion) echo '" + versionJSON + "' ;;\ninit) echo " + name + " >> " + log + " ;;\nesac\n"
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		e, err := parseVersion(p, []byte(versionJSON))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	terraform := fake("terraform", `{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{},"terraform_outdated":false}`)
	tofu := fake("tofu", `{"terraform_version":"1.12.6","platform":"linux_amd64","provider_selections":{}}`)
	src := t.TempDir()
	main := "resource \"null_resource\" \"a\" {}\n"
	if err := os.WriteFile(filepath.Join(src, "main.tf"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	for _, e := range []*Engine{terraform, terraform, tofu, tofu, terraform} {
		w, err := Open(e, "s", work, os.Environ(), NewOutput(io.Discard), NewOutput(io.Discard))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Sync(src, []File{{Path: "main.tf", SHA256: sha256Hex(main)}}); err != nil {
			t.Fatal(err)
		}
		if err := w.Init(context.Background()); err != nil {
			t.Fatal(err)
		}
		w.Close()
	}
	if data, _ := os.ReadFile(log); string(data) != "terraform\ntofu\nterraform\n" {
		t.Errorf("init ran for %q, want terraform, tofu, terraform", data)
	}
}

// TestSyncRefusesEngineFiles: a stack file that would overwrite the
// engine's files (state, .terraform), the plan file or tfkit's own, or
// land outside the working directory, is refused before anything is
// copied; the same names deeper down, and the dependency lock file, are
// fine.
func TestSyncRefusesEngineFiles(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	state := filepath.Join(dir, "terraform.tfstate")
	if err := os.WriteFile(state, []byte("the state"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := &Workspace{Name: "s", Dir: dir}
	main := File{Path: "main.tf", SHA256: sha256Hex("")}
	if err := os.WriteFile(filepath.Join(src, "main.tf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{
		"terraform.tfstate":            "would overwrite the stack's state",
		"Terraform.tfstate":            "would overwrite the stack's state",
		"terraform.tfstate.backup":     "would overwrite the stack's state",
		"x/../terraform.tfstate":       "would overwrite the stack's state",
		"errored.tfstate":              "would overwrite the stack's state",
		"terraform.tfstate.d/prod/x":   "would overwrite the state of the engine's workspaces",
		".terraform/providers/x":       "would overwrite the engine's .terraform directory",
		".terraform":                   "would overwrite the engine's .terraform directory",
		".terraform.tfstate.lock.info": "would overwrite the state lock's information",
		"tfkit.tfplan":                 "would overwrite the plan file deploy applies",
		".tfkit-files":                 "would overwrite tfkit's own .tfkit-files",
		".tfkit-init":                  "would overwrite tfkit's own .tfkit-init",
		".tfkit-lock":                  "would overwrite tfkit's own .tfkit-lock",
		"../other/main.tf":             "is not a path inside the stack's directory",
		"/etc/passwd":                  "is not a path inside the stack's directory",
		".":                            "is not a path inside the stack's directory",
		"":                             "is not a path inside the stack's directory",
		`a\..\..\x`:                    "is not a path inside the stack's directory",
		".terraform./x":                "would overwrite the engine's .terraform directory",
		".terraform /providers":        "would overwrite the engine's .terraform directory",
		"terraform.tfstate ":           "would overwrite the stack's state",
		"terraform.tfstate.":           "would overwrite the stack's state",
		"terraform.tfstate:x":          "would overwrite the stack's state",
		"tfkit.tfplan . ":              "would overwrite the plan file deploy applies",
		".tfkit-lock.":                 "would overwrite tfkit's own .tfkit-lock",
		"a/.../b":                      "is not a path inside the stack's directory",
	} {
		err := w.Sync(src, []File{main, {Path: p, SHA256: sha256Hex("x")}})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", p, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "main.tf")); !os.IsNotExist(err) {
		t.Errorf("main.tf was copied although the list was refused: %v", err)
	}
	if data, _ := os.ReadFile(state); string(data) != "the state" {
		t.Errorf("the state changed: %q", data)
	}
	for _, p := range []string{"modules/net/terraform.tfstate", "files/.terraform/x", ".terraform.lock.hcl"} {
		if err := checkStackPath(p); err != nil {
			t.Errorf("%q: %v", p, err)
		}
	}
}

// TestSyncChecksEveryFileFirst: a Sync that fails because one file changed
// after synth copies none, so a file new in that list cannot stay behind
// unrecorded and be planned after the next Sync, which no longer lists it.
func TestSyncChecksEveryFileFirst(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	write := func(name, text string) File {
		t.Helper()
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return File{Path: name, SHA256: sha256Hex(text)}
	}
	w := &Workspace{Name: "s", Dir: dir}
	a := write("a.tf", "# a\n")
	if err := w.Sync(src, []File{a}); err != nil {
		t.Fatal(err)
	}
	c := write("c.tf", "# c\n")
	write("a.tf", "# a, edited after synth\n")
	if err := w.Sync(src, []File{c, a}); err == nil || !strings.Contains(err.Error(), "changed after synth") {
		t.Fatalf("a.tf edited after synth: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.tf")); !os.IsNotExist(err) {
		t.Errorf("c.tf was copied although a.tf failed its check: %v", err)
	}
	a = write("a.tf", "# a again\n")
	if err := w.Sync(src, []File{a}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.tf")); !os.IsNotExist(err) {
		t.Errorf("c.tf is left in the working directory: %v", err)
	}
	if got := w.copied(); !reflect.DeepEqual(got, []string{"a.tf"}) {
		t.Errorf(".tfkit-files: %q", got)
	}
}

// TestSyncRecordsFilesBeforeCopying: while copying, the list of copied
// files names old and new ones, so that a copy that fails half-way (here:
// a directory where a file should go) leaves nothing the next Sync does
// not remove.
func TestSyncRecordsFilesBeforeCopying(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{"a.tf": "# a\n", "c.tf": "# c\n", "d.tf": "# d\n"} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := File{Path: "a.tf", SHA256: sha256Hex("# a\n")}
	c := File{Path: "c.tf", SHA256: sha256Hex("# c\n")}
	d := File{Path: "d.tf", SHA256: sha256Hex("# d\n")}
	w := &Workspace{Name: "s", Dir: dir}
	if err := w.Sync(src, []File{a}); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "d.tf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "d.tf", "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.Sync(src, []File{c, d, a}); err == nil {
		t.Fatal("copying over a directory succeeded")
	}
	if got := w.copied(); !reflect.DeepEqual(got, []string{"a.tf", "c.tf", "d.tf"}) {
		t.Errorf(".tfkit-files after the failed copy: %q", got)
	}
	if err := os.RemoveAll(filepath.Join(dir, "d.tf")); err != nil {
		t.Fatal(err)
	}
	if err := w.Sync(src, []File{a}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.tf")); !os.IsNotExist(err) {
		t.Errorf("c.tf is left in the working directory: %v", err)
	}
}

// TestInitDigestReadsLockFileAndTofuFiles: the stack's dependency lock
// file, copied into the working directory, decides which providers init
// installs, so a change to it runs init again; OpenTofu's .tofu files count
// as .tf files do.
func TestInitDigestReadsLockFileAndTofuFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	digest := func() string {
		t.Helper()
		d, err := initDigest(dir, []string{"main.tf", ".terraform.lock.hcl", "extra.tofu"}, "tofu /usr/bin/tofu")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	write("main.tf", `resource "random_pet" "a" {}`+"\n")
	write("extra.tofu", `resource "random_pet" "b" {}`+"\n")
	write(".terraform.lock.hcl", `provider "registry.opentofu.org/hashicorp/random" { version = "3.6.0" }`+"\n")
	base := digest()
	write(".terraform.lock.hcl", `provider "registry.opentofu.org/hashicorp/random" { version = "3.7.2" }`+"\n")
	if d := digest(); d == base {
		t.Error("a changed lock file did not change the digest")
	}
	base = digest()
	write("extra.tofu", `resource "random_pet" "b" { length = 3 }`+"\n")
	if d := digest(); d != base {
		t.Error("an attribute in a .tofu file changed the digest")
	}
	write("extra.tofu", `resource "null_resource" "b" {}`+"\n")
	if d := digest(); d == base {
		t.Error("a new resource type in a .tofu file did not change the digest")
	}
}
