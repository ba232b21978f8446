package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// appScript stands in for a user's program: for each line "<stack> [extra
// resource names]" of stacks.txt it writes stacks/<stack>/main.tf (or
// main.tf.json when TFKIT_FORMAT=json), then a manifest.json as App.Synth
// writes it. FAIL=msg makes it fail after writing; NOMANIFEST=1 makes it
// succeed without a manifest; MANIFEST=text replaces the manifest; ENV is
// copied into the configuration.
const appScript = `set -e
echo "app: format=$TFKIT_FORMAT"
test "$(pwd)" = "$PROJECT_DIR" || { echo "app: wrong directory $(pwd)" >&2; exit 9; }
case "$TFKIT_OUTDIR" in /*) ;; *) echo "app: TFKIT_OUTDIR not absolute" >&2; exit 9;; esac
entries=""
while read -r stack extra; do
  d="stacks/$stack"
  mkdir -p "$TFKIT_OUTDIR/$d"
  if [ "$TFKIT_FORMAT" = json ]; then
    f="$d/main.tf.json"
    printf '{\n  "resource": {\n    "terraform_data": {\n      "%s": {"input": "%s"}\n    }\n  }\n}\n' "$stack" "${ENV:-dev}" > "$TFKIT_OUTDIR/$f"
  else
    f="$d/main.tf"
    printf 'resource "terraform_data" "%s" {\n  input = "%s"\n}\n' "$stack" "${ENV:-dev}" > "$TFKIT_OUTDIR/$f"
    for r in $extra; do printf '\nresource "terraform_data" "%s" {}\n' "$r" >> "$TFKIT_OUTDIR/$f"; done
  fi
  sum=$(sha256sum "$TFKIT_OUTDIR/$f" | cut -d' ' -f1)
  entries="${entries:+$entries,}
    {\"name\": \"$stack\", \"directory\": \"$d\", \"files\": [{\"path\": \"$f\", \"sha256\": \"$sum\"}], \"dependencies\": []}"
done < stacks.txt
if [ -n "$FAIL" ]; then echo "app: $FAIL" >&2; exit 3; fi
if [ -n "$NOMANIFEST" ]; then exit 0; fi
if [ -n "$MANIFEST" ]; then printf '%s\n' "$MANIFEST" > "$TFKIT_OUTDIR/manifest.json"; exit 0; fi
printf '{\n  "version": 1,\n  "format": "%s",\n  "stacks": [%s\n  ]\n}\n' "$TFKIT_FORMAT" "$entries" > "$TFKIT_OUTDIR/manifest.json"
`

// newProject creates a project directory with the stand-in app.
func newProject(t *testing.T, projectFile, stacks string) string {
	t.Helper()
	dir := t.TempDir()
	write(t, dir, "app.sh", appScript)
	write(t, dir, "stacks.txt", stacks)
	write(t, dir, "tfkit.json", projectFile)
	return dir
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tree reads every file under dir as relative slash path → content.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := listFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		out[f] = string(b)
	}
	return out
}

// noStaging fails when a staging or set-aside directory is left in dir.
func noStaging(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".new-") || strings.Contains(e.Name(), ".old-") {
			t.Errorf("left behind: %s", filepath.Join(dir, e.Name()))
		}
	}
}

func env(dir string, more ...string) []string {
	return append([]string{"PROJECT_DIR=" + dir, "FAIL=", "NOMANIFEST=", "MANIFEST=", "ENV="}, more...)
}

const devTF = "resource \"terraform_data\" \"dev\" {\n  input = \"dev\"\n}\n"

func TestSynthWritesOutput(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh", "output": "tfkit.out"}`, "dev\nprod a b\n")
	res := runCLI(t, dir, env(dir), "synth")
	if res.code != ExitOK {
		t.Fatalf("%s", res)
	}
	want := "app: format=hcl\n" +
		"Synthesized 2 stacks into tfkit.out:\n" +
		"  dev   stacks/dev/main.tf   1 resource, 52 bytes\n" +
		"  prod  stacks/prod/main.tf  3 resources, 121 bytes\n"
	if res.stdout != want || res.stderr != "" {
		t.Errorf("got %s\nwant stdout:\n%s", res, want)
	}
	got := tree(t, filepath.Join(dir, "tfkit.out"))
	if len(got) != 3 || got["stacks/dev/main.tf"] != devTF || !strings.Contains(got["manifest.json"], `"path": "stacks/prod/main.tf"`) {
		t.Errorf("output: %q", got)
	}
	if st, err := os.Stat(filepath.Join(dir, "tfkit.out")); err != nil || st.Mode().Perm() != 0o755 {
		t.Errorf("output directory mode: %v %v", st.Mode(), err)
	}
	noStaging(t, dir)

	// A second synthesis replaces the output as a whole: a stack the app
	// no longer writes disappears.
	write(t, dir, "stacks.txt", "dev\n")
	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK {
		t.Fatalf("%s", res)
	}
	if got := tree(t, filepath.Join(dir, "tfkit.out")); len(got) != 2 || got["stacks/dev/main.tf"] != devTF {
		t.Errorf("after second synth: %q", got)
	}
	noStaging(t, dir)
}

func TestSynthFailureKeepsPreviousOutput(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh"}`, "dev\n")
	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK {
		t.Fatalf("%s", res)
	}
	before := tree(t, filepath.Join(dir, "tfkit.out"))

	// The app writes a changed stack, then fails.
	write(t, dir, "stacks.txt", "dev\nnew\n")
	res := runCLI(t, dir, env(dir, "FAIL=cannot reach the schema cache"), "synth")
	if res.code != ExitFailure {
		t.Fatalf("%s", res)
	}
	wantErr := "app: cannot reach the schema cache\n" +
		"Error: the app (sh app.sh) failed with exit status 3; tfkit.out was left as it was\n" +
		"  hint: the app's own messages are above\n"
	if res.stderr != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.stderr, wantErr)
	}
	if after := tree(t, filepath.Join(dir, "tfkit.out")); !reflect.DeepEqual(after, before) {
		t.Errorf("output changed by a failed synth:\n%q\n%q", before, after)
	}
	noStaging(t, dir)

	// Exit 0 without a manifest is a failure too.
	res = runCLI(t, dir, env(dir, "NOMANIFEST=1"), "synth")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "exited successfully but wrote no manifest.json: it did not call app.Synth(), or ignored the error app.Synth() returned (a Synth that fails writes nothing); tfkit.out was left as it was") {
		t.Fatalf("%s", res)
	}
	if after := tree(t, filepath.Join(dir, "tfkit.out")); !reflect.DeepEqual(after, before) {
		t.Errorf("output changed by a synth without manifest")
	}
	noStaging(t, dir)
}

// TestSynthAppNotRunnable: an "app" the shell cannot find (exit 127) or
// cannot run (126) is a mistake in the project file, and the hint says
// how to correct it there; the output stays as it was.
func TestSynthAppNotRunnable(t *testing.T) {
	cases := []struct {
		app, hint string
	}{
		{"app.sh", `  hint: exit status 127 is the shell's "not found": app.sh is in the project directory, but the shell looks for commands on PATH; write "app": "./app.sh" in tfkit.json` + "\n"},
		{"./app.sh", `  hint: exit status 126 is the shell's "cannot run" (see its message above): make ./app.sh executable (chmod +x ./app.sh), or name its interpreter in "app" of tfkit.json ("sh ./app.sh")` + "\n"},
		{"no-such-tfkit-app --flag", `  hint: exit status 127 is the shell's "not found" (see its message above): install no-such-tfkit-app or put it on PATH, or correct "app" in tfkit.json` + "\n"},
	}
	for _, c := range cases {
		dir := newProject(t, `{"app": "`+c.app+`"}`, "dev\n")
		res := runCLI(t, dir, env(dir), "synth")
		if res.code != ExitFailure || !strings.HasSuffix(res.stderr, c.hint) {
			t.Errorf("app %q: want exit 1 and the hint\n%s\n%s", c.app, c.hint, res)
		}
		if _, err := os.Stat(filepath.Join(dir, "tfkit.out")); !os.IsNotExist(err) {
			t.Errorf("app %q: tfkit.out written: %v", c.app, err)
		}
		noStaging(t, dir)
	}
}

func TestSynthCheck(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh"}`, "dev\nold\n")
	out := filepath.Join(dir, "tfkit.out")

	// No output yet: stale, and --check creates nothing.
	res := runCLI(t, dir, env(dir), "synth", "--check")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: tfkit.out does not exist\n  hint: run 'tfkit synth' to update it\n") {
		t.Fatalf("%s", res)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("--check created the output directory: %v", err)
	}
	noStaging(t, dir)

	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK {
		t.Fatalf("%s", res)
	}
	before := tree(t, out)

	res = runCLI(t, dir, env(dir), "synth", "--check")
	// What the app prints goes to stderr: stdout is the result alone.
	if res.code != ExitOK || res.stdout != "tfkit.out is up to date.\n" || res.stderr != "app: format=hcl\n" {
		t.Fatalf("clean check: %s", res)
	}

	// Change one stack, drop one, add one.
	write(t, dir, "stacks.txt", "dev extra\nnew\n")
	res = runCLI(t, dir, env(dir, "ENV=prod"), "synth", "--check")
	if res.code != ExitFailure {
		t.Fatalf("%s", res)
	}
	checkGolden(t, "synth/check-stale.txt", res.String())
	// Standard output is the diff alone, for git apply.
	if !strings.HasPrefix(res.stdout, "--- a/tfkit.out/") {
		t.Errorf("stdout does not start with the diff:\n%s", res.stdout)
	}
	if after := tree(t, out); !reflect.DeepEqual(after, before) {
		t.Errorf("--check changed the output")
	}
	noStaging(t, dir)
}

func TestSynthOutOverride(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh", "output": "tfkit.out"}`, "web\n")
	res := runCLI(t, dir, env(dir, "ENV=prod"), "synth", "--out", "build/prod")
	if res.code != ExitOK || !strings.Contains(res.stdout, "Synthesized 1 stack into build/prod:\n") {
		t.Fatalf("%s", res)
	}
	got := tree(t, filepath.Join(dir, "build", "prod"))
	if !strings.Contains(got["stacks/web/main.tf"], `input = "prod"`) {
		t.Errorf("output: %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "tfkit.out")); !os.IsNotExist(err) {
		t.Errorf("the project's output was written although --out was given")
	}
	noStaging(t, filepath.Join(dir, "build"))

	// The hint of a stale --check repeats the flags that matter.
	res = runCLI(t, dir, env(dir, "ENV=dev"), "-out=ignored", "synth")
	if res.code != ExitUsage {
		t.Errorf("a command flag before the command must be refused: %s", res)
	}
	res = runCLI(t, filepath.Dir(dir), env(dir, "ENV=dev"), "--chdir", filepath.Base(dir), "synth", "-out=build/prod", "-format", "hcl", "-check")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "hint: run 'tfkit --chdir "+filepath.Base(dir)+" synth --out build/prod' to update it") {
		t.Errorf("%s", res)
	}
}

func TestSynthFormatJSON(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh"}`, "dev\n")
	res := runCLI(t, dir, env(dir), "synth", "--format", "json")
	if res.code != ExitOK {
		t.Fatalf("%s", res)
	}
	want := "app: format=json\nSynthesized 1 stack into tfkit.out:\n  dev  stacks/dev/main.tf.json  1 resource, 84 bytes\n"
	if res.stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", res.stdout, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "tfkit.out", "stacks", "dev", "main.tf.json")); err != nil {
		t.Error(err)
	}
	// An app that ignores TFKIT_FORMAT earns a warning.
	write(t, dir, "tfkit.json", `{"app": "TFKIT_FORMAT=hcl sh app.sh"}`)
	res = runCLI(t, dir, env(dir), "synth", "--format=json")
	if res.code != ExitOK || res.stderr != "Warning: the app wrote format \"hcl\" although TFKIT_FORMAT=json asked for json\n" {
		t.Errorf("%s", res)
	}
}

func TestSynthCDKTFProject(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh"}`, "dev\n")
	os.Remove(filepath.Join(dir, "tfkit.json"))
	write(t, dir, "cdktf.json", `{
  "language": "go",
  "app": "sh app.sh",
  "projectId": "8d3c3b5e-0000-4000-8000-000000000000",
  "sendCrashReports": "false",
  "terraformProviders": ["hashicorp/random@~> 3.6"],
  "terraformModules": [],
  "codeMakerOutput": "generated"
}`)
	res := runCLI(t, dir, env(dir), "synth")
	if res.code != ExitOK || res.stderr != "" || !strings.Contains(res.stdout, "into cdktf.out:") {
		t.Fatalf("%s", res)
	}
	if got := tree(t, filepath.Join(dir, "cdktf.out")); got["stacks/dev/main.tf"] != devTF {
		t.Errorf("output: %q", got)
	}
}

func TestSynthProjectFileDiagnostics(t *testing.T) {
	cases := []struct {
		name, file string
		code       int
		stderr     string
	}{
		{"malformed", "{\n  \"app\": \"sh app.sh\"\n  \"output\": \"x\"\n}\n", ExitFailure,
			"tfkit.json:3:3: Error: Invalid JSON in tfkit.json; Invalid character '\"' after object key:value pair.\n  hint: is a comma missing before it?\n"},
		{"unknown key", "{\n  \"app\": \"sh app.sh\",\n  \"ouptut\": \"x\"\n}\n", ExitOK,
			"tfkit.json:3:3: Warning: Unknown key \"ouptut\" in tfkit.json; tfkit reads the keys \"app\", \"output\", \"language\", \"providers\", \"modules\", \"terraformProviders\", \"terraformModules\", \"codeMakerOutput\", \"schemaCheck\"; this one is ignored.\n  hint: did you mean \"output\"?\n"},
		{"no app", `{"output": "x"}`, ExitFailure,
			"tfkit.json:1:1: Error: No \"app\" in tfkit.json; The \"app\" key names the shell command that runs your program, which writes the Terraform configuration.\n  hint: add \"app\": \"go run .\" (or the command that runs your program)\n"},
		{"wrong type", `{"app": ["sh", "app.sh"]}`, ExitFailure,
			"tfkit.json:1:9: Error: Invalid \"app\" in tfkit.json; \"app\" must be a string, not an array.\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := newProject(t, c.file, "dev\n")
			res := runCLI(t, dir, env(dir), "synth")
			if res.code != c.code || res.stderr != c.stderr {
				t.Errorf("%s\nwant exit %d and stderr:\n%s", res, c.code, c.stderr)
			}
		})
	}

	t.Run("missing", func(t *testing.T) {
		res := runCLI(t, t.TempDir(), nil, "synth")
		want := "Error: No tfkit.json in "
		if res.code != ExitFailure || !strings.HasPrefix(res.stderr, want) ||
			!strings.Contains(res.stderr, `hint: start one with tfkit init (--lang tsx for TSX), or create one with: echo '{"app": "go run .", "output": "tfkit.out"}' > tfkit.json`) {
			t.Errorf("%s", res)
		}
	})

	// Below a project, the project is named and reached with --chdir;
	// nothing is synthesized from the directory above.
	t.Run("missing below a project", func(t *testing.T) {
		dir := newProject(t, `{"app": "sh app.sh", "output": "tfkit.out"}`, "dev\n")
		sub := filepath.Join(dir, "stacks")
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		res := runCLI(t, sub, env(dir), "synth")
		if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: No tfkit.json in "+sub+"; ") ||
			!strings.Contains(res.stderr, fmt.Sprintf("The directory %s above it is one (%s)", dir, filepath.Join(dir, "tfkit.json"))) ||
			!strings.Contains(res.stderr, fmt.Sprintf("hint: run tfkit in %[1]s, or give the project directory with --chdir %[1]s before the command (tfkit --chdir %[1]s synth)", dir)) {
			t.Errorf("%s", res)
		}
		if _, err := os.Stat(filepath.Join(dir, "tfkit.out")); err == nil {
			t.Errorf("synthesized in the directory above")
		}
		// The example is the command that was run.
		for _, command := range []string{"deploy", "diff", "get", "watch", "list"} {
			res := runCLI(t, sub, env(dir), command)
			if want := fmt.Sprintf("(tfkit --chdir %s %s)", dir, command); res.code == ExitOK || !strings.Contains(res.stderr, want) {
				t.Errorf("%s: want %q in\n%s", command, want, res)
			}
		}
	})

	// A directory of TSX is told how to make its entry the project's app.
	t.Run("missing with main.tsx", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte("export default () => null;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		res := runCLI(t, dir, nil, "diff")
		if res.code != ExitFailure || !strings.Contains(res.stderr, `hint: make main.tsx the project's app: echo '{"app": "main.tsx", "output": "tfkit.out"}' > tfkit.json`) {
			t.Errorf("%s", res)
		}
	})
}

func TestSynthRefusesToDestroy(t *testing.T) {
	for _, out := range []string{".", ".."} {
		dir := newProject(t, `{"app": "sh app.sh", "output": "`+out+`"}`, "dev\n")
		res := runCLI(t, dir, env(dir), "synth")
		if res.code != ExitFailure || !strings.Contains(res.stderr, "holds the project itself") {
			t.Errorf("output %q: %s", out, res)
		}
		if _, err := os.Stat(filepath.Join(dir, "app.sh")); err != nil {
			t.Fatalf("project damaged: %v", err)
		}
	}

	dir := newProject(t, `{"app": "sh app.sh", "output": "src"}`, "dev\n")
	write(t, dir, "src/main.go", "package main\n")
	res := runCLI(t, dir, env(dir), "synth")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "src exists, is not empty and has no manifest.json") {
		t.Errorf("%s", res)
	}
	if got := tree(t, filepath.Join(dir, "src")); got["main.go"] != "package main\n" {
		t.Errorf("src damaged: %q", got)
	}
	noStaging(t, dir)
}

// The app for interrupt and timeout tests starts a child that outlives the
// shell unless the whole process group is stopped.
const sleeperScript = `mkdir -p "$TFKIT_OUTDIR/stacks/dev"
sleep 60 &
echo $! > child.pid
echo started > started
wait
`

func TestSynthInterruptStopsProcessGroup(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "sh sleeper.sh"}`)
	write(t, dir, "sleeper.sh", sleeperScript)
	write(t, dir, "tfkit.out/manifest.json", "{}\n")
	before := tree(t, filepath.Join(dir, "tfkit.out"))

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan result)
	go func() { done <- runCLICtx(t, ctx, dir, nil, "synth") }()
	waitFor(t, filepath.Join(dir, "started"))
	cancel()
	res := <-done
	if res.code != ExitInterrupted || res.stderr != "Interrupted: the app was stopped and tfkit.out was left as it was.\n" {
		t.Errorf("%s", res)
	}
	assertGone(t, dir)
	if after := tree(t, filepath.Join(dir, "tfkit.out")); !reflect.DeepEqual(after, before) {
		t.Errorf("output changed")
	}
	noStaging(t, dir)
}

func TestSynthInterruptedBeforeStart(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh"}`, "dev\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := runCLICtx(t, ctx, dir, env(dir), "synth")
	if res.code != ExitInterrupted || res.stdout != "" {
		t.Errorf("%s", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "tfkit.out")); !os.IsNotExist(err) {
		t.Errorf("output written after an interrupt")
	}
	noStaging(t, dir)
}

func TestSynthTimeout(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "sh sleeper.sh"}`)
	write(t, dir, "sleeper.sh", sleeperScript)
	start := time.Now()
	res := runCLI(t, dir, nil, "synth", "--timeout", "300ms")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: the app did not finish within 300ms; it was stopped and tfkit.out was left as it was\n") {
		t.Errorf("%s", res)
	}
	if time.Since(start) > 30*time.Second {
		t.Errorf("synth waited for the app's child")
	}
	assertGone(t, dir)
	noStaging(t, dir)
}

func waitFor(t *testing.T, path string) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if _, err := os.Stat(path); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", path)
}

// assertGone checks that the app's background child was stopped.
func assertGone(t *testing.T, dir string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "child.pid"))
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	for _, c := range strings.TrimSpace(string(b)) {
		pid = pid*10 + int(c-'0')
	}
	for i := 0; i < 250; i++ {
		if !alive(pid) || isZombie(pid) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("the app's child %d is still running", pid)
}

// alive reports whether process pid exists (signal 0 checks without
// sending anything).
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return !errors.Is(p.Signal(syscall.Signal(0)), os.ErrProcessDone)
}

// isZombie reports whether pid has exited but not been reaped yet (its
// parent shell died first, so init reaps it eventually).
func isZombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'Z'
}

func TestSynthRejectsBadManifest(t *testing.T) {
	cases := []struct{ manifest, want string }{
		{`{"version": 2, "stacks": []}`, "manifest version 2 is not supported"},
		{`[]`, "the app wrote a manifest.json this tfkit cannot read"},
		{`{"version": 1, "format": "hcl", "stacks": [{"name": "x", "directory": "stacks/x", "files": [{"path": "stacks/x/main.tf", "sha256": ""}], "dependencies": []}]}`,
			"manifest.json lists stacks/x/main.tf, which the app did not write"},
		{`{"version": 1, "format": "hcl", "stacks": [{"name": "dev", "directory": "stacks/dev", "files": [{"path": "stacks/dev/main.tf", "sha256": "00"}], "dependencies": []}]}`,
			"stacks/dev/main.tf does not match the SHA-256 that manifest.json gives for it"},
		{`{"version": 1, "format": "hcl", "stacks": [{"name": "dev", "directory": "stacks/dev", "files": [{"path": "../app.sh", "sha256": "00"}], "dependencies": []}]}`,
			`manifest.json lists the file "../app.sh", which is not a clean path inside the output directory`},
	}
	for _, c := range cases {
		dir := newProject(t, `{"app": "sh app.sh"}`, "dev\n")
		res := runCLI(t, dir, env(dir, "MANIFEST="+c.manifest), "synth")
		if res.code != ExitFailure || !strings.Contains(res.stderr, c.want) || !strings.Contains(res.stderr, "tfkit.out was left as it was") {
			t.Errorf("manifest %s: want %q\n%s", c.manifest, c.want, res)
		}
		if _, err := os.Stat(filepath.Join(dir, "tfkit.out")); !os.IsNotExist(err) {
			t.Errorf("output written despite a bad manifest")
		}
		noStaging(t, dir)
	}
}

// The TSX front end runs in-process: an entry named on the command line
// needs no tfkit.json, flags may follow it, and the output is one main.tf
// plus manifest.json.
func TestSynthTSXEntry(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", `import { Resource, Output, useRef } from "tfkit";
export default function App() {
  const pet = useRef();
  return <>
    <Resource type="terraform_data" name="pet" ref={pet} input={process.env.PET ?? "cat"} />
    <Output name="pet" value={pet.output} />
  </>;
}
`)
	res := runCLI(t, dir, []string{"PET=dog"}, "synth", "main.tsx", "--out", "gen")
	if res.code != ExitOK {
		t.Fatal(res)
	}
	got := tree(t, filepath.Join(dir, "gen"))
	if !strings.Contains(got["main.tf"], `input = "dog"`) || !strings.Contains(got["main.tf"], "value = terraform_data.pet.output") {
		t.Fatalf("main.tf:\n%s", got["main.tf"])
	}
	if _, ok := got["manifest.json"]; !ok || len(got) != 2 {
		t.Fatalf("files: %v", got)
	}
	if !strings.Contains(res.stdout, "main.tf") {
		t.Errorf("summary: %s", res.stdout)
	}

	// tfkit.json naming the entry as its app; --check against the output.
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "gen"}`)
	if res := runCLI(t, dir, []string{"PET=dog"}, "synth", "--check"); res.code != ExitOK {
		t.Fatal(res)
	}
	res = runCLI(t, dir, []string{"PET=cow"}, "synth", "--check")
	if res.code != ExitFailure || !strings.Contains(res.stdout+res.stderr, `+  input = "cow"`) {
		t.Fatalf("stale check: %s", res)
	}
}

func TestSynthTSXErrorKeepsOutput(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", `import { Resource } from "tfkit";
export default () => <>
  <Resource type="terraform_data" name="a" />
  <Resource type="terraform_data" name="a" />
</>;
`)
	write(t, dir, "gen/main.tf", "# previous\n")
	write(t, dir, "gen/manifest.json", "{}\n")
	res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "gen")
	if res.code != ExitFailure || !strings.Contains(res.stderr, `Duplicate resource "terraform_data.a"`) || !strings.Contains(res.stderr, "main.tsx:4:") {
		t.Fatalf("%s", res)
	}
	if got := tree(t, filepath.Join(dir, "gen")); got["main.tf"] != "# previous\n" {
		t.Fatalf("previous output changed: %v", got)
	}
	if res := runCLI(t, dir, nil, "synth", "a.tsx", "b.tsx"); res.code != ExitUsage {
		t.Fatalf("two entries: %s", res)
	}
}

// TestSynthWarnsOfStaleBindings: after the constraint of a provider in
// tfkit.json changes without a new tfkit get, the bindings still require
// the version they were generated for; synth says so once per provider.
func TestSynthWarnsOfStaleBindings(t *testing.T) {
	project := func(constraint string) string {
		return `{"app": "sh app.sh", "output": "tfkit.out", "providers": ["hashicorp/random@` + constraint + `", "hashicorp/null@~> 2.1"]}`
	}
	dir := newProject(t, project("~> 3.9"), "dev\n")
	for _, schema := range []string{"random-3.9.0.json", "null-2.1.2.json"} {
		if res := runCLI(t, dir, nil, "get", "--schema", schemaFile(t, schema)); res.code != ExitOK {
			t.Fatalf("get: %s", res)
		}
	}
	for _, c := range []struct{ constraint, warning string }{
		{"~> 3.9", ""},
		{"~>3.9", ""},
		{"~> 4.0", `Warning: provider hashicorp/random: tfkit.json asks for "~> 4.0", but the bindings in .gen/random were generated for "~> 3.9", which the stacks will require; run tfkit get` + "\n"},
		{"3.9.1", `Warning: provider hashicorp/random: tfkit.json asks for "3.9.1", but the bindings in .gen/random were generated for "~> 3.9", which the stacks will require; run tfkit get` + "\n"},
	} {
		write(t, dir, "tfkit.json", project(c.constraint))
		res := runCLI(t, dir, env(dir), "synth")
		if res.code != ExitOK || res.stderr != c.warning {
			t.Errorf("%s: %s\nwant stderr:\n%s", c.constraint, res, c.warning)
		}
	}
	// Bindings generated for one release serve any constraint allowing it.
	write(t, dir, "tfkit.json", project("3.9.0"))
	if res := runCLI(t, dir, nil, "get", "--schema", schemaFile(t, "random-3.9.0.json")); res.code != ExitOK {
		t.Fatalf("get: %s", res)
	}
	write(t, dir, "tfkit.json", project(">= 3.0, < 4.0"))
	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK || res.stderr != "" {
		t.Errorf("3.9.0 within >= 3.0, < 4.0: %s", res)
	}
	write(t, dir, "tfkit.json", project(">= 4.0"))
	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK || !strings.Contains(res.stderr, `generated for "3.9.0"`) {
		t.Errorf("3.9.0 outside >= 4.0: %s", res)
	}
}

// TestMissingEntryNamedByProject: an entry named by "app" that is not
// there (renamed) says where it is named, so that the user updates it.
func TestMissingEntryNamedByProject(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "main.tsx"}`)
	res := runCLI(t, dir, nil, "synth")
	if res.code != ExitFailure || !strings.Contains(res.stderr, `The entry is named by "app" in tfkit.json.`) || !strings.Contains(res.stderr, `hint: if the entry was renamed or moved, update "app" in tfkit.json`) {
		t.Errorf("synth: %s", res)
	}
	res = runCLI(t, dir, nil, "synth", "other.tsx")
	if res.code != ExitFailure || strings.Contains(res.stderr, `"app"`) {
		t.Errorf("synth other.tsx: %s", res)
	}
}
