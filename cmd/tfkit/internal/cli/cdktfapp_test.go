package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
)

// cdktfProject is a project whose cdktf.json runs a CDK for Terraform app
// as app; the app writes into CDKTF_OUTDIR.
func cdktfProject(t *testing.T, app string) string {
	t.Helper()
	dir := t.TempDir()
	write(t, dir, "cdktf.json", `{"language": "typescript", "app": "`+app+`", "projectId": "p", "sendCrashReports": "false", "terraformProviders": [], "context": {}}`)
	return dir
}

// recordedApp is an app that writes what the CDK for Terraform app of
// testdata/cdktf wrote (out/, the project directory in its backends).
const recordedApp = `cp -R \"$FIXTURE\"/. \"$CDKTF_OUTDIR\" && sed -i \"s#@PROJECT@#$PWD#\" \"$CDKTF_OUTDIR\"/stacks/*/cdk.tf.json`

// TestCDKTFApp: a CDK for Terraform app's output (recorded from cdktf
// 0.21.0) becomes tfkit's: its stacks are listed with their dependency,
// its annotations are warnings, and they deploy with their state where
// the app's local backends put it, as cdktf deploy kept it.
func TestCDKTFApp(t *testing.T) {
	// Read by the app, a shell command; main.js is how out/ was made.
	golden.Use("testdata/cdktf/main.js", "testdata/cdktf/out/manifest.json",
		"testdata/cdktf/out/stacks/net/cdk.tf.json", "testdata/cdktf/out/stacks/web/cdk.tf.json")
	fixture, err := filepath.Abs(filepath.Join("testdata", "cdktf", "out"))
	if err != nil {
		t.Fatal(err)
	}
	dir := cdktfProject(t, recordedApp)
	env := []string{"FIXTURE=" + fixture}
	res := runCLI(t, dir, env, "synth")
	if res.code != ExitOK || !strings.Contains(res.stderr, "Warning: web: deprecated thing\n") ||
		!strings.Contains(res.stdout, "Synthesized 2 stacks into cdktf.out:\n  net  stacks/net/main.tf.json  1 resource") {
		t.Fatalf("synth: %s", res)
	}
	if strings.Contains(res.stderr, "format") {
		t.Errorf("synth warned of the app's format: %s", res)
	}
	res = runCLI(t, dir, env, "list")
	if res.code != ExitOK || !strings.Contains(res.stdout, "net    -           -\nweb    net         -\n") {
		t.Fatalf("list: %s", res)
	}

	engine := enginetest.Engine(t)
	p := newStackProjectWith(t, engine)
	p.dir, p.env = dir, append(p.env, env...)
	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK || summary(res.stdout, "Deploy") != "  net  deployed (1 added, 0 changed, 0 destroyed)\n  web  deployed (1 added, 0 changed, 0 destroyed)\n" {
		t.Fatalf("deploy: %s", res)
	}
	for _, stack := range []string{"net", "web"} {
		if _, err := os.Stat(filepath.Join(dir, "terraform."+stack+".tfstate")); err != nil {
			t.Errorf("the state of %s is not where the app's backend puts it: %v", stack, err)
		}
	}
	// As after cdktf deploy: the state is beside cdktf.json and tfkit has
	// no working directories yet. The stacks' backends name that state.
	if err := os.RemoveAll(filepath.Join(dir, ".tfkit")); err != nil {
		t.Fatal(err)
	}
	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK || summary(res.stdout, "Deploy") != "  net  no changes\n  web  no changes\n" || strings.Contains(res.stderr, "CDK for Terraform's default local backend") {
		t.Fatalf("deploy of the deployed app: %s", res)
	}
}

// TestCDKTFAppRunsWithCDKTF runs testdata/cdktf/main.js itself with the
// cdktf package, when node and a node_modules holding cdktf are there
// (TFKIT_CDKTF_NODE_MODULES; npm install cdktf@0.21.0 constructs@10.4.2):
// synth, and the stacks it lists.
func TestCDKTFAppRunsWithCDKTF(t *testing.T) {
	modules := os.Getenv("TFKIT_CDKTF_NODE_MODULES")
	if modules == "" {
		t.Skip("TFKIT_CDKTF_NODE_MODULES is not set")
	}
	if _, err := os.Stat(filepath.Join(modules, "cdktf", "package.json")); err != nil {
		t.Skipf("no cdktf in %s: %v", modules, err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	dir := cdktfProject(t, "node main.js")
	src, err := os.ReadFile(filepath.Join("testdata", "cdktf", "main.js"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "main.js", string(src))
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, nil, "synth")
	if res.code != ExitOK || !strings.Contains(res.stderr, "Warning: web: deprecated thing\n") ||
		!strings.Contains(res.stdout, "Synthesized 2 stacks into cdktf.out:\n  net  stacks/net/main.tf.json  1 resource") {
		t.Fatalf("synth: %s", res)
	}
	res = runCLI(t, dir, nil, "list")
	if res.code != ExitOK || !strings.Contains(res.stdout, "web    net ") {
		t.Fatalf("list: %s", res)
	}
}
