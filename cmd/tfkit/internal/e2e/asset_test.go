package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/cmd/tfkit/internal/cli"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestAssetDeploy deploys a TSX configuration whose local_file copies an
// archive asset: deploy carries the asset into the stack's working
// directory, and the copy is the archive synth wrote, byte for byte.
func TestAssetDeploy(t *testing.T) {
	engine := enginetest.Engine(t)
	mirror := enginetest.Mirror(t)
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	project := t.TempDir()
	files := map[string]string{
		"tfkit.json":      `{"app": "main.tsx", "output": "tfkit.out"}`,
		"lambda/index.js": "exports.handler = async () => 'hello';\n",
		"lambda/lib/a.js": "module.exports = 1;\n",
		"main.tsx": `import { Output, Resource, tf } from "tfkit";

const bundle = tf.asset("lambda", "lambda", { type: "archive" });

export default <>
  <Resource type="local_file" name="copy" source={bundle.path} filename={process.env.DEST} />
  <Output name="hash" value={bundle.hash} />
</>;
`,
	}
	for name, content := range files {
		p := filepath.Join(project, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(mirror)), 0o644); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "lambda.zip")
	run := func(args ...string) (int, string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := cli.Main(context.Background(), args, cli.Env{
			Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Dir: project,
			Environ: append(os.Environ(), "TFKIT_TERRAFORM="+engine, "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "DEST="+dest),
			Version: "v0.0.0-test",
		})
		return code, stdout.String(), stderr.String()
	}
	if code, stdout, stderr := run("deploy", "--auto-approve"); code != cli.ExitOK {
		t.Fatalf("deploy: exit %d\n%s\n%s", code, stdout, stderr)
	}
	defer func() {
		if code, stdout, stderr := run("destroy", "--auto-approve"); code != cli.ExitOK {
			t.Errorf("destroy: exit %d\n%s\n%s", code, stdout, stderr)
		}
	}()
	copied, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(copied)
	code, stdout, stderr := run("output", "--json")
	if code != cli.ExitOK {
		t.Fatalf("output: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if hash := hex.EncodeToString(sum[:]); !strings.Contains(stdout, hash) {
		t.Fatalf("the deployed copy's SHA-256 %s is not the asset's hash:\n%s", hash, stdout)
	}
}
