package cli

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
)

type result struct {
	code           int
	stdout, stderr string
}

// tfkit runs the command line in dir, in-process, with the test's
// environment plus extra variables.
func runCLI(t *testing.T, dir string, extraEnv []string, args ...string) result {
	t.Helper()
	return runCLICtx(t, context.Background(), dir, extraEnv, args...)
}

func runCLICtx(t *testing.T, ctx context.Context, dir string, extraEnv []string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(ctx, args, Env{
		Stdout:  &stdout,
		Stderr:  &stderr,
		Dir:     dir,
		Environ: append(os.Environ(), extraEnv...),
		Version: "v0.0.0-test",
	})
	return result{code, stdout.String(), stderr.String()}
}

func (r result) String() string {
	return "exit " + strconv.Itoa(r.code) + "\n--- stdout\n" + r.stdout + "--- stderr\n" + r.stderr
}

// checkGolden compares got with testdata/<name>, or rewrites it with
// -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.CheckString(t, filepath.Join("testdata", filepath.FromSlash(name)), got)
}

// TestHelpGolden checks the help of tfkit and of every command against
// testdata/help (TestMain fails on files there that no case uses).
func TestHelpGolden(t *testing.T) {
	check := func(file string, args ...string) {
		t.Helper()
		res := runCLI(t, t.TempDir(), nil, args...)
		if res.code != ExitOK || res.stderr != "" {
			t.Errorf("tfkit %v: %s", args, res)
		}
		checkGolden(t, "help/"+file, res.stdout)
	}
	check("tfkit.txt", "help")
	for _, name := range commandNames() {
		check(name+".txt", "help", name)
	}
}

func TestHelpForms(t *testing.T) {
	dir := t.TempDir()
	main := runCLI(t, dir, nil, "help").stdout
	for _, args := range [][]string{{"--help"}, {"-h"}, {"-help"}} {
		if res := runCLI(t, dir, nil, args...); res.code != ExitOK || res.stdout != main {
			t.Errorf("tfkit %v: %s", args, res)
		}
	}
	synth := runCLI(t, dir, nil, "help", "synth").stdout
	for _, args := range [][]string{{"synth", "--help"}, {"synth", "-h"}} {
		if res := runCLI(t, dir, nil, args...); res.code != ExitOK || res.stdout != synth {
			t.Errorf("tfkit %v: %s", args, res)
		}
	}
	// No command at all is a usage error, with the overview on stderr.
	if res := runCLI(t, dir, nil); res.code != ExitUsage || res.stderr != main || res.stdout != "" {
		t.Errorf("tfkit: %s", res)
	}
}

func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "infra"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		// The argument named is the one that is wrong, with what was meant.
		{[]string{"synth", "main.tsx", "out"}, `tfkit synth: unexpected argument "out" after the entry main.tsx (synth takes one entry file); to write into out, give --out out`},
		{[]string{"watch", "main.tsx", "out"}, `tfkit watch: unexpected argument "out" after the entry main.tsx (watch takes one entry file); to write into out, give --out out`},
		{[]string{"synth", "infra"}, `tfkit synth: infra is a directory, not a .tsx or .ts entry file; to run in the project there: tfkit --chdir infra synth`},
		{[]string{"synt"}, `tfkit: unknown command "synt"; did you mean "synth"?`},
		{[]string{"help", "sinth"}, `tfkit help: unknown command "sinth"; did you mean "synth"?`},
		// The names Terraform and CDK for Terraform give these commands
		// name tfkit's.
		{[]string{"plan"}, `tfkit: unknown command "plan"; did you mean "diff"? (tfkit diff plans every stack, as terraform plan does)`},
		{[]string{"apply", "--auto-approve"}, `tfkit: unknown command "apply"; did you mean "deploy"? (tfkit deploy plans and applies every stack, as terraform apply does)`},
		{[]string{"stacks"}, `tfkit: unknown command "stacks"; did you mean "list"? (tfkit list lists the stacks)`},
		{[]string{"ls"}, `tfkit: unknown command "ls"; did you mean "list"?`},
		{[]string{"new"}, `tfkit: unknown command "new"; did you mean "init"? (tfkit init creates a project)`},
		{[]string{"help", "plan"}, `tfkit help: unknown command "plan"; did you mean "diff"?`},
		{[]string{"help", "a", "b"}, "tfkit help: too many arguments"},
		{[]string{"--nope"}, "tfkit: unknown flag --nope\nRun 'tfkit help' for usage.\n"},
		{[]string{"--engine", "tofu", "eval", "."}, "tfkit: unknown flag --engine\n  hint: --engine is an option of eval: give it after the command (tfkit eval --engine ...)\n"},
		{[]string{"--out", "o", "synth"}, "hint: --out is an option of synth: give it after the command (tfkit synth --out ...)"},
		{[]string{"synth", "--bogus"}, "tfkit synth: unknown flag --bogus\n"},
		// A misspelt flag names the flag meant: a close spelling, or the
		// one flag it begins.
		{[]string{"synth", "--ouy", "x"}, "tfkit synth: unknown flag --ouy; did you mean --out?\n"},
		{[]string{"deploy", "--auto-aprove"}, "tfkit deploy: unknown flag --auto-aprove; did you mean --auto-approve?\n"},
		{[]string{"deploy", "--auto"}, "tfkit deploy: unknown flag --auto; did you mean --auto-approve?\n"},
		{[]string{"output", "dev", "--jsno"}, "tfkit output: unknown flag --jsno; did you mean --json?\n"},
		// Terraform's flags and other tools' name tfkit's, or say what
		// takes their place.
		{[]string{"deploy", "--yes"}, "tfkit deploy: unknown flag --yes; did you mean --auto-approve?\n"},
		{[]string{"destroy", "-force"}, "tfkit destroy: unknown flag --force; did you mean --auto-approve?\n"},
		{[]string{"deploy", "--var", "region=eu"}, "tfkit deploy: unknown flag --var; a stack's variables take their values from TF_VAR_<name> in the environment (TF_VAR_region=eu-west-1 tfkit deploy), or from the app\n"},
		{[]string{"diff", "-var-file=prod.tfvars"}, "tfkit diff: unknown flag --var-file; a stack's variables take their values from TF_VAR_<name> in the environment (TF_VAR_region=eu-west-1 tfkit diff), or from the app\n"},
		{[]string{"deploy", "-target=aws_instance.web"}, "tfkit deploy: unknown flag --target; tfkit plans whole stacks: name the stacks to work on (tfkit deploy STACK...), or leave resources out with --exclude (OpenTofu)\n"},
		{[]string{"-v"}, "tfkit: unknown flag --v; did you mean --version?\n"},
		// Flags are written as the documentation writes them, and a
		// value that does not parse says what it must be.
		{[]string{"synth", "--out"}, "tfkit synth: --out needs a value (--out DIR)\n"},
		{[]string{"get", "--lang"}, "tfkit get: --lang needs a value\n"},
		// An empty value, as "$DIR" gives with DIR unset, is no value:
		// taken as the default it would deploy another environment.
		{[]string{"deploy", "--out", "", "--auto-approve"}, "tfkit deploy: --out needs a value, not an empty one (--out DIR)\n"},
		{[]string{"destroy", "--engine="}, "tfkit destroy: --engine needs a value, not an empty one (--engine PATH)\n"},
		{[]string{"graph", "--file", ""}, "tfkit graph: --file needs a value, not an empty one (--file FILE)\n"},
		{[]string{"--chdir", "", "deploy"}, "tfkit: --chdir needs a value, not an empty one (--chdir DIR)\n"},
		{[]string{"validate", "--schema", "", "infra"}, "tfkit validate: --schema needs a value, not an empty one (--schema FILE.json)\n"},
		{[]string{"deploy", "--parallelism", "many"}, `tfkit deploy: invalid value "many" for --parallelism: not a whole number` + "\n"},
		{[]string{"deploy", "--auto-approve=maybe"}, `tfkit deploy: invalid value "maybe" for --auto-approve: not true or false (or give the flag alone)` + "\n"},
		{[]string{"synth", "extra"}, `tfkit synth: unexpected argument "extra"`},
		{[]string{"synth", "--format", "yaml"}, `tfkit synth: --format must be hcl or json, not "yaml"`},
		{[]string{"synth", "--format=jsn"}, `(did you mean "json"?)`},
		{[]string{"synth", "--timeout", "soon"}, `tfkit synth: invalid value "soon" for --timeout: not a duration such as 90s, 5m or 1h30m` + "\n"},
		{[]string{"version", "x"}, `tfkit version: unexpected argument "x"`},
	}
	for _, c := range cases {
		res := runCLI(t, dir, nil, c.args...)
		if res.code != ExitUsage || !strings.Contains(res.stderr, c.want) {
			t.Errorf("tfkit %v: want exit 2 and %q\n%s", c.args, c.want, res)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		res := runCLI(t, t.TempDir(), nil, args...)
		if res.code != ExitOK || res.stdout != "tfkit v0.0.0-test\n" {
			t.Errorf("tfkit %v: %s", args, res)
		}
	}
}

// TestChdirMissing: --chdir naming no directory says so, with how to fix
// it: the directory meant, by a close spelling of one that is there.
func TestChdirMissing(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{filepath.Join("envs", "infra"), filepath.Join("envs", "web"), filepath.Join("envs", "tfkit.out")} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{filepath.Join("envs", "infra", "tfkit.json"), filepath.Join("envs", "web", "cdktf.json")} {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ chdir, want string }{
		{"nowhere", "Error: --chdir nowhere: no such directory\n  hint: give the project directory, the one holding tfkit.json\n"},
		{"envs/infar", "Error: --chdir envs/infar: no such directory\n  hint: did you mean --chdir envs/infra?\n"},
		{"envs/prod", "Error: --chdir envs/prod: no such directory\n  hint: give the project directory, the one holding tfkit.json (projects in envs: infra, web)\n"},
		{"nowhere/infra", "Error: --chdir nowhere/infra: no such directory\n  hint: give the project directory, the one holding tfkit.json\n"},
	} {
		res := runCLI(t, dir, nil, "--chdir", tc.chdir, "synth")
		if res.code != ExitFailure || res.stderr != tc.want || res.stdout != "" {
			t.Errorf("--chdir %s: want exit 1 and %q\n%s", tc.chdir, tc.want, res)
		}
	}
}

// TestChdirFile: --chdir naming a file says so, and names the directory
// holding it, rather than claiming there is no such directory.
func TestChdirFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "infra"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "infra", "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, nil, "--chdir", "infra/main.go", "synth")
	want := "Error: --chdir infra/main.go: is a file, not a directory\n  hint: give the project directory, the one holding tfkit.json (--chdir infra)\n"
	if res.code != ExitFailure || res.stderr != want || res.stdout != "" {
		t.Errorf("want exit 1 and %q\n%s", want, res)
	}
}

// TestUsageNamesEveryFlag: the usage line of each command (shown on every
// wrong command line) lists all of its options, as docs/cli.md does.
func TestUsageNamesEveryFlag(t *testing.T) {
	for _, name := range commandNames() {
		c := commands[name]
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		c.setup(fs)
		fs.VisitAll(func(f *flag.Flag) {
			if f.Name == "help" || f.Name == "h" {
				return
			}
			if !strings.Contains(c.usage, "--"+f.Name+" ") && !strings.Contains(c.usage, "--"+f.Name+"]") {
				t.Errorf("tfkit %s: the usage %q does not name --%s", name, c.usage, f.Name)
			}
		})
	}
}

// TestDocsShowUsage: each command with a section of its own in
// docs/cli.md shows its usage line there as the command prints it, so the
// reference neither promises a flag that is not there nor leaves one out.
func TestDocsShowUsage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	// A long usage line is wrapped onto indented lines.
	docs := regexp.MustCompile(`\n {2,}`).ReplaceAllString(string(data), " ")
	for _, name := range commandNames() {
		if !strings.Contains(docs, "\n### `tfkit "+name+"`\n") && !strings.Contains(docs, "\n## `tfkit "+name+"`\n") {
			continue
		}
		if !strings.Contains(commands[name].usage, " ") {
			continue // no options: nothing a usage line would add
		}
		line := "tfkit " + commands[name].usage
		if !strings.Contains(docs, "\n"+line+"\n") {
			t.Errorf("docs/cli.md does not show the usage of %s as %q", name, line)
		}
	}
}
