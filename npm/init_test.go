package npm_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/tsxtest"
)

// initMistakes are mistakes made in a new project, each a type error once
// tfkit get has declared the project's provider.
const initMistakes = `import { Output, Resource, tf, useRef } from "tfkit";

export function Mistakes() {
  const file = useRef<"local_file">();
  return (
    <>
      <Resource type="local_file" name="ok" ref={file} filename="a.txt" content="hi" />
      {/* tsc-error TS2769 Property 'filenme' does not exist */}
      <Resource type="local_file" name="typo" filenme="b.txt" content="hi" />

      {/* tsc-error TS2769 Type 'number' is not assignable to type 'StringValue */}
      <Resource type="local_file" name="number" filename="c.txt" content={42} />

      {/* tsc-error TS2339 Property 'toset' does not exist */}
      <Output name="set" value={tf.toset(["a"])} />

      {/* tsc-error TS2551 Property 'filenam' does not exist on type 'ResourceRef<"local_file">' */}
      <Output name="name" value={file.filenam} />
    </>
  );
}
`

// TestInitProjectTypeChecks follows a new project from tfkit init --lang
// tsx: with the npm package installed and the declarations of its provider
// written by tfkit get, tsc passes it with its own tsconfig.json, and the
// usual mistakes are type errors.
func TestInitProjectTypeChecks(t *testing.T) {
	tsxtest.SkipShort(t)
	bin := filepath.Join(t.TempDir(), "tfkit")
	build := exec.Command("go", "build", "-o", bin, "./cmd/tfkit")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	schemaFile, err := filepath.Abs(filepath.Join("..", "schema", "testdata", "providers", "local-2.9.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("tfkit %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	for _, v := range typescriptVersions() {
		t.Run("typescript-"+v, func(t *testing.T) {
			tsc := tsxtest.TypeScript(t, v)
			project := filepath.Join(t.TempDir(), "app")
			run(filepath.Dir(project), "init", "--lang", "tsx", project)
			linkPackage(t, project)
			if out, errs := runTSC(t, tsc, project, ""); len(errs) > 0 {
				t.Fatalf("tsc on the new project:\n%s", out)
			}
			run(project, "get", "--lang", "ts", "--schema", schemaFile)
			if _, err := os.Stat(filepath.Join(project, ".gen", "local", "index.d.ts")); err != nil {
				t.Fatalf("tfkit get wrote no declarations: %v", err)
			}
			if out, errs := runTSC(t, tsc, project, ""); len(errs) > 0 {
				t.Fatalf("tsc on the new project with its provider declared:\n%s", out)
			}
			mistakes := filepath.Join(project, "mistakes", "mistakes.tsx")
			if err := os.MkdirAll(filepath.Dir(mistakes), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(mistakes, []byte(initMistakes), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs := runTSC(t, tsc, project, "")
			if len(matchMarkers(t, project, "mistakes", errs)) == 0 {
				t.Fatal("no tsc-error markers in the mistakes")
			}
		})
	}
}
