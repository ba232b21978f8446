package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDestroyRefusesToLeaveDependants: destroying a stack that a deployed
// stack depends on is refused unless the dependant is destroyed in the
// same command or --ignore-missing-stack-dependencies is given; dependants
// never deployed, or destroyed already, do not count.
func TestDestroyRefusesToLeaveDependants(t *testing.T) {
	p, log := fakeEngineProject(t, `{"terraform_version":"1.11.4","terraform_outdated":false}`)
	p.write(
		testStack{name: "a", tf: "resource \"terraform_data\" \"a\" {}\n"},
		testStack{name: "b", deps: []string{"a"}, tf: "resource \"terraform_data\" \"b\" {}\n"},
		testStack{name: "c", deps: []string{"b"}, tf: "resource \"terraform_data\" \"c\" {}\n"},
	)
	state := func(stack, content string) {
		dir := filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", stack)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const full = `{"version":4,"resources":[{"mode":"managed","type":"terraform_data","name":"x","instances":[]}]}`
	const empty = `{"version":4,"resources":[]}`
	state("a", full)
	state("b", full)
	state("c", full)

	res := p.tfkit("", "destroy", "--auto-approve", "a")
	wantErr := "Error: refusing to destroy a: stacks b, c depend on it and are still deployed\n" +
		"  hint: destroy them in the same command ('tfkit destroy a b c'), or use --ignore-missing-stack-dependencies to destroy only a (b, c may then fail to plan)\n"
	if res.code != ExitFailure || !strings.HasSuffix(res.stderr, wantErr) {
		t.Errorf("want exit 1 and\n%s\ngot %s", wantErr, res)
	}
	res = p.tfkit("", "destroy", "--auto-approve", "a", "b")
	wantErr = "Error: refusing to destroy a, b: stack c depends on them and is still deployed\n"
	if res.code != ExitFailure || !strings.Contains(res.stderr, wantErr) {
		t.Errorf("want exit 1 and\n%s\ngot %s", wantErr, res)
	}
	if _, err := os.Stat(log); err == nil {
		t.Fatalf("the engine ran although destroy was refused")
	}

	// c destroyed already (its state empty): destroying a and b is fine,
	// and so is a alone with the flag. The fake engine then fails init,
	// which shows that the command got past the check.
	state("c", empty)
	for _, args := range [][]string{{"a", "b"}, {"--ignore-missing-stack-dependencies", "a"}, {}} {
		res = p.tfkit("", append([]string{"destroy", "--auto-approve"}, args...)...)
		if strings.Contains(res.stderr, "refusing") || !strings.Contains(res.stdout, "failed: terraform init failed") {
			t.Errorf("destroy %v was refused or did not reach a:\n%s", args, res)
		}
	}
	// A dependant never deployed has no working directory.
	if err := os.RemoveAll(filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", "b")); err != nil {
		t.Fatal(err)
	}
	res = p.tfkit("", "destroy", "--auto-approve", "a")
	if strings.Contains(res.stderr, "refusing") {
		t.Errorf("a dependant never deployed blocks destroy:\n%s", res)
	}
}
