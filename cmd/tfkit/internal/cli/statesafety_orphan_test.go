package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenamedStackKeepsItsState: a stack renamed in the app leaves its
// state under the old name. deploy warns before the new name's plan, with
// the command that carries the state over; once it is moved, the renamed
// stack has no changes. A stack removed from the app is warned about
// while its state holds resources, and no more once they are destroyed.
func TestRenamedStackKeepsItsState(t *testing.T) {
	p := newStackProject(t)
	const tf = "resource \"terraform_data\" \"d\" {\n  input = \"v1\"\n}\n"
	p.write(testStack{name: "a", tf: tf}, testStack{name: "b", tf: tf})
	if res := p.tfkit("", "deploy", "--auto-approve"); res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}

	// b renamed c: the plan of c would create b's resources again.
	p.write(testStack{name: "a", tf: tf}, testStack{name: "c", tf: tf})
	old, renamed := filepath.Join(".tfkit", "tfkit.out", "stacks", "b"), filepath.Join(".tfkit", "tfkit.out", "stacks", "c")
	// diff, where the new name first shows as all to add, says it too.
	res := p.tfkit("", "diff")
	want := "Warning: stack b is no longer in tfkit.out but its state is still in " + old + "; its resources were not destroyed\n" +
		"  hint: if stack c is b renamed, carry its state over before deploying: mkdir -p " + renamed + " && mv -n " + filepath.Join(old, "terraform.tfstate") + " " + renamed + "/" +
		"; otherwise destroy them with 'terraform -chdir=" + old + " destroy', then remove that directory\n"
	if res.code != ExitOK || !strings.Contains(res.stderr, want) {
		t.Fatalf("diff after the rename: want on standard error\n%s\ngot %s", want, res)
	}
	res = p.tfkit("no\n", "deploy")
	want = "Warning: stack b is no longer in tfkit.out but its state is still in " + old + "; its resources were not destroyed\n" +
		"  hint: if stack c is b renamed, stop (answer no, or Ctrl-C) and carry its state over first: mkdir -p " + renamed + " && mv -n " + filepath.Join(old, "terraform.tfstate") + " " + renamed + "/" +
		"; otherwise destroy them with 'terraform -chdir=" + old + " destroy', then remove that directory\n"
	if !strings.Contains(res.stderr, want) {
		t.Fatalf("deploy after the rename: want on standard error\n%s\ngot %s", want, res)
	}
	if !strings.Contains(summary(res.stdout, "Deploy"), "  c  failed: not approved\n") {
		t.Fatalf("deploy after the rename: c should wait for approval: %s", res)
	}
	// As the hint says.
	hint := exec.Command("sh", "-c", "mkdir -p "+renamed+" && mv -n "+filepath.Join(old, "terraform.tfstate")+" "+renamed+"/")
	hint.Dir = p.dir
	if out, err := hint.CombinedOutput(); err != nil {
		t.Fatalf("the hint's command: %v\n%s", err, out)
	}
	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK || summary(res.stdout, "Deploy") != "  a  no changes\n  c  no changes\n" || strings.Contains(res.stderr, "Warning") {
		t.Fatalf("deploy after moving the state: want no changes and no warning: %s", res)
	}

	// c removed from the app: warned about until its resources are gone.
	p.write(testStack{name: "a", tf: tf})
	res = p.tfkit("", "deploy", "--auto-approve")
	want = "Warning: stack c is no longer in tfkit.out but its state is still in " + renamed + "; its resources were not destroyed\n" +
		"  hint: destroy them with 'terraform -chdir=" + renamed + " destroy', then remove that directory\n"
	if res.code != ExitOK || !strings.Contains(res.stderr, want) {
		t.Fatalf("deploy without c: want\n%s\ngot %s", want, res)
	}
	engine := ""
	for _, kv := range p.env {
		if v, ok := strings.CutPrefix(kv, "TFKIT_TERRAFORM="); ok {
			engine = v
		}
	}
	cmd := exec.Command(engine, "-chdir="+renamed, "destroy", "-auto-approve", "-input=false")
	cmd.Dir, cmd.Env = p.dir, append(os.Environ(), p.env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the hint's destroy: %v\n%s", err, out)
	}
	res = p.tfkit("", "diff")
	if res.code != ExitOK || strings.Contains(res.stderr, "Warning") {
		t.Errorf("diff once c's resources are destroyed: want no warning: %s", res)
	}
}

// TestRenamedStackAutoApprove: deploy --auto-approve asks nothing, so the
// warning about a stack that may be renamed says what is happening and
// what to do then; the old name's state is left as it was.
func TestRenamedStackAutoApprove(t *testing.T) {
	p := newStackProject(t)
	const tf = "resource \"terraform_data\" \"d\" {\n  input = \"v1\"\n}\n"
	p.write(testStack{name: "b", tf: tf})
	if res := p.tfkit("", "deploy", "--auto-approve"); res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	oldState := filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", "b", "terraform.tfstate")
	before, err := os.ReadFile(oldState)
	if err != nil {
		t.Fatal(err)
	}
	p.write(testStack{name: "c", tf: tf})
	res := p.tfkit("", "deploy", "--auto-approve")
	old := filepath.Join(".tfkit", "tfkit.out", "stacks", "b")
	want := "  hint: if stack c is b renamed, its deploy now creates b's resources again (--auto-approve asks nothing): " +
		"stop it with Ctrl-C, or afterwards destroy what c created ('terraform -chdir=" + filepath.Join(".tfkit", "tfkit.out", "stacks", "c") + " destroy'), " +
		"and carry b's state over before deploying c again: mv " + filepath.Join(old, "terraform.tfstate") + " " + filepath.Join(".tfkit", "tfkit.out", "stacks", "c") + "/" +
		"; otherwise destroy them with 'terraform -chdir=" + old + " destroy', then remove that directory\n"
	if res.code != ExitOK || !strings.Contains(res.stderr, want) {
		t.Fatalf("deploy --auto-approve after the rename: want on standard error\n%s\ngot %s", want, res)
	}
	if after, err := os.ReadFile(oldState); err != nil || string(after) != string(before) {
		t.Errorf("b's state changed: %v", err)
	}
}
