package npm_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/tsxtest"
)

// testingProject is a project that tests its main.tsx with tfkit/testing
// under node's test runner: the assertions that hold, the failures'
// messages, the matchers' protocol (vitest's and jest's expect.extend)
// and the engine's validate.
var testingProject = map[string]string{
	"main.tsx": `import { DataSource, Output, Provider, Resource, Terraform, tf } from "tfkit";

export default <>
  <Terraform required_providers={{ null: { source: "hashicorp/null" } }} />
  <Provider type="null" />
  <Resource type="null_resource" name="web" triggers={{ name: "web", team: "platform" }} />
  <Resource type="null_resource" name="db" triggers={{ name: "db" }} depends_on={[tf.raw("null_resource.web")]} />
  <Output name="web_id" value={tf.raw("null_resource.web.id")} />
</>;
`,
	"bad.tsx": `import { Resource } from "tfkit";
export default <Resource type="null_resource" name="x" trigers={{ a: "b" }} />;
`,
	"stack.test.mjs": `import { test } from "node:test";
import * as assert from "node:assert/strict";
import { synth, matchers, assert as tf, hasResource, hasResourceWithProperties, hasProvider, hasOutput, hasDataSource, isValidTerraform } from "tfkit/testing";

const stack = synth("main.tsx");

test("assertions hold", () => {
  assert.ok(hasResource(stack, "null_resource"));
  assert.ok(hasResourceWithProperties(stack, "null_resource", { triggers: { team: "platform" } }));
  assert.ok(hasResourceWithProperties(stack, "null_resource", { depends_on: ["null_resource.web"] }));
  assert.ok(hasProvider(stack, "null"));
  assert.ok(hasOutput(stack, "web_id"));
  assert.ok(!hasDataSource(stack, "null_data_source"));
  tf.hasResourceWithProperties(stack, "null_resource", { triggers: { name: "db" } });
});

test("failures name the closest element and the paths", () => {
  assert.throws(() => tf.hasResourceWithProperties(stack, "null_resource", { triggers: { name: "web", team: "data", owner: "x" } }), {
    message: 'stack main has no resource null_resource with these properties; the closest, null_resource.web, differs at:\n  triggers.owner: missing\n  triggers.team: got "platform", want "data"',
  });
  assert.throws(() => tf.hasResource(stack, "null_data"), { message: "stack main has no resource of type null_data (it has null_resource)" });
  assert.throws(() => tf.hasOutput(stack, "id"), { message: "stack main has no output id (it has web_id)" });
});

test("matchers follow expect.extend's protocol", () => {
  const ok = matchers.toHaveResource(stack, "null_resource");
  assert.equal(ok.pass, true);
  const bad = matchers.toHaveProvider(stack, "aws");
  assert.equal(bad.pass, false);
  assert.equal(bad.message(), "stack main has no provider aws (it has null)");
});

test("snapshot text is the HCL", () => {
  assert.match(stack.hcl, /resource "null_resource" "web" \{/);
});

test("synth errors throw with tfkit's diagnostics", () => {
  assert.throws(() => synth("nothere.tsx"), /tfkit synth nothere.tsx failed:\n.*No TSX entry file/s);
});

test("validate", (t) => {
  const r = isValidTerraform(stack);
  if (r.skipped) return t.skip(r.skipped);
  assert.equal(r.valid, true, JSON.stringify(r.diagnostics));
  const bad = isValidTerraform(synth("bad.tsx"));
  assert.equal(bad.valid, false);
  assert.match(bad.diagnostics[0].summary, /Unsupported argument|Extraneous JSON object property/);
});
`,
}

func TestTestingEntry(t *testing.T) {
	tsxtest.SkipShort(t)
	node := tsxtest.Node(t)
	root := t.TempDir()
	bin := filepath.Join(root, "bin", "tfkit")
	build := exec.Command("go", "build", "-o", bin, "./cmd/tfkit")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	project := filepath.Join(root, "project")
	for name, content := range testingProject {
		p := filepath.Join(project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(project, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(tsxtest.Package(t), filepath.Join(project, "node_modules", "tfkit")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "--test", "--test-reporter=tap", "stack.test.mjs")
	cmd.Dir = project
	engine := os.Getenv("TFKIT_TERRAFORM") != "" && os.Getenv("TF_CLI_CONFIG_FILE") != ""
	cmd.Env = append(os.Environ(), "TFKIT_BINARY="+bin)
	if !engine {
		// Without the provider mirror, init would go to the registry: the
		// engine is hidden, and validate is skipped, as it is for users
		// without one.
		cmd.Env = append(withoutEnv(withoutEnv(cmd.Env, "PATH"), "TFKIT_TERRAFORM"), "PATH="+t.TempDir())
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	passed := "# pass 6"
	if !engine {
		passed = "# pass 5"
	}
	for _, want := range []string{passed, "# fail 0"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("node --test output lacks %q:\n%s", want, out)
		}
	}
	if engine == strings.Contains(string(out), "# SKIP") {
		t.Errorf("validate skipped %v, want %v:\n%s", !engine, !engine, out)
	}
}
