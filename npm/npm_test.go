// Package npm_test checks the npm package of tfkit's TSX front end: that
// its type definitions are the ones embedded in the binary, that the
// TypeScript compiler accepts the valid examples and rejects the
// deliberately wrong ones with the expected errors, and that the launcher
// runs the tfkit binary.
//
// The TypeScript compiler comes from the npm registry, installed once into
// $TFKIT_CACHE/typescript-<version> (~/.cache/tfkit by default). Tests that
// need it or node skip when they are missing, and fail instead when
// TFKIT_REQUIRE_ENGINE=1, as CI sets it.
package npm_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/tsxtest"
	"github.com/tfkit/tfkit/tsx"
)

// The compilers the type checks run under (scripts/install-typescript.sh
// installs both): the TypeScript 5 line, and TypeScript 7, the native
// compiler that a plain `npm install typescript` installs. The types must
// give their intended messages under each. TFKIT_TYPESCRIPT_VERSION names
// one other version to run instead.
const (
	typescriptVersion  = "5.9.3"
	typescript7Version = "7.0.2"
)

// TestDefinitionsFromEmbedded: the package gets its type definitions from
// tsx/runtime, their one source, which the binary embeds; npm/ keeps no
// copy that could drift from it.
func TestDefinitionsFromEmbedded(t *testing.T) {
	pkg := tsxtest.Package(t)
	defs := tsx.TypeDefinitions()
	if len(defs) == 0 {
		t.Fatal("no embedded type definitions")
	}
	for name, data := range defs {
		got, err := os.ReadFile(filepath.Join(pkg, name))
		if err != nil {
			t.Errorf("the staged package lacks %s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, data) {
			t.Errorf("the staged package's %s differs from tsx/runtime/%s", name, name)
		}
	}
	copies, err := filepath.Glob("*.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range copies {
		t.Errorf("npm/%s is a copy; the package gets it from tsx/runtime when staged (go run ./npm/pack)", c)
	}
}

// TestPackageJSONNamesEveryFile checks that package.json ships the
// definitions and the launcher.
func TestPackageJSONNamesEveryFile(t *testing.T) {
	data, err := os.ReadFile("package.json")
	if err != nil {
		t.Fatal(err)
	}
	for name := range tsx.TypeDefinitions() {
		if !bytes.Contains(data, []byte(`"`+name+`"`)) && !bytes.Contains(data, []byte(`"./`+name+`"`)) {
			t.Errorf("package.json does not name %s", name)
		}
	}
	for _, want := range []string{`"name": "tfkit"`, `"bin/tfkit.js"`, `"./jsx-runtime"`, `"./jsx-dev-runtime"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("package.json lacks %s", want)
		}
	}
}

// project is a directory of .tsx files type-checked together.
type project struct {
	group, name string
	dir         string
}

// projects lists what tsc must check: the valid and invalid cases here, the
// successful build cases of the tsx package and the TSX examples.
func projects(t *testing.T) []project {
	t.Helper()
	var out []project
	for _, group := range []string{"valid", "invalid"} {
		entries, err := os.ReadDir(filepath.Join("testdata", group))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			out = append(out, project{group, strings.TrimSuffix(e.Name(), ".tsx"), filepath.Join("testdata", group, e.Name())})
		}
	}
	builds, err := os.ReadDir(filepath.Join("..", "tsx", "testdata", "build"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range builds {
		dir := filepath.Join("..", "tsx", "testdata", "build", e.Name())
		if _, err := os.Stat(filepath.Join(dir, "want.tf")); err == nil {
			out = append(out, project{"build", e.Name(), dir})
		}
	}
	examples, _ := filepath.Glob(filepath.Join("..", "examples", "tsx-*"))
	for _, dir := range examples {
		out = append(out, project{"examples", filepath.Base(dir), dir})
	}
	return out
}

// copyProject copies the .ts, .tsx, .js and .json files of p (with the
// packages in its own node_modules) under root/group/name.
func copyProject(t *testing.T, p project, root string) {
	t.Helper()
	dst := filepath.Join(root, p.group, p.name)
	fi, err := os.Stat(p.dir)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.IsDir() {
		copyFile(t, p.dir, filepath.Join(dst, filepath.Base(p.dir)))
		return
	}
	err = filepath.WalkDir(p.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != p.dir || d.Name() == "tfkit.out" || d.Name() == "out" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".ts", ".tsx", ".json", ".js":
		default:
			return nil
		}
		if d.Name() == "tsconfig.json" || d.Name() == "case.json" || d.Name() == "package.json" {
			return nil
		}
		rel, _ := filepath.Rel(p.dir, path)
		copyFile(t, path, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

const tsconfig = `{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "jsx": "react-jsx",
    "jsxImportSource": "tfkit",
    "module": "esnext",
    "moduleResolution": "bundler",
    "target": "es2022",
    "lib": ["es2022"],
    "resolveJsonModule": true,
    "types": []
  },
  "include": ["valid/**/*", "invalid/**/*", "build/**/*", "examples/**/*"]
}
`

// expectation is a `tsc-error CODE text` marker: an error with that code
// and text on one of the lines after the marker, up to the next blank line
// or marker.
type expectation struct {
	file     string
	from, to int // line range, inclusive
	code     string
	text     string
	met      bool
}

var markerRE = regexp.MustCompile(`tsc-error (TS\d+)\s*(.*?)\s*(\*/\})?$`)

func expectations(t *testing.T, root, invalid string) []*expectation {
	t.Helper()
	var out []*expectation
	err := filepath.WalkDir(filepath.Join(root, invalid), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		lines := strings.Split(string(data), "\n")
		for i, l := range lines {
			m := markerRE.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			e := &expectation{file: filepath.ToSlash(rel), from: i + 2, code: m[1], text: m[2]}
			e.to = e.from
			for j := i + 1; j < len(lines); j++ {
				if strings.TrimSpace(lines[j]) == "" || markerRE.MatchString(lines[j]) {
					break
				}
				e.to = j + 1
			}
			out = append(out, e)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type tscError struct {
	file string
	line int
	code string
	msg  string
}

var tscLineRE = regexp.MustCompile(`^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$`)

// parseTSC reads tsc's --pretty false output; continuation lines (indented)
// belong to the error before them.
func parseTSC(out string) []*tscError {
	var errs []*tscError
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := tscLineRE.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			errs = append(errs, &tscError{file: filepath.ToSlash(m[1]), line: n, code: m[4], msg: m[5]})
			continue
		}
		if len(errs) > 0 && strings.HasPrefix(line, " ") {
			errs[len(errs)-1].msg += "\n" + strings.TrimSpace(line)
		}
	}
	return errs
}

// TestTypeScriptChecks runs tsc over every project: valid ones must pass,
// and each deliberately wrong line must fail with the expected error.
func TestTypeScriptChecks(t *testing.T) {
	for _, v := range typescriptVersions() {
		t.Run("typescript-"+v, func(t *testing.T) {
			tsc := tsxtest.TypeScript(t, v)
			root := t.TempDir()
			for _, p := range projects(t) {
				copyProject(t, p, root)
			}
			checkProject(t, tsc, root, tsconfig, "invalid", filepath.Join("testdata", "invalid"))
		})
	}
}

// checkProject runs tsc in root (with the package linked as
// node_modules/tfkit) and holds its errors to the tsc-error markers of the
// files under root/invalid, a copy of src.
func checkProject(t *testing.T, tsc, root, tsconfig, invalid, src string) {
	t.Helper()
	linkPackage(t, root)
	_, errs := runTSC(t, tsc, root, tsconfig)
	exps := matchMarkers(t, root, invalid, errs)
	if len(exps) == 0 {
		t.Fatalf("no tsc-error markers found under %s", src)
	}
	// Every invalid case must hold at least one expectation.
	files := map[string]bool{}
	for _, x := range exps {
		files[x.file] = true
	}
	entries, _ := os.ReadDir(src)
	for _, e := range entries {
		if !files[invalid+"/"+strings.TrimSuffix(e.Name(), ".tsx")+"/"+e.Name()] {
			t.Errorf("%s/%s has no tsc-error marker", src, e.Name())
		}
	}
}

// matchMarkers holds the errors of tsc run in root to the tsc-error markers
// of the files under root/invalid: every error must be on the lines of a
// marker, and every marker must have its error. It returns the markers.
func matchMarkers(t *testing.T, root, invalid string, errs []*tscError) []*expectation {
	t.Helper()
	exps := expectations(t, root, invalid)
	for _, e := range errs {
		matched := false
		for _, x := range exps {
			if x.file == e.file && e.line >= x.from && e.line <= x.to {
				matched = true
				if e.code == x.code && strings.Contains(e.msg, x.text) {
					x.met = true
				}
			}
		}
		if !matched {
			t.Errorf("unexpected tsc error: %s(%d): %s %s", e.file, e.line, e.code, e.msg)
		}
	}
	for _, x := range exps {
		if !x.met {
			t.Errorf("%s:%d-%d: expected tsc error %s %q; tsc said:\n%s", x.file, x.from, x.to, x.code, x.text, errorsIn(errs, x))
		}
	}
	return exps
}

func errorsIn(errs []*tscError, x *expectation) string {
	var lines []string
	for _, e := range errs {
		if e.file == x.file && e.line >= x.from && e.line <= x.to {
			lines = append(lines, fmt.Sprintf("  line %d: %s %s", e.line, e.code, e.msg))
		}
	}
	if len(lines) == 0 {
		return "  (nothing on these lines)"
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func typescriptVersions() []string {
	if v := os.Getenv("TFKIT_TYPESCRIPT_VERSION"); v != "" {
		return []string{v}
	}
	return []string{typescriptVersion, typescript7Version}
}

// TestValidCasesBuild builds the valid cases with tfkit itself: what the
// types accept, the front end accepts too.
func TestValidCasesBuild(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "valid"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Run(e.Name(), func(t *testing.T) {
			_, diags := tsx.Build(e.Name(), tsx.Options{Dir: filepath.Join("testdata", "valid")})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
		})
	}
}

// TestLauncher runs bin/tfkit.js with a stand-in binary and checks that
// arguments, output and the exit status pass through.
func TestLauncher(t *testing.T) {
	node := tsxtest.Node(t)
	dir := t.TempDir()
	fake := filepath.Join(dir, "tfkit")
	script := "#!/bin/sh\necho \"args: $*\"\necho \"launcher: $TFKIT_LAUNCHER\"\nexit 3\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("bin", "tfkit.js"), "synth", "main.tsx", "--out", "out dir")
	cmd.Env = append(os.Environ(), "TFKIT_BINARY="+fake)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("want exit status 3, got %v\n%s", err, out)
	}
	if want := "args: synth main.tsx --out out dir\nlauncher: 1\n"; string(out) != want {
		t.Errorf("output = %q, want %q", out, want)
	}

	cmd = exec.Command(node, filepath.Join("bin", "tfkit.js"), "version")
	cmd.Env = append(os.Environ(), "TFKIT_BINARY="+filepath.Join(dir, "missing"))
	out, err = cmd.CombinedOutput()
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "TFKIT_BINARY") {
		t.Errorf("missing binary: want exit 1 naming TFKIT_BINARY, got %v\n%s", err, out)
	}

	// Without TFKIT_BINARY and with the launcher marker set (as when tfkit
	// on PATH is the launcher itself), it stops instead of looping.
	cmd = exec.Command(node, filepath.Join("bin", "tfkit.js"), "version")
	cmd.Env = append(withoutEnv(os.Environ(), "TFKIT_BINARY"), "TFKIT_LAUNCHER=1")
	out, err = cmd.CombinedOutput()
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "no tfkit binary found") {
		t.Errorf("recursion guard: want exit 1, got %v\n%s", err, out)
	}
}

func withoutEnv(env []string, name string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}

// TestLauncherOnPath installs the launcher as npm does (a link in
// node_modules/.bin) and runs it as npx does, with node_modules/.bin first
// on PATH: the launcher must skip itself, and another copy of itself
// (as a global install adds), and run the tfkit binary further down PATH.
func TestLauncherOnPath(t *testing.T) {
	node := tsxtest.Node(t)
	project := t.TempDir()
	pkg := filepath.Join(project, "node_modules", "tfkit")
	binDir := filepath.Join(project, "node_modules", ".bin")
	for _, d := range []string{filepath.Join(pkg, "bin"), binDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	launcher, err := os.ReadFile(filepath.Join("bin", "tfkit.js"))
	if err != nil {
		t.Fatal(err)
	}
	pj, err := os.ReadFile("package.json")
	if err != nil {
		t.Fatal(err)
	}
	write := func(path string, data []byte, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(path, data, mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(pkg, "bin", "tfkit.js"), launcher, 0o755)
	write(filepath.Join(pkg, "package.json"), pj, 0o644)
	if err := os.Symlink(filepath.Join("..", "tfkit", "bin", "tfkit.js"), filepath.Join(binDir, "tfkit")); err != nil {
		t.Fatal(err)
	}
	// A copy of the launcher, as a global npm install puts on PATH.
	global := filepath.Join(t.TempDir(), "global")
	if err := os.MkdirAll(global, 0o755); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(global, "tfkit"), launcher, 0o755)
	// The binary, further down PATH.
	real := filepath.Join(t.TempDir(), "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(real, "tfkit"), []byte("#!/bin/sh\necho \"binary: $*\"\n"), 0o755)

	path := strings.Join([]string{binDir, global, real, filepath.Dir(node), "/usr/bin", "/bin"}, string(os.PathListSeparator))
	env := append(withoutEnv(withoutEnv(os.Environ(), "TFKIT_BINARY"), "PATH"), "PATH="+path, "HOME="+project)
	cmd := exec.Command(filepath.Join(binDir, "tfkit"), "version")
	cmd.Dir = project
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "binary: version\n" {
		t.Errorf("node_modules/.bin/tfkit: got %v\n%s", err, out)
	}

	if npx, err := exec.LookPath("npx"); err == nil {
		// npx itself, offline: it runs the installed package's bin.
		cmd := exec.Command(npx, "--no", "--offline", "tfkit", "version")
		cmd.Dir = project
		cmd.Env = append(withoutEnv(withoutEnv(os.Environ(), "TFKIT_BINARY"), "PATH"),
			"PATH="+strings.Join([]string{real, filepath.Dir(npx), filepath.Dir(node), "/usr/bin", "/bin"}, string(os.PathListSeparator)),
			"HOME="+project, "npm_config_cache="+filepath.Join(project, ".npm"), "npm_config_update_notifier=false")
		out, err := cmd.CombinedOutput()
		if err != nil || string(out) != "binary: version\n" {
			t.Errorf("npx tfkit: got %v\n%s", err, out)
		}
	}

	// With no binary anywhere, the launcher says so instead of starting
	// itself.
	cmd = exec.Command(filepath.Join(binDir, "tfkit"), "version")
	cmd.Dir = project
	cmd.Env = append(withoutEnv(withoutEnv(os.Environ(), "TFKIT_BINARY"), "PATH"),
		"PATH="+strings.Join([]string{binDir, global, filepath.Dir(node)}, string(os.PathListSeparator)), "HOME="+project)
	out, err = cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "no tfkit binary found") {
		t.Errorf("no binary: want exit 1 saying no tfkit binary found, got %v\n%s", err, out)
	}
}

// linkPackage stages the npm package and links it as root/node_modules/tfkit,
// the package as users install it: resolution goes through its package.json
// exports. It returns the staged package's directory.
func linkPackage(t *testing.T, root string) string {
	t.Helper()
	pkg := tsxtest.Package(t)
	if err := os.MkdirAll(filepath.Join(root, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pkg, filepath.Join(root, "node_modules", "tfkit")); err != nil {
		t.Fatal(err)
	}
	return pkg
}

// runTSC writes tsconfig into root (unless it is empty: the project's
// own), runs tsc there and returns its output and the errors it reports.
func runTSC(t *testing.T, tsc, root, tsconfig string) (string, []*tscError) {
	t.Helper()
	if tsconfig != "" {
		if err := os.WriteFile(filepath.Join(root, "tsconfig.json"), []byte(tsconfig), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(tsc, "-p", ".", "--pretty", "false")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
	errs := parseTSC(string(out))
	if len(errs) == 0 && err != nil {
		t.Fatalf("tsc failed without errors it could parse:\n%s", out)
	}
	return string(out), errs
}
