package load

import (
	"github.com/hashicorp/hcl/v2"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// Rules reports what engine (terraform or tofu) refuses, or warns about,
// in the files of one module directory as it reads them, before it
// evaluates anything, as eval reports it: names that are not names,
// declarations made twice, mutually exclusive and misplaced
// meta-arguments, quoted references and type constraints, conditions that
// check nothing, settings made twice, required_version constraints that
// are not constraints, and (which eval reports as it evaluates them)
// variable types that are not types and defaults they do not accept.
// mod is the module's files as tffile.Read returns
// them: each file as written (Files) and the configuration they make
// (Config). It evaluates nothing, and does not compare required_version
// with an engine's version.
func Rules(mod *tffile.Module, engine tffile.Engine) diag.Diagnostics {
	if mod == nil {
		return nil
	}
	json := map[string]bool{}
	for _, f := range mod.Files {
		if f.JSON {
			json[f.Name] = true
		}
	}
	ds := topLevel(mod.Files)
	ds = append(ds, rules(mod.Files, json, engine)...)
	if mod.Config != nil {
		ds = append(ds, decoded(mod.Config, json, engine)...)
		ds = append(ds, variableTypes(mod.Config, json)...)
	}
	return append(ds, coreVersionForms(mod.Files, engine)...)
}

// coreVersionForms reports the required_version constraints of a
// module's files that are not version constraints (or name a
// prerelease), as the engines do when they read the module. OpenTofu
// (1.12) reads only those of .tofu files; the language block's are
// checked with its rules. Eval checks them with the running engine's
// version.
func coreVersionForms(files []*tffile.File, engine tffile.Engine) diag.Diagnostics {
	var ds diag.Diagnostics
	tofu := engine == tffile.OpenTofu
	for _, c := range coreConstraints(files, engine) {
		name := filepath.Base(c.attr.Range.Filename)
		if c.compatible || tofu && !strings.HasSuffix(name, ".tofu") && !strings.HasSuffix(name, ".tofu.json") {
			continue
		}
		if _, d := decodeCoreConstraint(c.attr, true, tofu); d != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// decoded are the diagnostics of decoding the blocks of a module's
// configuration into eval's index (readModule), which eval reports as it
// reads the module: declarations made twice, quoted references, provider
// aliases that are not names, booleans that are not literal.
func decoded(cfg *config.Config, json map[string]bool, engine tffile.Engine) diag.Diagnostics {
	l := &loader{engine: engine, opts: &Options{Engine: engine}}
	l.decodeBlocks(newModule("", nil), cfg, json)
	return l.diags
}

// variableTypes reports the type constraints of a module's variables
// that are not type expressions (string(x), strin), in HCL's words, as
// the engines do when they read the module; eval reports them when it
// evaluates the variable. Quoted types of native syntax are rules'.
func variableTypes(cfg *config.Config, json map[string]bool) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, b := range cfg.Blocks {
		if b.Type != "variable" || len(b.Labels) != 1 {
			continue
		}
		a := attr(b.Body, "type")
		if a == nil {
			continue
		}
		if _, quoted := quotedString(a.Source); quoted && !json[a.Range.Filename] {
			continue
		}
		ty, defaults, hd := config.VariableType(a.Source)
		ds = append(ds, typeDiags(hd)...)
		if hd.HasErrors() {
			continue
		}
		if d := defaultOfType(attr(b.Body, "default"), ty, defaults); d != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// defaultOfType reports a variable's default (a literal value) that its
// type constraint does not accept, in the engines' words, at the value.
func defaultOfType(a *config.Attribute, ty cty.Type, defaults *typeexpr.Defaults) *diag.Diagnostic {
	if a == nil || len(a.Source.Variables()) > 0 {
		return nil
	}
	v, hd := a.Source.Value(nil)
	if hd.HasErrors() || v.IsNull() {
		return nil
	}
	if defaults != nil {
		v = defaults.Apply(v)
	}
	_, err := convert.Convert(v, ty)
	if err == nil {
		return nil
	}
	return tffile.InvalidDefault(ty, err, a.Source.Range())
}

// topLevel reports the top-level blocks of the native files that the
// engines do not know (resourc), or that have other labels than theirs
// (topLevelBlocks), as eval reports them when it reads the files.
func topLevel(files []*tffile.File) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, f := range files {
		ds = append(ds, topLevelBlocks(f)...)
	}
	return ds
}

// topLevelBlocks reports the top-level blocks of a native file whose kind
// the engines do not know, or whose labels are not theirs, in HCL's words
// with its did-you-mean, as Terraform does; the reader's own word on
// top-level arguments is left for it. A JSON file gives nothing here.
func topLevelBlocks(f *tffile.File) diag.Diagnostics {
	if f.Syntax == nil {
		return nil
	}
	_, hd := f.Syntax.Content(topSchema)
	for _, d := range hd {
		if d.Summary == "Unsupported block type" && strings.Contains(d.Detail, `"required_providers"`) {
			// The engines' words for a common slip.
			d.Summary, d.Detail = "Invalid required_providers block", `A "required_providers" block must be nested inside a "terraform" block.`
		}
	}
	return diag.FromHCL(hd)
}

// typeDiags are HCL's diagnostics of a variable's type constraint that is
// not a type, with the types to write as the hint.
func typeDiags(hd hcl.Diagnostics) diag.Diagnostics {
	ds := diag.FromHCL(hd)
	for _, d := range ds {
		d.Suggestion = "write a type: string, number, bool, any, list(TYPE), set(TYPE), map(TYPE), object({NAME = TYPE, ...}) or tuple([TYPE, ...])"
	}
	return ds
}
