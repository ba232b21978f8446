package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// States a stack's working directory may hold.
const (
	full        = `{"version":4,"resources":[{"mode":"managed","type":"terraform_data","name":"x","instances":[]}]}`
	outputsOnly = `{"version":4,"outputs":{"id":{"value":"x","type":"string"}},"resources":[]}`
	empty       = `{"version":4,"resources":[]}`
)

// chainProject writes stacks a, b and c, each depending on the one
// before, over an engine that fails every command but version; state
// writes a stack's state file as deploy would have left it.
func chainProject(t *testing.T) (p *stackProject, log string, state func(stack, content string)) {
	p, log = fakeEngineProject(t, `{"terraform_version":"1.11.4","terraform_outdated":false}`)
	p.write(
		testStack{name: "a", tf: "resource \"terraform_data\" \"a\" {}\n"},
		testStack{name: "b", deps: []string{"a"}, tf: "resource \"terraform_data\" \"b\" {}\n"},
		testStack{name: "c", deps: []string{"b"}, tf: "resource \"terraform_data\" \"c\" {}\n"},
	)
	state = func(stack, content string) {
		dir := filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", stack)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p, log, state
}

// TestDeployRefusesMissingDependencies: deploying a stack whose
// dependencies are left out of the command is refused while one of them
// was never deployed (no state, or no resources and no outputs), unless
// --ignore-missing-stack-dependencies is given.
func TestDeployRefusesMissingDependencies(t *testing.T) {
	p, log, state := chainProject(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"c"}, "Error: refusing to deploy c: it depends on stacks a, b, which were never deployed\n" +
			"  hint: deploy them in the same command ('tfkit deploy a b c'), or use --ignore-missing-stack-dependencies to deploy only c (its plan may then fail reading their outputs)\n"},
		{[]string{"b", "c"}, "Error: refusing to deploy b, c: they depend on stack a, which was never deployed\n"},
	} {
		res := p.tfkit("", append([]string{"deploy", "--auto-approve"}, tc.args...)...)
		if res.code != ExitFailure || !strings.Contains(res.stderr, tc.want) {
			t.Errorf("deploy %v: want exit 1 and\n%s\ngot %s", tc.args, tc.want, res)
		}
	}
	if _, err := os.Stat(log); err == nil {
		t.Fatalf("the engine ran although deploy was refused")
	}

	// a has outputs alone (deployed), b was destroyed (empty): c still
	// waits for b.
	state("a", outputsOnly)
	state("b", empty)
	res := p.tfkit("", "deploy", "--auto-approve", "c")
	if want := "refusing to deploy c: it depends on stack b, which was destroyed"; !strings.Contains(res.stderr, want) {
		t.Errorf("want %q, got %s", want, res)
	}

	// The fake engine fails init, which shows that the command got past
	// the check.
	pastCheck := func(args ...string) {
		t.Helper()
		res := p.tfkit("", append([]string{"deploy", "--auto-approve"}, args...)...)
		if strings.Contains(res.stderr, "refusing") || !strings.Contains(res.stdout, "failed: terraform init failed") {
			t.Errorf("deploy %v was refused or did not reach the engine:\n%s", args, res)
		}
	}
	pastCheck("--ignore-missing-stack-dependencies", "c")
	pastCheck("b", "c")
	pastCheck() // every stack
	state("b", full)
	pastCheck("c")
}

// TestDestroyRefusesToLeaveDependants: destroying a stack that a deployed
// stack depends on is refused unless the dependant is destroyed in the
// same command or --ignore-missing-stack-dependencies is given; dependants
// never deployed, or destroyed already, do not count.
func TestDestroyRefusesToLeaveDependants(t *testing.T) {
	p, log, state := chainProject(t)
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
