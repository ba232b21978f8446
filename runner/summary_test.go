package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/tfkit/tfkit/internal/golden"
)

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/plan/*/want.txt")
}

// TestPlanSummaryFixtures reads plans Terraform made (testdata/plan/*,
// written by generate.sh there): imports, forgets and moves, alone and
// mixed with other changes. The summary read from the plan text (what a
// deploy uses) and the one read from `show -json` of the same plan (the
// fallback) must both be the expected one.
func TestPlanSummaryFixtures(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "plan", "*", "plan.json"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, file := range dirs {
		dir := filepath.Dir(file)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var plan tfjson.Plan
			if err := plan.UnmarshalJSON(data); err != nil {
				t.Fatal(err)
			}
			fromJSON := summarize(&plan)
			golden.CheckString(t, filepath.Join(dir, "want.txt"), fromJSON.String()+"\n")
			text, err := os.ReadFile(filepath.Join(dir, "plan.txt"))
			if err != nil {
				t.Fatal(err)
			}
			var scan planScanner
			scan.Write(text)
			fromText, ok := scan.summary()
			if !ok || fromText != fromJSON {
				t.Errorf("plan text: got %+v (%v), want %+v as from show -json", fromText, ok, fromJSON)
			}
			if !fromText.Changes() {
				t.Error("no changes, but the engine said there are (plan -detailed-exitcode exited 2)")
			}
		})
	}
}

func TestSummaryText(t *testing.T) {
	cases := []struct {
		s             Summary
		text, applied string
	}{
		{Summary{Add: 1}, "1 to add, 0 to change, 0 to destroy", "1 added, 0 changed, 0 destroyed"},
		{Summary{Import: 1}, "1 to import, 0 to add, 0 to change, 0 to destroy", "1 imported, 0 added, 0 changed, 0 destroyed"},
		{Summary{Forget: 2}, "0 to add, 0 to change, 0 to destroy, 2 to forget", "0 added, 0 changed, 0 destroyed, 2 forgotten"},
		{Summary{Move: 1}, "0 to add, 0 to change, 0 to destroy, 1 moved", "0 added, 0 changed, 0 destroyed, 1 moved"},
		{Summary{Change: 1, Move: 1, Outputs: true}, "0 to add, 1 to change, 0 to destroy, 1 moved, outputs change", "0 added, 1 changed, 0 destroyed, 1 moved"},
		{Summary{Outputs: true}, "0 to add, 0 to change, 0 to destroy, outputs change", "outputs changed"},
		{Summary{Other: true}, "0 to add, 0 to change, 0 to destroy, other changes", "other changes"},
	}
	for _, c := range cases {
		if !c.s.Changes() {
			t.Errorf("%+v: no changes", c.s)
		}
		if got := c.s.String(); got != c.text {
			t.Errorf("%+v: String %q, want %q", c.s, got, c.text)
		}
		if got := c.s.Applied(); got != c.applied {
			t.Errorf("%+v: Applied %q, want %q", c.s, got, c.applied)
		}
	}
	if (Summary{}).Changes() {
		t.Error("the empty summary has changes")
	}
}

// TestPlanScannerCountsOnlyPlannedActions: headings in the report of
// changes made outside the engine, before the planned actions, are not
// counted, and a forget count in the "Plan:" line (OpenTofu, later
// Terraform) wins over the headings.
func TestPlanScannerCountsOnlyPlannedActions(t *testing.T) {
	text := strings.Join([]string{
		"Terraform detected the following changes made outside of Terraform since the",
		`  # (moved from terraform_data.x)`,
		"OpenTofu will perform the following actions:",
		"  # terraform_data.a has moved to terraform_data.b",
		" # terraform_data.c will no longer be managed by OpenTofu, but will not be destroyed",
		" # terraform_data.d will be removed from the OpenTofu state but will not be destroyed",
		"Plan: 0 to add, 0 to change, 0 to destroy, 3 to forget.",
		"",
	}, "\n")
	var p planScanner
	p.Write([]byte(text))
	if got, ok := p.summary(); !ok || got != (Summary{Forget: 3, Move: 1}) {
		t.Errorf("got %+v %v", got, ok)
	}
}

// TestPlanScannerIgnoresHeredocs: lines of a resource's attribute value
// (a heredoc) that read like the headings of moved or forgotten resources,
// or like the engine's own lines, do not count; only the headings' own
// indentation does. The OpenTofu text is what OpenTofu 1.12 printed, the
// Terraform one follows its fixtures in testdata/plan.
func TestPlanScannerIgnoresHeredocs(t *testing.T) {
	heredoc := `      + input  = <<-EOT
            # the config has moved to /etc/app.conf
            # (moved from /etc/old.conf)
            # x will no longer be managed by Terraform, but will not be destroyed
            # x will no longer be managed by OpenTofu, but will not be destroyed
            # x will be removed from the OpenTofu state but will not be destroyed
            Plan: 9 to add, 0 to change, 0 to destroy, 9 to forget.
            Changes to Outputs:
            Terraform will perform the following actions:
        EOT
`
	cases := map[string]struct {
		text string
		want Summary
	}{
		"terraform": {`Terraform will perform the following actions:

 # terraform_data.a will no longer be managed by Terraform, but will not be destroyed
 # (destroy = false is set in the configuration)
 . resource "terraform_data" "a" {
        id = "0172833d-eb23-3276-2a64-f5abec9c6e0d"
    }

  # terraform_data.m has moved to terraform_data.m2
    resource "terraform_data" "m2" {
        id = "8f9c90a0-cdda-ca94-9273-46f081c6be45"
    }

  # terraform_data.n will be created
  + resource "terraform_data" "n" {
      + id     = (known after apply)
` + heredoc + `      + output = (known after apply)
    }

Plan: 1 to add, 0 to change, 0 to destroy.
`, Summary{Add: 1, Forget: 1, Move: 1}},
		"tofu": {`OpenTofu will perform the following actions:

  # terraform_data.a will be removed from the OpenTofu state but will not be destroyed
  . resource "terraform_data" "a" {
    id     = "37368886-e677-dec7-7046-2e5f736bab08"
}

  # terraform_data.m has moved to terraform_data.m2
    resource "terraform_data" "m2" {
        id     = "2804eaca-acd3-abaa-ff79-3a2469bcc275"
        # (2 unchanged attributes hidden)
    }

  # terraform_data.n will be created
  + resource "terraform_data" "n" {
      + id     = (known after apply)
` + heredoc + `      + output = (known after apply)
    }

Plan: 1 to add, 0 to change, 0 to destroy, 1 to forget.
`, Summary{Add: 1, Forget: 1, Move: 1}},
		"created only": {`Terraform will perform the following actions:

  # terraform_data.n will be created
  + resource "terraform_data" "n" {
` + heredoc + `    }

Plan: 1 to add, 0 to change, 0 to destroy.
`, Summary{Add: 1}},
	}
	for name, c := range cases {
		var p planScanner
		p.Write([]byte(c.text))
		if got, ok := p.summary(); got != c.want || !ok {
			t.Errorf("%s: got %+v %v, want %+v", name, got, ok, c.want)
		}
	}
}
