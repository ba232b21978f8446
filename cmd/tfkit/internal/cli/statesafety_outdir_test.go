package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewOutputDirectoryWarnsOfOtherState: deploying into another output
// directory starts new state (another environment), so a stack that has
// none there but has state with resources under another output directory
// is warned about before its plan, with where that state is and where it
// would have to go if the output directory was only renamed. Once the
// stack has state there, or when the other state is empty, no warning.
func TestNewOutputDirectoryWarnsOfOtherState(t *testing.T) {
	p := newStackProject(t)
	p.write(testStack{name: "app", tf: "resource \"terraform_data\" \"d\" {\n  input = \"v1\"\n}\n"})
	if res := p.tfkit("", "deploy", "--auto-approve"); res.code != ExitOK || strings.Contains(res.stderr, "Warning") {
		t.Fatalf("first deploy: %s", res)
	}
	old, other := filepath.Join(".tfkit", "tfkit.out", "stacks"), filepath.Join(".tfkit", "other.out", "stacks")
	want := "Warning: stack app has no state for other.out yet, but has state with resources from output directory tfkit.out (in " + old + "); deploying creates its resources again\n" +
		"  hint: each output directory has state of its own, as for another environment; if other.out is tfkit.out renamed, stop (answer no, or Ctrl-C) and first move each stack's terraform.tfstate from " +
		old + "/<stack>/ into " + other + "/<stack>/\n"
	res := p.tfkit("no\n", "deploy", "--out", "other.out")
	if !strings.Contains(res.stderr, want) || summary(res.stdout, "Deploy") != "  app  failed: not approved\n" {
		t.Fatalf("deploy into other.out: want\n%s\ngot %s", want, res)
	}
	if _, err := os.Stat(filepath.Join(p.dir, other, "app", "terraform.tfstate")); !os.IsNotExist(err) {
		t.Fatalf("a state was written for other.out: %v", err)
	}
	// A second environment, deployed on purpose: warned until it has
	// state. --auto-approve asks nothing, and the hint says so.
	want = strings.Replace(want, "stop (answer no, or Ctrl-C)", "stop it with Ctrl-C now (--auto-approve asks nothing)", 1)
	if res := p.tfkit("", "deploy", "--out", "other.out", "--auto-approve"); res.code != ExitOK || !strings.Contains(res.stderr, want) {
		t.Fatalf("deploy into other.out approved: %s", res)
	}
	if res := p.tfkit("", "deploy", "--out", "other.out", "--auto-approve"); res.code != ExitOK || strings.Contains(res.stderr, "Warning") {
		t.Errorf("deploy into other.out once it has state: want no warning: %s", res)
	}
	// Another output directory, while the others' states are empty.
	for _, out := range []string{"tfkit.out", "other.out"} {
		if res := p.tfkit("", "destroy", "--out", out, "--auto-approve"); res.code != ExitOK {
			t.Fatalf("destroy %s: %s", out, res)
		}
	}
	if res := p.tfkit("no\n", "deploy", "--out", "third.out"); strings.Contains(res.stderr, "Warning") {
		t.Errorf("deploy into third.out with the other states empty: want no warning: %s", res)
	}
}
