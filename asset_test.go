package tfkit_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/manifest"
)

// assetProject writes a project with a function directory and a template.
func assetProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"lambda/index.js":      "exports.handler = async () => 'hello';\n",
		"lambda/lib/greet.js":  "module.exports = (n) => `hi ${n}`;\n",
		"templates/motd.tftpl": "Welcome to ${name}\n",
	})
	return dir
}

// writeTree writes files (slash-separated paths relative to root).
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// assetApp declares an archive, a file and a directory asset and a
// configuration that uses them.
func assetApp(project, out string) (*tfkit.App, [3]*tfkit.Asset) {
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithProjectDir(project), tfkit.WithGetenv(envOf(nil)))
	s := tfkit.NewStack(app, "fn")
	zipped := tfkit.NewAsset(s, "lambda", "lambda", tfkit.AssetArchive)
	motd := tfkit.NewAsset(s, "motd", "templates/motd.tftpl", tfkit.AssetFile)
	code := tfkit.NewAsset(s, "code", "lambda", tfkit.AssetDirectory)
	tfkit.NewDataSource(s, "local_file", "bundle", tfkit.Attrs{"filename": zipped.Path()})
	tfkit.NewResource(s, "local_file", "copy", tfkit.Attrs{
		"source":   zipped.ModulePath(),
		"filename": "${path.module}/out/lambda.zip",
	})
	tfkit.NewOutput(s, "bundle_sha256", tfkit.OutputConfig{Value: tfkit.Raw("data.local_file.bundle.content_sha256")})
	tfkit.NewOutput(s, "copy_sha256", tfkit.OutputConfig{Value: tfkit.Raw("local_file.copy.content_sha256")})
	tfkit.NewOutput(s, "hash", tfkit.OutputConfig{Value: zipped.Hash()})
	tfkit.NewOutput(s, "motd", tfkit.OutputConfig{Value: tfkit.Fn("templatefile", motd.Path(), map[string]any{"name": "tfkit"})})
	tfkit.NewOutput(s, "greet", tfkit.OutputConfig{Value: tfkit.Fn("file", code.Path()+"/lib/greet.js")})
	return app, [3]*tfkit.Asset{zipped, motd, code}
}

func TestAssetsWritten(t *testing.T) {
	project := assetProject(t)
	out := t.TempDir()
	app, assets := assetApp(project, out)
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	zipped, motd, code := assets[0], assets[1], assets[2]
	for _, c := range []struct{ path, prefix string }{
		{zipped.Path(), "assets/lambda/" + zipped.Hash() + "/archive.zip"},
		{motd.Path(), "assets/motd/" + motd.Hash() + "/motd.tftpl"},
		{code.Path(), "assets/code/" + code.Hash()},
	} {
		if c.path != c.prefix || len(strings.Split(c.path, "/")[2]) != 64 {
			t.Errorf("path %s, want %s", c.path, c.prefix)
		}
	}
	stack := filepath.Join(out, "stacks", "fn")
	data, err := os.ReadFile(filepath.Join(stack, filepath.FromSlash(zipped.Path())))
	if err != nil {
		t.Fatal(err)
	}
	r, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil || len(r.File) != 2 || r.File[0].Name != "index.js" || r.File[1].Name != "lib/greet.js" {
		t.Fatalf("archive: %v %v", err, r)
	}
	if _, err := os.Stat(filepath.Join(stack, filepath.FromSlash(code.Path()), "lib", "greet.js")); err != nil {
		t.Fatal(err)
	}
	// The manifest lists the assets, so that deploy copies them and the
	// next synth replaces them.
	m, err := manifest.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range m.Stacks[0].Files {
		listed = append(listed, f.Path)
	}
	want := "stacks/fn/" + zipped.Path()
	if !strings.Contains(strings.Join(listed, " "), want) || len(listed) != 5 {
		t.Fatalf("manifest files %v, want main.tf and 4 asset files", listed)
	}

	// Changing the content moves the asset; the old copy is removed.
	if err := os.WriteFile(filepath.Join(project, "lambda", "index.js"), []byte("exports.handler = 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	app2, assets2 := assetApp(project, out)
	if err := app2.Synth(); err != nil {
		t.Fatal(err)
	}
	if assets2[0].Hash() == zipped.Hash() {
		t.Fatal("changed content kept the hash")
	}
	if _, err := os.Stat(filepath.Join(stack, filepath.FromSlash(zipped.Path()))); !os.IsNotExist(err) {
		t.Fatalf("old archive left: %v", err)
	}
}

// Two syntheses of the same content in different projects write the same
// bytes.
func TestAssetsDeterministic(t *testing.T) {
	var mains [2][]byte
	var zips [2][]byte
	for i := range 2 {
		project, out := assetProject(t), t.TempDir()
		if i == 1 {
			os.Chmod(filepath.Join(project, "lambda", "index.js"), 0o755)
		}
		app, assets := assetApp(project, out)
		if err := app.Synth(); err != nil {
			t.Fatal(err)
		}
		stack := filepath.Join(out, "stacks", "fn")
		mains[i], _ = os.ReadFile(filepath.Join(stack, "main.tf"))
		zips[i], _ = os.ReadFile(filepath.Join(stack, filepath.FromSlash(assets[0].Path())))
	}
	if !bytes.Equal(mains[0], mains[1]) || !bytes.Equal(zips[0], zips[1]) || len(zips[0]) == 0 {
		t.Fatal("two projects with the same content synthesized differently")
	}
}

func TestAssetMistakes(t *testing.T) {
	project := assetProject(t)
	app := tfkit.NewApp(tfkit.WithOutdir(t.TempDir()), tfkit.WithProjectDir(project), tfkit.WithGetenv(envOf(nil)))
	s := tfkit.NewStack(app, "fn")
	missing := tfkit.NewAsset(s, "gone", "nothere", tfkit.AssetArchive) // line A
	tfkit.NewAsset(s, "dir", "lambda", tfkit.AssetFile)
	tfkit.NewAsset(s, "tpl", "templates/motd.tftpl", tfkit.AssetFile)
	tfkit.NewAsset(s, "tpl", "templates/motd.tftpl", tfkit.AssetFile)
	if missing.Path() != "" || missing.Hash() != "" {
		t.Errorf("a missing asset has path %q", missing.Path())
	}
	err := app.Synth()
	ds, ok := err.(diag.Diagnostics)
	if !ok {
		t.Fatalf("got %v", err)
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.Summary)
		if d.Subject == nil || filepath.Base(d.Subject.Filename) != "asset_test.go" {
			t.Errorf("%s: not at the caller's line: %v", d.Summary, d.Subject)
		}
	}
	if strings.Join(got, ", ") != "Asset not found, Asset is a directory, Duplicate asset" {
		t.Fatalf("diagnostics: %v", got)
	}
}

// TestAssetEngine applies a stack whose local_file reads the archive
// asset: the engine finds it where the stack says and hashes it as
// Asset.Hash says.
func TestAssetEngine(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	project, out := assetProject(t), t.TempDir()
	app, assets := assetApp(project, out)
	outs := appliedOutputs(t, app, filepath.Join(out, "stacks", "fn"))
	want := `"` + assets[0].Hash() + `"`
	for _, name := range []string{"bundle_sha256", "copy_sha256", "hash"} {
		if got := string(outs[name].Value); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	if got := string(outs["motd"].Value); got != `"Welcome to tfkit\n"` {
		t.Errorf("motd = %s", got)
	}
	if got := string(outs["greet"].Value); !strings.Contains(got, "hi ${n}") {
		t.Errorf("greet = %s", got)
	}
}

// readFilesApp is a stack that reads files of its project by path: a
// template through path.module, a policy relative to where the engine
// runs, and a file outside the project.
func readFilesApp(t *testing.T, out string, warnings *bytes.Buffer) (project string, app *tfkit.App) {
	t.Helper()
	root := t.TempDir()
	project = filepath.Join(root, "project")
	writeTree(t, root, map[string]string{
		"project/templates/motd.tftpl": "Welcome to ${name}\n",
		"project/policy.json":          `{"Version":"2012-10-17"}`,
		"project/scripts/a.sh":         "echo a\n",
		"project/scripts/b.sh":         "echo b\n",
		"shared.txt":                   "outside\n",
	})
	app = tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithProjectDir(project), tfkit.WithGetenv(envOf(nil)), tfkit.WithWarnings(warnings))
	s := tfkit.NewStack(app, "files")
	tfkit.NewOutput(s, "motd", tfkit.OutputConfig{Value: tfkit.Fn("templatefile", "${path.module}/templates/motd.tftpl", map[string]any{"name": "tfkit"})})
	tfkit.NewOutput(s, "policy", tfkit.OutputConfig{Value: tfkit.Fn("file", "policy.json")})
	tfkit.NewOutput(s, "later", tfkit.OutputConfig{Value: "${path.module}/out/bundle.zip"})
	tfkit.NewOutput(s, "scripts", tfkit.OutputConfig{Value: tfkit.Fn("fileset", "${path.module}/scripts", "*.sh")})
	if warnings != nil {
		tfkit.NewOutput(s, "shared", tfkit.OutputConfig{Value: tfkit.Fn("file", "${path.module}/../shared.txt")})
	}
	return project, app
}

// TestReadFilesTravel: the files and directories a stack reads by a path
// in the project are copied into it at that path and listed in the
// manifest; a file outside the project is a warning at its line; a path
// that names nothing (a file written at apply) copies nothing.
func TestReadFilesTravel(t *testing.T) {
	out := t.TempDir()
	var warnings bytes.Buffer
	_, app := readFilesApp(t, out, &warnings)
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	stack := filepath.Join(out, "stacks", "files")
	for name, want := range map[string]string{"templates/motd.tftpl": "Welcome to ${name}\n", "policy.json": `{"Version":"2012-10-17"}`} {
		got, err := os.ReadFile(filepath.Join(stack, filepath.FromSlash(name)))
		if err != nil || string(got) != want {
			t.Errorf("%s in the stack: %q, %v", name, got, err)
		}
	}
	for _, name := range []string{"out", "shared.txt", "../shared.txt"} {
		if _, err := os.Stat(filepath.Join(stack, name)); err == nil {
			t.Errorf("%s copied into the stack", name)
		}
	}
	m, err := manifest.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range m.Stacks[0].Files {
		listed = append(listed, f.Path)
	}
	if got := strings.Join(listed, " "); got != "stacks/files/main.tf stacks/files/policy.json stacks/files/scripts/a.sh stacks/files/scripts/b.sh stacks/files/templates/motd.tftpl" {
		t.Errorf("manifest lists %s", got)
	}
	if w := warnings.String(); !strings.Contains(w, "File outside the project not copied") || !strings.Contains(w, "asset_test.go:") {
		t.Errorf("warnings:\n%s", w)
	}
}

// TestReadFilesEngine: the engine reads the copied files from the stack.
func TestReadFilesEngine(t *testing.T) {
	enginetest.SkipShort(t)
	out := t.TempDir()
	_, app := readFilesApp(t, out, nil)
	outs := appliedOutputs(t, app, filepath.Join(out, "stacks", "files"))
	if got := string(outs["motd"].Value); got != `"Welcome to tfkit\n"` {
		t.Errorf("motd = %s", got)
	}
	if got := string(outs["policy"].Value); !strings.Contains(got, "2012-10-17") {
		t.Errorf("policy = %s", got)
	}
	var scripts []string
	if err := json.Unmarshal(outs["scripts"].Value, &scripts); err != nil || strings.Join(scripts, " ") != "a.sh b.sh" {
		t.Errorf("scripts = %s", outs["scripts"].Value)
	}
}

// appliedOutputs synthesizes app, applies the stack written to dir with the
// engine (validated first) and returns its outputs.
func appliedOutputs(t *testing.T, app *tfkit.App, dir string) map[string]enginetest.Output {
	t.Helper()
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	w := enginetest.WorkspaceFrom(t, dir)
	w.Init()
	w.Validate()
	w.Apply()
	return w.Outputs()
}
