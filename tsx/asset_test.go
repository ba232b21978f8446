package tsx

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
)

const assetApp = `import { DataSource, Output, Resource, tf } from "tfkit";
const bundle = tf.asset("lambda", "./lambda", { type: "archive" });
const motd = tf.asset("motd", "templates/motd.tftpl");
const Code = () => {
  const code = tf.asset("code", "lambda");
  return <Output name="greet" value={tf.fn("file", ` + "`${code.path}/lib/greet.js`" + `)} />;
};
export default <>
  <DataSource type="local_file" name="bundle" filename={bundle.path} />
  <Resource type="local_file" name="copy" source={bundle.modulePath} filename="${path.module}/out/lambda.zip" />
  <Output name="bundle_sha256" value={tf.raw("data.local_file.bundle.content_sha256")} />
  <Output name="copy_sha256" value={tf.raw("local_file.copy.content_sha256")} />
  <Output name="hash" value={bundle.hash} />
  <Output name="type" value={motd.type} />
  <Output name="motd" value={tf.fn("templatefile", motd.path, { name: "tfkit" })} />
  <Code />
</>;
`

func assetProject(t *testing.T, app string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"main.tsx":             app,
		"lambda/index.js":      "exports.handler = async () => 'hello';\n",
		"lambda/lib/greet.js":  "module.exports = (n) => `hi ${n}`;\n",
		"templates/motd.tftpl": "Welcome to ${name}\n",
	})
	return dir
}

func TestAssets(t *testing.T) {
	dir := assetProject(t, assetApp)
	cfg, assets, diags := BuildWithAssets(context.Background(), "main.tsx", Options{Dir: dir})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(assets) != 3 || assets[0].Type != "archive" || assets[1].Type != "file" || assets[2].Type != "directory" {
		t.Fatalf("assets %+v", assets)
	}
	files, err := Files(cfg, FormatHCL, "main", dir, assets...)
	if err != nil {
		t.Fatal(err)
	}
	main := string(files["main.tf"])
	for _, want := range []string{
		`filename = "assets/lambda/` + assets[0].Hash + `/archive.zip"`,
		`source   = "${path.module}/assets/lambda/` + assets[0].Hash + `/archive.zip"`,
		`value = file("assets/code/` + assets[2].Hash + `/lib/greet.js")`,
		`value = "` + assets[0].Hash + `"`,
	} {
		if !strings.Contains(main, want) {
			t.Errorf("main.tf lacks %s:\n%s", want, main)
		}
	}
	if len(files[assets[0].Path]) == 0 || string(files[assets[1].Path]) != "Welcome to ${name}\n" ||
		files["assets/code/"+assets[2].Hash+"/index.js"] == nil {
		t.Errorf("asset files missing: %v", keys(files))
	}
	if !strings.Contains(string(files[ManifestName]), assets[0].Path) {
		t.Errorf("manifest does not list %s", assets[0].Path)
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestAssetMistakes(t *testing.T) {
	for _, c := range []struct{ name, decl, summary string }{
		{"missing", `tf.asset("gone", "nothere")`, "Asset not found"},
		{"type", `tf.asset("a", "lambda", { type: "zip" })`, "Invalid asset type"},
		{"dir as file", `tf.asset("a", "lambda", { type: "file" })`, "Asset is a directory"},
		{"duplicate", `tf.asset("a", "lambda"), tf.asset("a", "templates")`, "Duplicate asset"},
	} {
		t.Run(c.name, func(t *testing.T) {
			app := "import { Output, tf } from \"tfkit\";\nconst a = [" + c.decl + "];\nexport default <Output name=\"x\" value={a[0].hash} />;\n"
			dir := assetProject(t, app)
			_, _, diags := BuildWithAssets(context.Background(), "main.tsx", Options{Dir: dir})
			if len(diags) != 1 || diags[0].Summary != c.summary {
				t.Fatalf("diagnostics %v, want %s", diags, c.summary)
			}
			if s := diags[0].Subject; s == nil || s.Filename != "main.tsx" || s.Start.Line != 2 {
				t.Errorf("%s not at main.tsx:2: %v", c.summary, s)
			}
		})
	}
}

// A failed build writes nothing, assets included.
func TestAssetsNotWrittenOnError(t *testing.T) {
	dir := assetProject(t, "import { Output, tf } from \"tfkit\";\nconst a = tf.asset(\"lambda\", \"lambda\");\nexport default <Output name=\"x\" value={tf.var(\"undeclared\")} />;\n")
	_, err := Synth(context.Background(), "main.tsx", "out", FormatHCL, Options{Dir: dir})
	if _, ok := err.(diag.Diagnostics); !ok {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Fatalf("output written: %v", err)
	}
}

func TestAssetsEngine(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	dir := assetProject(t, assetApp)
	if _, err := Synth(context.Background(), "main.tsx", "out", FormatJSON, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	w := enginetest.WorkspaceFrom(t, filepath.Join(dir, "out"))
	w.Init()
	w.Validate()
	w.Apply()
	outs := w.Outputs()
	hash := string(outs["hash"].Value)
	if !regexp.MustCompile(`^"[0-9a-f]{64}"$`).MatchString(hash) {
		t.Fatalf("hash = %s", hash)
	}
	for _, name := range []string{"bundle_sha256", "copy_sha256"} {
		if got := string(outs[name].Value); got != hash {
			t.Errorf("%s = %s, want %s", name, got, hash)
		}
	}
	if got := string(outs["motd"].Value); got != `"Welcome to tfkit\n"` {
		t.Errorf("motd = %s", got)
	}
}
