package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeEngineProject is a stackProject whose engine is a script that
// answers `version -json` as the given engine and version and logs every
// other command it is asked to run, failing it.
func fakeEngineProject(t *testing.T, versionJSON string) (p *stackProject, log string) {
	t.Helper()
	bin := t.TempDir()
	log = filepath.Join(bin, "log")
	script := "#!/bin/sh\nif [ \"$1\" = version ]; then echo '" + versionJSON + "'; exit 0; fi\necho \"$@\" >> " + log + "\nexit 1\n"
	engine := filepath.Join(bin, "terraform")
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	p = &stackProject{t: t, dir: t.TempDir(), env: []string{"TFKIT_TERRAFORM=" + engine, "CHECKPOINT_DISABLE=1"}}
	if err := os.WriteFile(filepath.Join(p.dir, "tfkit.json"), []byte(`{"app": "cp -R src/. \"$TFKIT_OUTDIR\""}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, log
}

const ephemeralStack = `resource "terraform_data" "a" {}

ephemeral "random_password" "p" {
  length = 8
}
`

// TestVersionGateFailsStackEarly: a stack using a construct the engine is
// too old for fails before the engine runs anything on it, with the
// construct, its file:line, both versions and a hint; its dependants are
// skipped as after any failure.
func TestVersionGateFailsStackEarly(t *testing.T) {
	for _, tc := range []struct{ name, version, want string }{
		{"terraform", `{"terraform_version":"1.9.8","terraform_outdated":false}`,
			"tfkit.out/stacks/a/main.tf:3:1: ephemeral resources need Terraform 1.10 or later (or OpenTofu 1.11); this is Terraform 1.9.8"},
		{"opentofu", `{"terraform_version":"1.10.2"}`,
			"tfkit.out/stacks/a/main.tf:3:1: ephemeral resources need OpenTofu 1.11 or later (or Terraform 1.10); this is OpenTofu 1.10.2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, log := fakeEngineProject(t, tc.version)
			p.write(
				testStack{name: "a", tf: ephemeralStack},
				testStack{name: "b", deps: []string{"a"}, tf: "resource \"terraform_data\" \"b\" {}\n"},
			)
			for _, cmd := range []string{"diff", "deploy"} {
				res := p.tfkit("", cmd, "--auto-approve")
				if cmd == "diff" {
					res = p.tfkit("", cmd)
				}
				heading := strings.ToUpper(cmd[:1]) + cmd[1:]
				want := "  a  failed: " + tc.want + "\n  b  skipped: a failed\n"
				if res.code != ExitFailure || summary(res.stdout, heading) != want {
					t.Errorf("%s: want exit 1 and\n%s\ngot %s", cmd, want, res)
				}
				if !strings.Contains(res.stderr, "a | Error: "+tc.want+"\na |   hint: upgrade ") || !strings.Contains(res.stderr, "--engine PATH or TFKIT_TERRAFORM\n") {
					t.Errorf("%s: no diagnostic with hint:\n%s", cmd, res.stderr)
				}
			}
			if data, err := os.ReadFile(log); err == nil {
				t.Errorf("the engine ran on a gated stack:\n%s", data)
			}
		})
	}
}

// TestVersionGatePassesSupportedConstructs runs the real engines on a
// stack whose constructs they support: an ephemeral variable, a check block
// and a removed block with a lifecycle block need Terraform 1.10 and
// OpenTofu 1.11 at most.
func TestVersionGatePassesSupportedConstructs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	forEachEngine(t, testVersionGatePassesSupportedConstructs)
}

func testVersionGatePassesSupportedConstructs(t *testing.T, engine string) {
	p := newStackProjectWith(t, engine)
	p.write(testStack{name: "s", tf: `variable "token" {
  type      = string
  default   = "t"
  ephemeral = true
}

resource "terraform_data" "a" {}

check "ok" {
  assert {
    condition     = terraform_data.a.id != ""
    error_message = "no id"
  }
}

removed {
  from = terraform_data.gone
  lifecycle {
    destroy = false
  }
}
`})
	res := p.tfkit("", "diff")
	if res.code != ExitOK || summary(res.stdout, "Diff") != "  s  1 to add, 0 to change, 0 to destroy\n" {
		t.Errorf("want exit 0 and one resource to add, got %s", res)
	}
}

// TestDiffNamesUndeployedDependency: a stack whose plan fails while a
// stack it depends on was never deployed is reported with that cause (its
// remote state has no outputs yet), which the engine's "Unsupported
// attribute" does not say; once the dependency has state, a failure is
// the engine's alone.
func TestDiffNamesUndeployedDependency(t *testing.T) {
	bin := t.TempDir()
	// Plans succeed without changes, except stack b's, which fails as the
	// engine does on a remote state without outputs.
	script := `#!/bin/sh
case "$1" in
version) echo '{"terraform_version":"1.11.4","terraform_outdated":false}' ;;
init) exit 0 ;;
plan) case "$PWD" in */b) echo 'Error: Unsupported attribute' >&2; exit 1 ;; esac; echo 'No changes.'; exit 0 ;;
esac
`
	engine := filepath.Join(bin, "terraform")
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	p := &stackProject{t: t, dir: t.TempDir(), env: []string{"TFKIT_TERRAFORM=" + engine, "CHECKPOINT_DISABLE=1"}}
	if err := os.WriteFile(filepath.Join(p.dir, "tfkit.json"), []byte(`{"app": "cp -R src/. \"$TFKIT_OUTDIR\""}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p.write(
		testStack{name: "a", tf: "resource \"terraform_data\" \"a\" {}\n"},
		testStack{name: "b", deps: []string{"a"}, tf: "resource \"terraform_data\" \"b\" {}\n"},
	)
	res := p.tfkit("", "diff")
	want := "  a  no changes\n  b  failed: terraform plan failed: exit status 1 (it depends on stack a, which was never deployed: the outputs it reads are not there yet; 'tfkit deploy' deploys a first)\n"
	if res.code != ExitFailure || summary(res.stdout, "Diff") != want {
		t.Errorf("want exit 1 and\n%s\ngot %s", want, res)
	}
	state := `{"version":4,"serial":1,"lineage":"x","outputs":{"o":{"value":"v","type":"string"}},"resources":[]}`
	if err := os.WriteFile(filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", "a", "terraform.tfstate"), []byte(state), 0o644); err != nil {
		t.Fatal(err)
	}
	res = p.tfkit("", "diff")
	want = "  a  no changes\n  b  failed: terraform plan failed: exit status 1\n"
	if res.code != ExitFailure || summary(res.stdout, "Diff") != want {
		t.Errorf("with a deployed: want exit 1 and\n%s\ngot %s", want, res)
	}
}
