package load

import (
	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	tfaddr "github.com/hashicorp/terraform-registry-address"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// A module call's version constrains the registry module init installs.
// The engines read it before anything is evaluated, as they read the
// source: Terraform only as a literal string, OpenTofu (1.8) also built
// from variables and locals (early evaluation, static.go). Both refuse to
// plan with a module whose installed version no longer satisfies the
// constraint; the loader does the same check against
// .terraform/modules/modules.json, so that eval never evaluates a module
// the engine would not use. With a version, both read the source as a
// registry address and refuse anything else (a local path, git::, a URL)
// before init fetches anything; so does the loader, with the parser
// Terraform uses (docs/decisions/024-registry-address-parser.md).

// initHint is what to run to install the modules, for the engine.
func (l *loader) initHint() string {
	if l.engine == tffile.OpenTofu {
		return "run tofu init in the root module directory"
	}
	return "run terraform init (or tofu init) in the root module directory"
}

// engineName is the engine whose words eval uses: Terraform unless it
// reads for OpenTofu.
func (l *loader) engineName() tffile.Engine {
	if l.engine == tffile.OpenTofu {
		return tffile.OpenTofu
	}
	return tffile.Terraform
}

// initName is the engine's init command.
func (l *loader) initName() string {
	if l.engine == tffile.OpenTofu {
		return "tofu init"
	}
	return "terraform init"
}

// moduleVersion evaluates the version of call c of m into c.Version and
// checks it against the version init installed for the call at key. It
// returns why the module is not loaded ("" when it may be), having
// reported the diagnostic.
func (l *loader) moduleVersion(m *Module, c *CallDecl, key string) string {
	x := c.VersionExpr
	if x == nil {
		return ""
	}
	r := x.Range()
	fail := func(summary, detail, suggestion, why string) string {
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: summary, Detail: detail, Subject: &r, Suggestion: suggestion})
		return why
	}
	var v cty.Value
	literal, hd := x.Value(nil)
	switch {
	case len(x.Variables()) == 0 && (l.engine != tffile.OpenTofu || !hd.HasErrors()):
		if v = literal; hd.HasErrors() {
			return fail("Invalid module version", hd.Error(), "", "invalid module version")
		}
	case l.engine != tffile.OpenTofu:
		return fail("Invalid module version",
			"Terraform reads a module version before evaluating anything, so it must be a literal string; OpenTofu 1.8 or later evaluates variables and locals in it (--engine tofu)",
			"write the version constraint as a literal string, such as \"~> 5.0\"", "invalid module version")
	default:
		var why string
		if v, why = l.static(m).eval(x); why == "" && !v.IsWhollyKnown() {
			why = "its value is not known before planning"
		}
		if why != "" {
			return fail("Invalid module version",
				"OpenTofu evaluates a module version before planning (early evaluation), from variables, locals, path and terraform.workspace alone; "+why,
				"build the version from variables and locals whose values do not depend on resources, data sources or module outputs",
				"module version not known before planning")
		}
	}
	if containsSensitive(v) {
		return fail("Invalid version constraint", "Sensitive values, or values derived from sensitive values, cannot be used as version arguments.", "", "invalid module version")
	}
	v, _ = v.UnmarkDeep()
	if v.IsNull() {
		// As if absent: no constraint.
		c.VersionExpr = nil
		return ""
	}
	sv, err := convert.Convert(v, cty.String)
	if err != nil {
		return fail("Invalid version constraint", "A string value is required for version, not "+v.Type().FriendlyName()+".", "", "invalid module version")
	}
	c.Version = sv.AsString()
	cons, err := version.NewConstraint(c.Version)
	if err != nil {
		return fail("Invalid version constraint", "This string does not use correct version constraint syntax: "+QuoteOrEmpty(c.Version)+".",
			"write a constraint such as \"~> 5.0\" or \">= 5.1, < 6.0\"", "invalid module version")
	}
	// The engines report a source that cannot go with a version at the
	// source.
	r = c.SourceRange
	if isLocalSource(c.Source) {
		return fail("Invalid registry module source address",
			"module \""+c.Name+"\" sets version, which applies only to registry modules, but its source "+QuoteOrEmpty(c.Source)+" is a local directory",
			"remove the version argument, or use a registry address as the source", "invalid module source")
	}
	if _, err := tfaddr.ParseModuleSource(c.Source); err != nil {
		// With version, both engines read the source as a registry
		// address, whatever it looks like (git::, https://, a GitHub
		// path), and refuse it before init fetches anything.
		return fail("Invalid registry module source address",
			"Failed to parse module registry address: "+err.Error()+". "+l.engineName().String()+" assumed that you intended a module registry source address because module \""+c.Name+"\" also sets the argument \"version\", which applies only to registry modules",
			"remove the version argument (a git or URL source names its revision in the address, such as ?ref=v1.2.0), or use a registry address as the source", "invalid module source")
	}
	r = x.Range()
	if _, installed := l.remote[key]; !installed {
		return "" // reported with the source, at the version
	}
	had := l.versions[key]
	if hv, err := version.NewVersion(had); err == nil && cons.Check(hv) {
		return ""
	}
	installed := "the installed version"
	if had != "" {
		installed += " (" + had + ")"
	}
	return fail("Module version requirements have changed",
		"The version requirements have changed since this module was installed and "+installed+" is no longer acceptable: module \""+c.Name+"\" requires version "+QuoteOrEmpty(c.Version)+". Run \""+l.initName()+"\" to install all modules required by this configuration.",
		l.initHint()+l.varsHint(x), "module version requirements have changed since "+l.initName())
}

// varsHint asks for the same variables when x reads any: init evaluates
// the version from them as plan does.
func (l *loader) varsHint(x hcl.Expression) string {
	if l.engine != tffile.OpenTofu || len(x.Variables()) == 0 {
		return ""
	}
	return ", with the same variables (-var, -var-file)"
}

// engineName is the name of the engine eval follows, as its messages
// name it.
func (e *evaluator) engineName() string {
	if e.opts.Engine == tffile.OpenTofu {
		return tffile.OpenTofu.String()
	}
	return tffile.Terraform.String()
}
