package load

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/go-version"
	tfaddr "github.com/hashicorp/terraform-registry-address"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// A module says which engine versions may run it: Terraform reads
// required_version in its terraform blocks; OpenTofu 1.12 reads
// compatible_with { opentofu = "..." } in a language block and
// required_version only in .tofu files (it takes one in a .tf file for
// Terraform's), and OpenTofu before 1.12 read required_version in every
// file. Both refuse a module tree in which any module excludes the running
// version, and report nothing else then: what else is wrong may be a
// feature of the versions the module asks for.
//
// The loader checks the constraints against Options.EngineVersion. When
// it is not told, it checks them against every version whose language it
// evaluates for (Terraform 1.1 to 1.14, OpenTofu 1.6 to 1.12, and
// compatible_with from OpenTofu 1.12, the first to read it): a
// constraint none of them meets is refused by whichever of them runs,
// and any other is met by one of them.

// The engine versions tfkit evaluates for, when it is not told which one
// runs: from the oldest tfkit runs (the runner's version gate,
// docs/engines.md) to the newest whose language it reads (Terraform
// 1.14's action blocks, OpenTofu 1.12's language block), below the bound.
var (
	oldestTerraform      = version.Must(version.NewVersion("1.1.0"))
	terraformBelow       = version.Must(version.NewVersion("1.15.0"))
	oldestOpenTofu       = version.Must(version.NewVersion("1.6.0"))
	openTofuLanguageFrom = version.Must(version.NewVersion("1.12.0"))
	openTofuBelow        = version.Must(version.NewVersion("1.13.0"))
)

// coreConstraint is a version constraint a module sets for the engine:
// required_version, or compatible_with's opentofu.
type coreConstraint struct {
	attr       *config.Attribute
	compatible bool // language { compatible_with { opentofu = ... } }
}

// coreConstraints lists the engine version constraints of a module's
// files. Terraform takes those of the primary files, unless an override
// file has some: those of the last such file replace them. OpenTofu reads
// every file's as written.
func coreConstraints(files []*tffile.File, engine tffile.Engine) []coreConstraint {
	var out []coreConstraint
	for _, f := range files {
		if f.Config == nil {
			continue
		}
		var own []coreConstraint
		for _, b := range f.Config.Blocks {
			switch b.Type {
			case "terraform":
				if a := b.Body.Attribute("required_version"); a != nil && a.Source != nil {
					own = append(own, coreConstraint{attr: a})
				}
			case "language":
				for _, cw := range b.Body.Blocks("compatible_with") {
					if a := cw.Body.Attribute("opentofu"); a != nil && a.Source != nil {
						own = append(own, coreConstraint{attr: a, compatible: true})
					}
				}
			}
		}
		if f.Override && engine != tffile.OpenTofu && len(own) > 0 {
			out = nil
		}
		out = append(out, own...)
	}
	return out
}

// engineVersion is Options.EngineVersion parsed; nil when not given.
func (l *loader) engineVersion() (*version.Version, diag.Diagnostics) {
	s := strings.TrimPrefix(strings.TrimSpace(l.opts.EngineVersion), "v")
	if s == "" {
		return nil, nil
	}
	v, err := version.NewVersion(s)
	if err != nil {
		return nil, diag.Diagnostics{}.Errorf(nil, "Invalid engine version %q: %v", l.opts.EngineVersion, err)
	}
	return v, nil
}

// checkCoreVersions checks the engine version constraints of every module
// of the tree. It returns the diagnostics of the constraints that are
// invalid, and whether a module excludes the engine (then the diagnostics
// are all the engines report).
func (l *loader) checkCoreVersions(root *Module) (diag.Diagnostics, bool) {
	running, ds := l.engineVersion()
	if ds.HasErrors() {
		return ds, true
	}
	var out diag.Diagnostics
	refused := false
	var walk func(m *Module, from string)
	walk = func(m *Module, from string) {
		for _, c := range m.coreVersions {
			d, excluded := l.checkCoreVersion(m, from, c, running)
			if d != nil {
				out = append(out, d)
				refused = refused || excluded
			}
		}
		for _, name := range sortedKeys(m.Children) {
			src := ""
			if c := m.Calls[name]; c != nil {
				src = moduleSourceText(c.Source)
			}
			walk(m.Children[name], src)
		}
	}
	walk(root, "")
	return out, refused
}

// moduleSourceText is a module source as the engines print it: local paths
// cleaned, registry addresses with their host.
func moduleSourceText(s string) string {
	if isLocalSource(s) {
		return cleanLocalSource(s)
	}
	if a, err := tfaddr.ParseModuleSource(s); err == nil {
		return a.String()
	}
	return s
}

// checkCoreVersion checks one constraint of module m (called with source
// from; "" for the root) against the running engine (nil: every version
// tfkit runs). It returns the diagnostic, if any, and whether it says the
// engine is excluded.
func (l *loader) checkCoreVersion(m *Module, from string, c coreConstraint, running *version.Version) (*diag.Diagnostic, bool) {
	a := c.attr
	tofu := l.engine == tffile.OpenTofu
	name := filepath.Base(a.Range.Filename)
	tofuFile := strings.HasSuffix(name, ".tofu") || strings.HasSuffix(name, ".tofu.json")
	modern := running == nil || !running.Core().LessThan(openTofuLanguageFrom) // OpenTofu 1.12 or later
	switch {
	case c.compatible:
		// The language block's own rules (rules.go) check the
		// constraint's form; only OpenTofu reads it.
		if !tofu || !modern {
			return nil, false
		}
	case tofu && modern && !tofuFile:
		return nil, false // Terraform's constraint, as OpenTofu 1.12 reads it
	}
	cons, d := decodeCoreConstraint(a, !c.compatible, tofu)
	if d != nil || cons == nil {
		return d, d != nil && !c.compatible && strings.HasPrefix(d.Summary, "Invalid required_version")
	}
	rng := a.Range
	engine := "Terraform"
	if tofu {
		engine = "OpenTofu"
	}
	floor, below := oldestTerraform, terraformBelow
	if tofu {
		floor, below = oldestOpenTofu, openTofuBelow
		if c.compatible {
			floor = openTofuLanguageFrom
		}
	}
	switch {
	case running != nil && cons.Check(running.Core()):
		return nil, false
	case running == nil && satisfiable(cons, floor, below):
		return nil, false
	}
	const proceed = "To proceed, either choose another supported %s version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior."
	// The engine's words name its version; not told it, eval names the
	// versions it evaluates for.
	var which, v string
	if running != nil {
		which, v = engine+" version "+running.String(), "OpenTofu v"+running.String()
	} else {
		last := below.Segments()
		which = fmt.Sprintf("any %s version from %s to %d.%d.x (the version that runs was not given, and none of these accepts it)", engine, floor, last[0], last[1]-1)
		v = which
	}
	if tofu && modern {
		// OpenTofu 1.12's words, for the module whatever its place.
		return &diag.Diagnostic{Severity: diag.Error, Summary: "Incompatible module",
			Detail:  fmt.Sprintf("This module is not compatible with %s.\n\n"+proceed, v, engine),
			Subject: &rng}, true
	}
	subject := "This configuration does"
	if len(m.Path) > 0 {
		subject = fmt.Sprintf("Module %s (from %s) does", strings.TrimSuffix(m.Name(), "."), from)
	}
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported " + engine + " Core version",
		Detail:  fmt.Sprintf("%s not support %s. "+proceed, subject, which, engine),
		Subject: &rng}, true
}

// decodeCoreConstraint reads a version constraint as the engines do: a
// string (null is no constraint) in version constraint syntax, without
// prerelease versions. A diagnostic is returned when it is not one; the
// language block's rules report the form of compatible_with themselves,
// so for it (report false) nothing is returned but the constraint.
func decodeCoreConstraint(a *config.Attribute, report, tofu bool) (version.Constraints, *diag.Diagnostic) {
	fail := func(summary, detail string) (version.Constraints, *diag.Diagnostic) {
		if !report {
			return nil, nil
		}
		rng := a.Source.Range()
		return nil, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: &rng}
	}
	v, hd := a.Source.Value(nil)
	if hd.HasErrors() {
		return nil, nil // reported where the configuration is evaluated
	}
	v, err := convert.Convert(v, cty.String)
	if err != nil {
		return fail("Invalid version constraint", "A string value is required for "+a.Name+".")
	}
	if v.IsNull() || !v.IsWhollyKnown() {
		return nil, nil
	}
	cons, err := version.NewConstraint(v.AsString())
	if err != nil {
		return fail("Invalid version constraint", "This string does not use correct version constraint syntax.")
	}
	for _, c := range cons {
		if c.Prerelease() {
			rng := a.Range
			if !report {
				return nil, nil
			}
			engine := "terraform"
			if tofu {
				engine = "OpenTofu" // as OpenTofu names itself there
			}
			return nil, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid required_version constraint",
				Detail:  fmt.Sprintf("Prerelease version constraints are not supported: %s. Remove the prerelease information from the constraint. Prerelease versions of %s will match constraints using their version core only.", c, engine),
				Subject: &rng}
		}
	}
	return cons, nil
}

// satisfiable reports whether some version from floor to below
// (exclusive), with three segments as engine versions have, meets cons.
// The least version from floor on that does, if there is one, is floor
// or a version a constraint names, or one of the next patch versions
// after either (past a > bound or a != hole): each constraint excludes
// at most one of these in a row, so trying as many patch versions after
// each as there are constraints finds it.
func satisfiable(cons version.Constraints, floor, below *version.Version) bool {
	starts := []*version.Version{floor}
	for _, c := range cons {
		v, err := version.NewVersion(strings.TrimLeft(c.String(), "<>=!~ "))
		if err == nil && !v.Core().LessThan(floor) && v.Core().LessThan(below) {
			starts = append(starts, v.Core())
		}
	}
	for _, s := range starts {
		seg := s.Segments()
		for i := 0; i <= len(cons)+1; i++ {
			v := version.Must(version.NewVersion(fmt.Sprintf("%d.%d.%d", seg[0], seg[1], seg[2]+i)))
			if v.LessThan(below) && cons.Check(v) {
				return true
			}
		}
	}
	return false
}
