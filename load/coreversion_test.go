package load

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// coreVersionFiles is a root module whose required_version excludes
// every engine, calling a child that excludes Terraform 1.x, with an
// error the engines do not report once a module excludes them.
var coreVersionFiles = map[string]string{
	"main.tf": `terraform {
  required_version = ">= 99.0"
}

module "m" {
  source = "./m"
}

output "o" {
  value = var.undeclared
}
`,
	"m/main.tf": `terraform {
  required_version = "< 1.0"
}
`,
}

// problems are the errors and warnings of ds, as "summary @ file:line".
func problems(ds diag.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		p := d.Summary
		if d.Subject != nil {
			p += " @ " + d.Subject.Filename + ":" + itoa(d.Subject.Start.Line)
		}
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// TestCoreVersion: each module's required_version (and, for OpenTofu,
// compatible_with and the required_version of .tofu files) is checked
// against the engine's version, or, not told it, against every version
// eval evaluates for; a module that excludes the engine is all that is
// reported, in the engine's words.
func TestCoreVersion(t *testing.T) {
	for _, c := range []struct {
		name    string
		files   map[string]string
		engine  tffile.Engine
		version string
		want    []string
		detail  string // in the first diagnostic
	}{{
		name: "terraform unknown", files: coreVersionFiles,
		want:   []string{"Unsupported Terraform Core version @ m/main.tf:2", "Unsupported Terraform Core version @ main.tf:2"},
		detail: "This configuration does not support any Terraform version from 1.1.0 to 1.14.x (the version that runs was not given, and none of these accepts it). To proceed, either choose another supported Terraform version or update this version constraint.",
	}, {
		name: "terraform known", files: coreVersionFiles, version: "1.11.4",
		want:   []string{"Unsupported Terraform Core version @ m/main.tf:2", "Unsupported Terraform Core version @ main.tf:2"},
		detail: "Module module.m (from ./m) does not support Terraform version 1.11.4. To proceed,",
	}, {
		name: "terraform admitted", version: "1.11.4", files: map[string]string{"main.tf": `terraform {
  required_version = ">= 1.3, < 2.0, != 1.5.0"
}
`},
	}, {
		// Not told the version, eval refuses no constraint that a version
		// it evaluates for meets.
		name: "newer terraform", files: map[string]string{"main.tf": `terraform {
  required_version = "~> 1.14.2"
}
`},
	}, {
		name: "pinned", files: map[string]string{"main.tf": `terraform {
  required_version = "> 1.5.0, < 1.5.2, != 1.5.1"
}
`}, want: []string{"Unsupported Terraform Core version @ main.tf:2"},
	}, {
		name: "override replaces", files: map[string]string{"main.tf": `terraform {
  required_version = ">= 99.0"
}
`, "override.tf": `terraform {
  required_version = ">= 1.0"
}
`},
	}, {
		name: "not a constraint", files: map[string]string{"main.tf": `terraform {
  required_version = "latest"
}

output "o" {
  value = var.undeclared
}
`}, want: []string{"Invalid version constraint @ main.tf:2", "Reference to undeclared input variable @ main.tf:6"},
	}, {
		name: "prerelease", files: map[string]string{"main.tf": `terraform {
  required_version = ">= 1.10.0-beta1"
}
`}, want: []string{"Invalid required_version constraint @ main.tf:2"},
	}, {
		// OpenTofu 1.12 takes required_version in a .tf file for
		// Terraform's, and reads its own in .tofu files and language blocks.
		name: "opentofu", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `terraform {
  required_version = ">= 99.0"
}

language {
  compatible_with {
    opentofu = ">= 1.13"
  }
}
`, "versions.tofu": `terraform {
  required_version = "< 1.6"
}
`}, want: []string{"Incompatible module @ main.tf:7", "Incompatible module @ versions.tofu:2"},
		detail: "This module is not compatible with any OpenTofu version from 1.12.0 to 1.12.x",
	}, {
		name: "opentofu known", engine: tffile.OpenTofu, version: "1.12.6", files: map[string]string{"main.tf": `terraform {
  required_version = ">= 99.0"
}
`, "versions.tofu": `terraform {
  required_version = "< 1.12"
}
`}, want: []string{"Incompatible module @ versions.tofu:2"},
		detail: "This module is not compatible with OpenTofu v1.12.6.\n\nTo proceed,",
	}, {
		// Before 1.12, OpenTofu read required_version in every file.
		name: "older opentofu", engine: tffile.OpenTofu, version: "1.11.3", files: coreVersionFiles,
		want:   []string{"Unsupported OpenTofu Core version @ m/main.tf:2", "Unsupported OpenTofu Core version @ main.tf:2"},
		detail: "Module module.m (from ./m) does not support OpenTofu version 1.11.3.",
	}} {
		t.Run(c.name, func(t *testing.T) {
			dir := writeFiles(t, c.files)
			_, ds := Dir(dir, Options{Engine: c.engine, EngineVersion: c.version})
			if got := problems(ds); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Fatalf("got\n%s\nwant\n%s\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"), ds.Error())
			}
			if c.detail != "" {
				found := false
				for _, d := range ds {
					found = found || strings.Contains(d.Detail, c.detail)
				}
				if !found {
					t.Errorf("no detail %q in\n%s", c.detail, ds.Error())
				}
			}
		})
	}
}

// TestCoreVersionMatchesEngines: told the version of the engine that runs,
// eval refuses the configuration where terraform init and tofu init do,
// with their summaries on their lines, and reports nothing else, as they
// do not.
func TestCoreVersionMatchesEngines(t *testing.T) {
	files := map[string]string{"versions.tofu": `terraform {
  required_version = ">= 99.0"
}
`}
	for n, s := range coreVersionFiles {
		files[n] = s
	}
	version := regexp.MustCompile(` v(\d+\.\d+\.\d+\S*)\)$`)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		m := version.FindStringSubmatch(enginetest.Describe(engine))
		if m == nil {
			t.Fatalf("no version in %q", enginetest.Describe(engine))
		}
		w := enginetest.Workspace(t, files)
		r := w.Exec("init", "-backend=false", "-input=false", "-no-color")
		var want []string
		for p := range engineProblems(r.Output) {
			want = append(want, strings.TrimPrefix(p, "Error: "))
		}
		sort.Strings(want)
		if len(want) == 0 {
			t.Fatalf("%s refuses nothing:\n%s", r.Engine, r.Output)
		}
		_, ds := Dir(w.Dir, Options{Engine: tffile.EngineOf(w.Engine), EngineVersion: m[1]})
		if got := problems(ds); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("eval reports\n%s\n%s reports\n%s\n%s", strings.Join(got, "\n"), r.Engine, strings.Join(want, "\n"), r.Output)
		}
	})
}
