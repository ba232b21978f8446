package convert

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/load"
	"github.com/tfkit/tfkit/tsx"
)

// sharedCorpus holds unmodified public modules nobody here wrote, beside
// the checkout (see its README); tests read them in place and copy them
// only into temporary directories.
const sharedCorpus = "../../../shared/corpus"

// sharedCase is a root module of the shared corpus: a module's own
// directory or one of its examples, which call the module as "../../".
type sharedCase struct {
	repo string // the module's directory in the corpus
	rel  string // the case's directory inside it
}

func (c sharedCase) name() string {
	return strings.NewReplacer("/", "__", "-", "_", ".", "_").Replace(c.repo + "/" + c.rel)
}

func (c sharedCase) dir() string { return filepath.Join(sharedCorpus, c.repo, c.rel) }

// sharedSubmodules are the corpus's own submodules and wrappers converted
// as root modules too: every one of terraform-aws-vpc, and a few of the 57
// generated rule modules of terraform-aws-security-group and their 57
// wrappers, which differ only in their rule names. (The _templates
// directories the generator fills in are no modules: they read variables
// that only the generated modules declare.)
var sharedSubmodules = map[string][]string{
	"terraform-aws-vpc":            {"modules/flow-log", "modules/vpc-endpoints", "wrappers", "wrappers/flow-log", "wrappers/vpc-endpoints"},
	"terraform-aws-security-group": {"wrappers", "modules/http-80", "wrappers/http-80", "modules/ssh"},
}

// sharedCases are the corpus modules, every example of each, and the
// submodules above.
func sharedCases(t *testing.T) []sharedCase {
	t.Helper()
	var out []sharedCase
	for _, repo := range []string{"terraform-aws-vpc", "terraform-aws-security-group"} {
		if _, err := os.Stat(filepath.Join(sharedCorpus, repo)); err != nil {
			t.Fatalf("the shared corpus is not beside the checkout: %v", err)
		}
		out = append(out, sharedCase{repo, "."})
		for _, sub := range sharedSubmodules[repo] {
			out = append(out, sharedCase{repo, sub})
		}
		exs, err := os.ReadDir(filepath.Join(sharedCorpus, repo, "examples"))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range exs {
			if e.IsDir() {
				out = append(out, sharedCase{repo, "examples/" + e.Name()})
			}
		}
	}
	return out
}

// sharedTree copies the case's module, with the case's configuration
// files replaced by mainTF when it is given, and returns the case's
// directory in the copy.
func sharedTree(t *testing.T, c sharedCase, mainTF []byte) string {
	t.Helper()
	tree := filepath.Join(t.TempDir(), c.repo)
	copyTree(t, filepath.Join(sharedCorpus, c.repo), tree, nil)
	dir := filepath.Join(tree, c.rel)
	if mainTF == nil {
		return dir
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.IsDir() && isConfigFile(e.Name()) {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	writeFile(t, filepath.Join(dir, "main.tf"), mainTF)
	return dir
}

// compareSharedViews evaluates the original case in place and dir, its
// round trip, and compares the views and the diagnostics.
func compareSharedViews(t *testing.T, c sharedCase, dir string) {
	t.Helper()
	want, wantDiags := viewOf(t, c.dir(), load.Options{})
	got, gotDiags := viewOf(t, dir, load.Options{})
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("view of the round trip differs\n--- got\n%s\n--- want\n%s", g, w)
	}
	if !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("diagnostics of the round trip differ\n--- got\n%s\n--- want\n%s", strings.Join(gotDiags, "\n"), strings.Join(wantDiags, "\n"))
	}
}

// TestRoundTripSharedTSX converts each module and example of the shared
// corpus to TSX, builds it, and compares the evaluated views of the
// original and of the synthesized main.tf in its place.
func TestRoundTripSharedTSX(t *testing.T) {
	for _, c := range sharedCases(t) {
		t.Run(c.name(), func(t *testing.T) {
			out, ds := Dir(c.dir(), Options{Target: TSX})
			if ds.HasErrors() {
				t.Fatalf("convert: %v", ds)
			}
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "main.tsx"), out)
			cfg, ds := tsx.Build("main.tsx", tsx.Options{Dir: dir})
			if ds.HasErrors() {
				t.Fatalf("tsx build:\n%v\n--- main.tsx\n%s", ds, out)
			}
			mainTF, err := render.HCL(cfg)
			if err != nil {
				t.Fatal(err)
			}
			compareSharedViews(t, c, sharedTree(t, c, mainTF))
		})
	}
}

// TestRoundTripSharedGo converts each module and example of the shared
// corpus to a Go program, builds them with one go build, runs each in a
// copy of its module as the project directory, and compares the evaluated
// views of the original and of the stack the program wrote, which holds
// its own copy of the module the examples call as "../../".
func TestRoundTripSharedGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	mod := programModule(t)
	cases := sharedCases(t)
	for _, c := range cases {
		// The stack is named after the directory, as convert names it:
		// the examples read basename(path.cwd).
		out, ds := Dir(c.dir(), Options{Target: Go})
		if ds.HasErrors() {
			t.Fatalf("%s: convert: %v", c.name(), ds)
		}
		writeFile(t, filepath.Join(mod, "cases", c.name(), "main.go"), out)
	}
	bin := buildPrograms(t, mod)
	for _, c := range cases {
		t.Run(c.name(), func(t *testing.T) {
			outDir := filepath.Join(t.TempDir(), "tfkit.out")
			run := exec.Command(filepath.Join(bin, c.name()))
			run.Dir = sharedTree(t, c, nil)
			run.Env = append(os.Environ(), "TFKIT_OUTDIR="+outDir, "TFKIT_FORMAT=hcl")
			if out, err := run.CombinedOutput(); err != nil {
				t.Fatalf("program: %v\n%s", err, out)
			}
			stacks, err := filepath.Glob(filepath.Join(outDir, "stacks", "*"))
			if err != nil || len(stacks) != 1 {
				t.Fatalf("stacks written: %v %v", stacks, err)
			}
			if filepath.Base(stacks[0]) != StackName(filepath.Base(run.Dir)) {
				t.Errorf("stack %s, want it named after %s", stacks[0], run.Dir)
			}
			compareSharedViews(t, c, stacks[0])
		})
	}
}

// TestStackName: the stack name convert gives a directory is one a stack
// may have (letters, digits, -, _ and ., starting with a letter or digit;
// see tfkit.NewStack): the corpus's wrappers/_templates gave "_templates",
// which the program then refused.
func TestStackName(t *testing.T) {
	valid := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	for in, want := range map[string]string{
		"_templates": "templates", "my module": "my_module", "simple": "simple", "a.b-c_d": "a.b-c_d",
		".": "main", "..": "main", "___": "main", "-x": "x", "é": "main", ".hidden": "hidden",
	} {
		got := StackName(in)
		if got != want || !valid.MatchString(got) {
			t.Errorf("StackName(%q) = %q, want %q", in, got, want)
		}
	}
}
