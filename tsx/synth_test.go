package tsx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/schema"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSynthWritesMainTFAndManifest(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"app.tsx": `import { Resource } from "tfkit";
export default <Resource type="null_resource" name="a" />;
`,
	})
	out := filepath.Join(dir, "out")
	diags, err := Synth(context.Background(), "app.tsx", "out", FormatHCL, Options{Dir: dir})
	if err != nil || len(diags) != 0 {
		t.Fatalf("Synth: %v %v", err, diags)
	}
	main, err := os.ReadFile(filepath.Join(out, "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "resource \"null_resource\" \"a\" {}\n"; string(main) != want {
		t.Errorf("main.tf = %q, want %q", main, want)
	}
	data, err := os.ReadFile(filepath.Join(out, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(main)
	want := manifest.Manifest{Version: 1, Format: "hcl", Stacks: []manifest.Stack{{
		Name: "app", Directory: ".", Dependencies: []string{},
		Files: []manifest.File{{Path: "main.tf", SHA256: hex.EncodeToString(sum[:])}},
	}}}
	gotJSON, _ := json.Marshal(m)
	wantJSON, _ := json.Marshal(want)
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("manifest = %s, want %s", gotJSON, wantJSON)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 2 {
		t.Errorf("output holds %d files, want main.tf and manifest.json", len(entries))
	}
}

func TestSynthJSONFormat(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"main.tsx": `import { Resource } from "tfkit";
export default <Resource type="null_resource" name="a" triggers={{ x: "y" }} />;
`,
	})
	if _, err := Synth(context.Background(), "main.tsx", filepath.Join(dir, "out"), FormatJSON, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "out", "main.tf.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("main.tf.json: %v", err)
	}
	if _, ok := v["resource"]; !ok {
		t.Errorf("main.tf.json has no resource: %s", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "main.tf")); err == nil {
		t.Error("main.tf written beside main.tf.json")
	}
}

// TestSynthKeepsOutputOnError: a failed build leaves the previous output as
// it was.
func TestSynthKeepsOutputOnError(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"main.tsx": `import { Resource } from "tfkit";
export default <Resource type="null_resource" name="a" />;
`,
	})
	out := filepath.Join(dir, "out")
	if _, err := Synth(context.Background(), "main.tsx", out, FormatHCL, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(out, "main.tf"))
	writeFiles(t, dir, map[string]string{
		"main.tsx": `import { Resource } from "tfkit";
export default <Resource type="null_resource" name="a" }; 
`,
	})
	diags, err := Synth(context.Background(), "main.tsx", out, FormatHCL, Options{Dir: dir})
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || !diags.HasErrors() {
		t.Fatalf("want diagnostics, got %v", err)
	}
	after, _ := os.ReadFile(filepath.Join(out, "main.tf"))
	if string(before) != string(after) {
		t.Errorf("output changed after a failed build:\n%s", after)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".out.*"))
	if len(leftovers) != 0 {
		t.Errorf("staging directories left behind: %v", leftovers)
	}
}

func TestSynthRejectsUnknownFormat(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `export default null;` + "\n"})
	_, err := Synth(context.Background(), "main.tsx", filepath.Join(dir, "out"), "yaml", Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "yaml") {
		t.Fatalf("want an unknown-format error, got %v", err)
	}
}

func TestBuildMissingEntry(t *testing.T) {
	_, diags := Build("nope.tsx", Options{Dir: t.TempDir()})
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "No TSX entry file") || !strings.Contains(diags.Error(), "nope.tsx") {
		t.Fatalf("got %v", diags)
	}
}

// TestBuildMissingEntryFromProject renames the entry a project file names:
// the error says where the name comes from, and to update it there.
func TestBuildMissingEntryFromProject(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"app.tsx": "export default null;\n"})
	_, diags := Build("main.tsx", Options{Dir: dir, EntryFrom: `"app" in tfkit.json`})
	if len(diags) != 1 {
		t.Fatalf("want one error, got %v", diags)
	}
	d := diags[0]
	if d.Summary != "No TSX entry file" || !strings.HasSuffix(d.Detail, `The entry is named by "app" in tfkit.json.`) ||
		!strings.HasPrefix(d.Suggestion, `if the entry was renamed or moved, update "app" in tfkit.json: `) {
		t.Fatalf("got:\n%s", formatDiags(diags))
	}
}

func TestBuildCanceled(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": "while (true) {}\nexport default null;\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, diags := BuildContext(ctx, "main.tsx", Options{Dir: dir})
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "Build canceled") {
		t.Fatalf("got %v", diags)
	}
}

func TestConsoleGoesToLog(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `console.log("hello", 1, { a: [true] });
export default null;
`})
	var b strings.Builder
	if _, diags := Build("main.tsx", Options{Dir: dir, Log: &b}); diags.HasErrors() {
		t.Fatal(diags)
	}
	if got, want := b.String(), "hello 1 {\"a\":[true]}\n"; got != want {
		t.Errorf("log = %q, want %q", got, want)
	}
}

// TestConsoleShowsExpressions: refs and tf helpers logged (as values, in
// strings, in objects) show as ${...}, not as the private characters that
// stand for them.
func TestConsoleShowsExpressions(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource, tf, useRef } from "tfkit";
const a = useRef();
console.log(a.id, ` + "`id=${a.id}`" + `, { v: tf.var("x") });
export default <Resource type="null_resource" name="a" ref={a} />;
`})
	var b strings.Builder
	if _, diags := Build("main.tsx", Options{Dir: dir, Log: &b}); diags.HasErrors() {
		t.Fatal(diags)
	}
	if got, want := b.String(), "\"${...}\" id=${...} {\"v\":\"${...}\"}\n"; got != want {
		t.Errorf("log = %q, want %q", got, want)
	}
}

// TestEnvironmentIsOnlyOptionsEnv: the real environment does not leak into
// process.env.
func TestEnvironmentIsOnlyOptionsEnv(t *testing.T) {
	t.Setenv("TFKIT_SECRET_FOR_TEST", "leaked")
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Locals } from "tfkit";
export default <Locals secret={process.env.TFKIT_SECRET_FOR_TEST ?? "none"} given={process.env.GIVEN ?? "none"} cwd={process.cwd() === "" ? "empty" : "set"} />;
`})
	cfg, diags := Build("main.tsx", Options{Dir: dir, Env: map[string]string{"GIVEN": "yes"}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	body := cfg.Blocks[0].Body
	for name, want := range map[string]string{"secret": "none", "given": "yes", "cwd": "set"} {
		if got, _ := body.StringAttr(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

func TestIsEntry(t *testing.T) {
	for app, want := range map[string]bool{
		"main.tsx": true, "src/app.ts": true, "./infra/Main.TSX": true,
		"go run .": false, "node main.js": false, "main.go": false, "": false, "npx tsx main.tsx": false,
	} {
		if got := IsEntry(app); got != want {
			t.Errorf("IsEntry(%q) = %v, want %v", app, got, want)
		}
	}
}

func TestEnvMap(t *testing.T) {
	got := EnvMap([]string{"A=1", "B=x=y", "A=2", "=bad", "NOVALUE"})
	if len(got) != 2 || got["A"] != "2" || got["B"] != "x=y" {
		t.Errorf("EnvMap = %v", got)
	}
}

// TestSynthKeepsFilesItDidNotWrite: terraform run in the output directory
// leaves its state, .terraform and lock file there; synthesizing again
// (in the other format, too) keeps them and replaces only tfkit's files.
func TestSynthKeepsFilesItDidNotWrite(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"app.tsx": `import { Resource } from "tfkit";
export default <Resource type="null_resource" name="a" />;
`})
	if _, err := Synth(context.Background(), "app.tsx", "out", FormatHCL, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	engine := map[string]string{
		"terraform.tfstate":        "{}",
		"terraform.tfstate.backup": "{}",
		".terraform.lock.hcl":      "# lock",
		".terraform/environment":   "default",
	}
	writeFiles(t, out, engine)
	writeFiles(t, out, map[string]string{"main.tf": "# edited\n"})
	diags, err := Synth(context.Background(), "app.tsx", "out", FormatJSON, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range engine {
		if data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(name))); err != nil || string(data) != content {
			t.Errorf("%s: %q %v", name, data, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "main.tf")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the HCL file of the previous synth stays: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "main.tf.json")); err != nil {
		t.Error(err)
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Error(), "main.tf had been edited since the last synth") {
		t.Errorf("diagnostics: %v", diags)
	}
}

// TestSynthWritesTerraformBlockFirst: a composite that declares the
// terraform block after other elements still has it written first.
func TestSynthWritesTerraformBlockFirst(t *testing.T) {
	dir := filepath.Join("testdata", "build", "terraform_first")
	cfg, ds := Build("main.tsx", Options{Dir: dir})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, err := Files(cfg, FormatHCL, "main", dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "terraform {\n  required_version = \">= 1.5\"\n}\n\nresource \"null_resource\" \"a\" {}\n\nresource \"null_resource\" \"marker\" {}\n"
	if got := string(files["main.tf"]); got != want {
		t.Errorf("main.tf:\n%s\nwant:\n%s", got, want)
	}
}

// TestSchemaBlockHintIsTSX: a nested block given as an object prop is told
// the TSX way to write it, tf.block, at the prop.
func TestSchemaBlockHintIsTSX(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource } from "tfkit";
export default () => <Resource type="box_instance" name="web" size="s" disk={{ gb: 20 }} />;
`})
	schemas, err := schema.ReadProviders(strings.NewReader(`{"format_version": "1.0", "provider_schemas": {"registry.terraform.io/acme/box": {
  "provider": {"version": 0, "block": {}},
  "resource_schemas": {"box_instance": {"version": 0, "block": {
    "attributes": {"size": {"type": "string", "optional": true}},
    "block_types": {"disk": {"nesting_mode": "list", "block": {"attributes": {"gb": {"type": "number", "optional": true}}}}}
  }}}
}}}`))
	if err != nil {
		t.Fatal(err)
	}
	diags, _ := Synth(context.Background(), "main.tsx", filepath.Join(dir, "out"), FormatHCL, Options{Dir: dir, Schemas: schemas})
	var d *diag.Diagnostic
	for _, x := range diags {
		if x.Summary == "Unsupported argument" && x.Path == "box_instance.web.disk" {
			d = x
		}
	}
	if d == nil {
		t.Fatalf("no block error in %v", diags)
	}
	if want := "disk={tf.block({ ... })}"; !strings.Contains(d.Suggestion, want) {
		t.Errorf("hint %q does not say %s", d.Suggestion, want)
	}
	if d.Subject == nil || d.Subject.Start.Line != 2 || d.Subject.Start.Column != 72 {
		t.Errorf("subject %v, want main.tsx:2:72", d.Subject)
	}
}
