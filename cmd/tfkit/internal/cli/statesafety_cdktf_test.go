package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCDKTFStateIsNotLeftBehind: a stack deployed by CDK for Terraform
// with its default local backend has its state in
// terraform.<stack>.tfstate in the project directory. deploy refuses to
// create its resources again, diff warns, and both say how to move the
// file; once moved as the hint says, the stack has no changes.
func TestCDKTFStateIsNotLeftBehind(t *testing.T) {
	p := newStackProject(t)
	const tf = "resource \"terraform_data\" \"d\" {\n  input = \"v1\"\n}\n"
	p.write(testStack{name: "web", tf: tf})
	if res := p.tfkit("", "deploy", "--auto-approve"); res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	// As CDK for Terraform left it: the state beside the project file.
	work := filepath.Join(".tfkit", "tfkit.out", "stacks", "web")
	if err := os.Rename(filepath.Join(p.dir, work, "terraform.tfstate"), filepath.Join(p.dir, "terraform.web.tfstate")); err != nil {
		t.Fatal(err)
	}

	hint := "  hint: move it into the stack's working directory first: mkdir -p " + work + " && mv -n terraform.web.tfstate " + filepath.Join(work, "terraform.tfstate") + " (or move it away if it is not this stack's)\n"
	said := "stack web has no state in " + work + " yet, but terraform.web.tfstate in the project directory holds resources: CDK for Terraform's default local backend keeps stack web's state there, and tfkit does not read it"
	res := p.tfkit("", "diff")
	if res.code != ExitOK || !strings.Contains(res.stderr, "Warning: "+said+"; the plan below creates them again\n"+hint) {
		t.Errorf("diff: want the warning and hint, got %s", res)
	}
	res = p.tfkit("", "destroy", "--auto-approve")
	if res.code != ExitOK || !strings.Contains(res.stderr, "Warning: "+said+"; destroy leaves them alone\n"+hint) {
		t.Errorf("destroy: want the warning and hint, got %s", res)
	}
	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: "+said+"; deploying would create them again\n"+hint) {
		t.Fatalf("deploy: want it refused with the hint, got %s", res)
	}
	if _, err := os.Stat(filepath.Join(p.dir, work, "terraform.tfstate")); !os.IsNotExist(err) {
		t.Fatalf("deploy wrote a state: %v", err)
	}

	cmd := exec.Command("sh", "-c", "mkdir -p "+work+" && mv -n terraform.web.tfstate "+filepath.Join(work, "terraform.tfstate"))
	cmd.Dir = p.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the hint's command: %v\n%s", err, out)
	}
	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK || summary(res.stdout, "Deploy") != "  web  no changes\n" || strings.Contains(res.stderr, "Warning") {
		t.Fatalf("deploy after moving the state: want no changes and no warning: %s", res)
	}
}
