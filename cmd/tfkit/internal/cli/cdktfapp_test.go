package cli

import (
	"encoding/json"
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

// TestCDKTFAppEnv: a CDK for Terraform app gets what the cdktf CLI gives
// it: the construct context of cdktf.json (or of the environment when the
// file has none) with the local modules of terraformModules, which its
// TerraformHclModule needs, and error annotations left for synth.
func TestCDKTFAppEnv(t *testing.T) {
	fixture, err := filepath.Abs(filepath.Join("testdata", "cdktf", "out"))
	if err != nil {
		t.Fatal(err)
	}
	const app = `printf %s \"$CDKTF_CONTEXT_JSON\" > ctx.json && printf %s \"$CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS\" > continue.txt && ` + recordedApp
	cases := []struct {
		name, context, env, want, wantErr string
	}{
		{name: "file", context: `, "context": {"env": "dev", "flags": {"a": [1, true]}}`, env: `{"env": "prod"}`,
			want: `{"cdktfRelativeModules":["./modules/net","../shared/dns"],"env":"dev","flags":{"a":[1,true]}}`},
		{name: "environment", env: `{"env": "prod"}`,
			want: `{"cdktfRelativeModules":["./modules/net","../shared/dns"],"env":"prod"}`},
		{name: "none", want: `{"cdktfRelativeModules":["./modules/net","../shared/dns"]}`},
		{name: "bad environment", env: `["x"]`, wantErr: "Error: the construct context in the environment's CDKTF_CONTEXT_JSON is not a JSON object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "cdktf.json", `{"app": "`+app+`", "terraformModules": ["./modules/net", "terraform-aws-modules/vpc/aws@5.0.0", {"name": "dns", "source": "../shared/dns"}]`+c.context+`}`)
			env := []string{"FIXTURE=" + fixture}
			if c.env != "" {
				env = append(env, "CDKTF_CONTEXT_JSON="+c.env)
			}
			res := runCLI(t, dir, env, "synth")
			if c.wantErr != "" {
				if res.code != ExitFailure || !strings.Contains(res.stderr, c.wantErr) {
					t.Fatalf("synth: %s", res)
				}
				return
			}
			if res.code != ExitOK {
				t.Fatalf("synth: %s", res)
			}
			got, err := os.ReadFile(filepath.Join(dir, "ctx.json"))
			if err != nil || string(got) != c.want {
				t.Errorf("CDKTF_CONTEXT_JSON = %s (%v), want %s", got, err, c.want)
			}
			if got, err := os.ReadFile(filepath.Join(dir, "continue.txt")); err != nil || string(got) != "true" {
				t.Errorf("CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS = %q (%v), want true", got, err)
			}
		})
	}
}

// TestCDKTFStackOrder: the stacks of a CDK for Terraform app are listed in
// the order the app declared them (its manifest's), each after the stacks
// it depends on.
func TestCDKTFStackOrder(t *testing.T) {
	data := []byte(`{"version": "0.21.0", "other": {"stacks": {"x": {}}}, "stacks": {
		"zeta": {"constructPath": "zeta"},
		"web": {"constructPath": "web", "dependencies": ["net", "alpha"]},
		"alpha": {"constructPath": "alpha"},
		"net": {"constructPath": "net"}}}`)
	var cm cdktfManifest
	if err := json.Unmarshal(data, &cm); err != nil {
		t.Fatal(err)
	}
	byPath := map[string]string{}
	for name, st := range cm.Stacks {
		byPath[st.ConstructPath] = name
	}
	names := cdktfStackNames(data, cm)
	if got, want := strings.Join(names, " "), "zeta web alpha net"; got != want {
		t.Errorf("declared order = %s, want %s", got, want)
	}
	if got, want := strings.Join(cdktfOrder(cm, names, byPath), " "), "zeta net alpha web"; got != want {
		t.Errorf("order = %s, want %s", got, want)
	}
}
