package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/diag"
)

// This file holds the checks of what the engines decode themselves when
// they read a module, before anything is evaluated, and refuse whatever
// the providers' schemas say: the blocks the language owns (lifecycle,
// pre- and postconditions, validation, assert) with their arguments,
// labels and number; the values of the arguments read as booleans or
// keywords; static lists of references; variable validations that do not
// read the variable; the settings of the terraform block; and the
// arguments of moved, import, removed and check blocks. The addresses of
// moved, import and removed blocks are the refactoring checks'
// (refactor.go).

// checkMeta checks the blocks and arguments the language owns in b, a
// top-level block of a known kind with its labels.
func (v *validator) checkMeta(b *Block) {
	k, ok := KindOf(b.Type)
	if !ok || len(b.Labels) != len(k.Labels) {
		return
	}
	switch b.Type {
	case "terraform":
		v.checkTerraformSettings(b)
		return
	case "variable", "output":
		for _, name := range []string{"nullable", "sensitive", "ephemeral"} {
			if a := b.Body.Attribute(name); a != nil {
				v.checkBoolValue(a, b.Address()+"."+name, b.DeclRange)
			}
		}
		if a := b.Body.Attribute("description"); a != nil {
			if val, ok := ConstValue(a.Expr); ok && !val.IsNull() {
				if _, err := convert.Convert(val, cty.String); err != nil {
					v.errorAt(rangeOr(a.Range, b.DeclRange), b.Address()+".description", "Unsuitable value type",
						fmt.Sprintf("description takes a string; %s was given.", friendly(val)), `write description = "..."`)
				}
			}
		}
		if b.Type == "variable" {
			v.checkNullDefault(b)
		}
	case "moved", "import", "removed", "check":
		v.checkKnownArguments(b, k.ArgNames(), k.BlockTypes())
	case "provider":
		v.checkProviderReserved(b)
	}
	switch b.Type {
	case "check":
		if data := b.Body.Blocks("data"); len(data) > 1 {
			v.errorAt(data[1].DeclRange, b.Address()+".data", "Multiple data resource blocks",
				"A check block may hold one data source, the one its assertions read.",
				"move the other data sources out of the check block",
				diag.Related{Message: "first data source of the check here", Range: data[0].DeclRange})
		}
		// The engines count the assert blocks that decode: one with a
		// mistake of its own (reported at it) is left out.
		if !slices.ContainsFunc(b.Body.Blocks("assert"), assertDecodes) {
			v.errorAt(b.DeclRange, b.Address(), "Zero assert blocks",
				"A check block must have at least one assert block: the conditions it checks.",
				`add assert { condition = ..., error_message = "..." }`)
		}
	case "module":
		v.checkLocalModuleVersion(b)
	}
	switch b.Type {
	case "resource", "data", "ephemeral", "module", "output":
		if a := b.Body.Attribute("depends_on"); a != nil {
			v.checkStaticList(a, b.Address()+".depends_on")
			if b.Type != "module" && b.Type != "output" {
				v.checkDependsOnWhole(a, b.Address()+".depends_on")
			}
		}
	}
	v.checkDynamicMeta(b, k)
	v.checkOwnedBlocks(b, &k.BlockSpec, b.Address())
}

// checkOwnedBlocks checks the blocks the language owns in body of spec
// (path is the body's): those the table states as closed (a lifecycle, a
// precondition, a validation, an assert) are decoded by the engines alone,
// so their labels, arguments, nested blocks and number are theirs to
// refuse; a provisioner's when and on_failure are keywords.
func (v *validator) checkOwnedBlocks(b *Block, spec *BlockSpec, path string) {
	first := map[string]*Block{}
	counts := map[string]int{}
	for _, it := range b.Body.Items {
		nb, ok := it.(*Block)
		if !ok {
			continue
		}
		ns, ok := spec.Block(nb.Type)
		if !ok || nb.Type == "dynamic" {
			continue
		}
		npath := path + "." + nb.Type
		if nb.Type == "lifecycle" || nb.Type == "connection" {
			// One of each: the engines merge nothing.
			if f := first[nb.Type]; f != nil {
				v.errorAt(nb.DeclRange, npath, fmt.Sprintf("Duplicate %s block", nb.Type),
					fmt.Sprintf("%s %s block already has a %s block; it may have only one.", article(kindNoun(b.Type)), kindNoun(b.Type), nb.Type),
					fmt.Sprintf("merge the two %s blocks into one", nb.Type),
					diag.Related{Message: fmt.Sprintf("first %s block here", nb.Type), Range: f.DeclRange})
				continue
			}
			first[nb.Type] = nb
		} else if nb.Type == "precondition" || nb.Type == "postcondition" || nb.Type == "validation" || nb.Type == "assert" {
			npath = fmt.Sprintf("%s[%d]", npath, counts[nb.Type])
			counts[nb.Type]++
		}
		if nb.Type == "provisioner" {
			v.checkProvisionerKeywords(nb, npath)
			if b.Type == "resource" {
				v.checkDestroyProvisioner(nb, npath)
			}
			continue
		}
		if !ns.Closed || nb.Type == "connection" {
			continue
		}
		v.checkClosedBlock(b, nb, ns, npath)
	}
}

// checkClosedBlock checks nb, a block the language alone defines, in b.
func (v *validator) checkClosedBlock(b, nb *Block, spec *BlockSpec, path string) {
	if len(nb.Labels) > len(spec.Labels) {
		v.errorAt(nb.DeclRange, path, fmt.Sprintf("Extraneous label for %s", nb.Type),
			fmt.Sprintf("A %s block takes no labels; this one has %d.", nb.Type, len(nb.Labels)),
			fmt.Sprintf("write %s { ... }", nb.Type))
	}
	args, blocks := spec.ArgNames(), spec.BlockTypes()
	for _, it := range nb.Body.Items {
		switch it := it.(type) {
		case *Attribute:
			if slices.Contains(args, it.Name) {
				continue
			}
			hint := diag.DidYouMean(it.Name, args)
			if hint == "" {
				hint = fmt.Sprintf("remove it; a %s block takes %s", nb.Type, takes(args, blocks))
			}
			v.errorAt(rangeOr(it.Range, nb.DeclRange), path+"."+it.Name, "Unsupported argument",
				fmt.Sprintf("An argument named %q is not expected in a %s block.", it.Name, nb.Type), hint)
		case *Block:
			if !slices.Contains(blocks, it.Type) {
				hint := diag.DidYouMean(it.Type, blocks)
				if hint == "" {
					hint = fmt.Sprintf("remove it; a %s block takes %s", nb.Type, takes(args, blocks))
				}
				v.errorAt(rangeOr(it.DeclRange, nb.DeclRange), path+"."+it.Type, "Unsupported block type",
					fmt.Sprintf("Blocks of type %q are not expected in a %s block.", it.Type, nb.Type), hint)
			}
		}
	}
	for _, a := range spec.Args {
		if a.Required && nb.Body.Attribute(a.Name) == nil {
			v.missingArgument(nb, path, a.Name, requiredHint(a.Name))
		}
	}
	switch nb.Type {
	case "lifecycle":
		for _, name := range []string{"create_before_destroy", "prevent_destroy", "destroy"} {
			if a := nb.Body.Attribute(name); a != nil && slices.Contains(args, name) {
				v.checkLiteralBool(a, path+"."+name, nb.DeclRange)
			}
		}
		for _, name := range []string{"ignore_changes", "replace_triggered_by"} {
			if a := nb.Body.Attribute(name); a != nil && slices.Contains(args, name) {
				v.checkStaticList(a, path+"."+name)
			}
		}
		if a := nb.Body.Attribute("replace_triggered_by"); a != nil && slices.Contains(args, "replace_triggered_by") {
			v.checkTriggerRoots(a, path+".replace_triggered_by")
		}
		v.checkOwnedBlocks(nb, spec, path)
	case "precondition", "postcondition", "validation", "assert":
		if a := nb.Body.Attribute("condition"); a != nil {
			v.checkConditionRefers(b, nb.Type, a, path+".condition")
		}
	}
}

// assertDecodes reports whether a check's assert block is one the engines
// keep: a condition that refers to something, an error_message, and
// nothing else.
func assertDecodes(a *Block) bool {
	cond := a.Body.Attribute("condition")
	if cond == nil || a.Body.Attribute("error_message") == nil {
		return false
	}
	for _, it := range a.Body.Items {
		at, ok := it.(*Attribute)
		if !ok || at.Name != "condition" && at.Name != "error_message" {
			return false
		}
	}
	if r, isRaw := cond.Expr.(*Raw); isRaw && r.Syntax == nil {
		return true // text tfkit did not parse: the engines check it
	}
	return len(Variables(cond.Expr)) > 0
}

// takes lists what a block takes, for a hint: its arguments, then its
// blocks.
func takes(args, blocks []string) string {
	var parts []string
	if len(args) > 0 {
		parts = append(parts, strings.Join(args, ", "))
	}
	if len(blocks) > 0 {
		parts = append(parts, strings.Join(blocks, " and ")+" blocks")
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", and ")
}

// requiredHint says how to write argument name of a condition block.
func requiredHint(name string) string {
	if name == "error_message" {
		return `add error_message = "...", the message shown when the condition fails`
	}
	return fmt.Sprintf("add %s = <expression>, true when all is well", name)
}

// checkLiteralBool checks an argument the engines read as a bool before
// anything is evaluated (a lifecycle's prevent_destroy): a value written
// as such, with no references and no function calls.
func (v *validator) checkLiteralBool(a *Attribute, path string, fallback hcl.Range) {
	rng := rangeOr(a.Range, fallback)
	if vars := Variables(a.Expr); len(vars) > 0 {
		v.errorAt(rng, path, "Variables not allowed",
			fmt.Sprintf("%s is read before anything is evaluated, so it cannot refer to %s.", a.Name, TraversalString(vars[0])),
			fmt.Sprintf("write %s = true or %s = false", a.Name, a.Name))
		return
	}
	if _, ok := ConstValue(a.Expr); !ok {
		v.errorAt(rng, path, "Expression in a literal argument",
			fmt.Sprintf("Terraform reads %s before anything is evaluated, so it can hold no references and no function calls.", a.Name),
			fmt.Sprintf("write %s = true or %s = false", a.Name, a.Name))
		return
	}
	v.checkBoolValue(a, path, fallback)
}

// checkBoolValue reports an argument read as a bool whose value is known
// and is no bool: a string other than "true" and "false", a number, null,
// a collection.
func (v *validator) checkBoolValue(a *Attribute, path string, fallback hcl.Range) {
	val, ok := ConstValue(a.Expr)
	if !ok {
		return // a reference or a call: reported as such where it is refused
	}
	what := ""
	switch {
	case val.IsNull():
		what = "null"
	case val.Type() == cty.String:
		if _, err := convert.Convert(val, cty.Bool); err != nil {
			what = fmt.Sprintf("the string %q", val.AsString())
		}
	case val.Type() == cty.Number:
		what = "the number " + val.AsBigFloat().Text('g', -1)
	case val.Type() != cty.Bool:
		what = "a " + val.Type().FriendlyName()
	}
	if what == "" {
		return
	}
	v.errorAt(rangeOr(a.Range, fallback), path, "Unsuitable value type",
		fmt.Sprintf("%s takes a bool, true or false; %s was given.", a.Name, what),
		fmt.Sprintf("write %s = true or %s = false, without quotes", a.Name, a.Name))
}

// checkConditionRefers reports a condition that refers to nothing (true,
// 1 == 1), which checks nothing and which the engines refuse, and a
// variable's validation condition that does not refer to the variable: it
// would not check the value given (the engines report both).
func (v *validator) checkConditionRefers(b *Block, typ string, a *Attribute, path string) {
	if r, isRaw := a.Expr.(*Raw); isRaw && r.Syntax == nil {
		return // text tfkit did not parse: the engines check it
	}
	if len(Variables(a.Expr)) == 0 {
		v.errorAt(rangeOr(a.Range, b.DeclRange), path, fmt.Sprintf("Invalid %s expression", typ),
			"The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
			"write a condition on what the block checks, such as length(var.name) > 0 or self.id != \"\"")
	}
	if typ != "validation" || b.Type != "variable" {
		return
	}
	own := KindVariable.Address(b.Labels)
	for _, tr := range Variables(a.Expr) {
		if s := TraversalString(tr); s == own || strings.HasPrefix(s, own+".") || strings.HasPrefix(s, own+"[") {
			return
		}
	}
	v.errorAt(rangeOr(a.Range, b.DeclRange), path, "Invalid variable validation condition",
		fmt.Sprintf("The condition of variable %q must refer to %s: it checks the value given for the variable.", b.Labels[0], own),
		fmt.Sprintf("write a condition on %s, such as length(%s) > 0", own, own))
}

// checkProvisionerKeywords checks a provisioner's when (create or
// destroy) and on_failure (continue or fail), bare keywords. A quoted
// one is accepted: the engines warn that quotes are deprecated.
func (v *validator) checkProvisionerKeywords(b *Block, path string) {
	for _, k := range []struct {
		name  string
		words []string
	}{{"when", []string{"create", "destroy"}}, {"on_failure", []string{"continue", "fail"}}} {
		a := b.Body.Attribute(k.name)
		if a == nil {
			continue
		}
		word, ok := keywordOf(a.Expr)
		if ok && slices.Contains(k.words, word) {
			continue
		}
		given := "an expression"
		if ok {
			given = word
		}
		v.errorAt(rangeOr(a.Range, b.DeclRange), path+"."+k.name, fmt.Sprintf("Invalid %q keyword", k.name),
			fmt.Sprintf("%s takes one of the keywords %s; %s is neither.", k.name, strings.Join(k.words, " or "), given),
			fmt.Sprintf("write %s = %s", k.name, k.words[len(k.words)-1]))
	}
}

// keywordOf is the word a keyword argument holds: a bare name, or the
// text of a string.
func keywordOf(e Expr) (string, bool) {
	if s, ok := LiteralString(e); ok {
		return s, true
	}
	trs, ok := StaticReferences(e)
	if ok && len(trs) == 1 && len(trs[0]) == 1 {
		return trs[0].RootName(), true
	}
	return "", false
}

// checkDependsOnWhole reports an entry of a resource's depends_on that
// names an attribute of a resource or a data source rather than the
// whole object (or one instance of it): the engines wait for objects.
func (v *validator) checkDependsOnWhole(a *Attribute, path string) {
	trs, ok := StaticReferences(a.Expr)
	if !ok {
		return // checkDependsOn reports it
	}
	for _, tr := range trs {
		names := 2 // type.name
		switch tr.RootName() {
		case KindData.Root, KindEphemeral.Root:
			names = 3
		default:
			if slices.Contains(Roots, tr.RootName()) {
				continue // modules' outputs are fine; the rest is reported elsewhere
			}
		}
		rest := tr
		if len(rest) < names {
			continue
		}
		rest = rest[names:]
		if len(rest) > 0 {
			if _, ok := rest[0].(hcl.TraverseIndex); ok {
				rest = rest[1:]
			}
		}
		if len(rest) == 0 {
			continue
		}
		whole := TraversalString(tr[:len(tr)-len(rest)])
		v.errorAt(rangeOr(a.Range, hcl.Range{}), path, "Invalid depends_on reference",
			fmt.Sprintf("depends_on names whole resources, data sources or modules; %s is an attribute of %s.", TraversalString(tr), whole),
			fmt.Sprintf("write %s", whole))
	}
}

// reservedProviderArguments are the names Terraform keeps in provider
// blocks for meta-arguments to come.
var reservedProviderArguments = []string{"count", "depends_on", "source"}

func (v *validator) checkProviderReserved(b *Block) {
	for _, name := range reservedProviderArguments {
		if a := b.Body.Attribute(name); a != nil {
			v.errorAt(rangeOr(a.Range, b.DeclRange), b.Address()+"."+name, "Reserved argument name in provider block",
				fmt.Sprintf("The engines keep the name %s in provider blocks for a future meta-argument; no provider may take it.", name),
				"remove it")
		}
	}
}

// terraformSettings are the arguments of the terraform block.
var terraformSettings = []string{"experiments", "required_version"}

// checkTerraformSettings checks the terraform block b: the arguments it
// takes, and one backend (or cloud) and one required_providers in the
// module, across all its terraform blocks.
func (v *validator) checkTerraformSettings(b *Block) {
	blocks := KindTerraform.BlockTypes()
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *Attribute:
			if slices.Contains(terraformSettings, it.Name) {
				if it.Name == "required_version" {
					v.checkVersionConstraint(it, it.Expr, "terraform.required_version")
				}
				continue
			}
			hint := diag.DidYouMean(it.Name, terraformSettings)
			if hint == "" {
				hint = "remove it; the terraform block takes " + strings.Join(terraformSettings, ", ") + ", and " + strings.Join(blocks, ", ") + " blocks"
			}
			v.errorAt(rangeOr(it.Range, b.DeclRange), "terraform."+it.Name, "Unsupported argument",
				fmt.Sprintf("An argument named %q is not expected in the terraform block.", it.Name), hint)
		case *Block:
			var prev *Block
			var what string
			if it.Type == "backend" && len(it.Labels) != 1 {
				v.errorAt(it.DeclRange, "terraform.backend", "Missing type for backend",
					fmt.Sprintf("A backend block takes one label, the type of the backend; this one has %d.", len(it.Labels)),
					`write backend "TYPE" { ... }, such as backend "s3"`)
				continue
			}
			switch it.Type {
			case "backend", "cloud":
				prev, what = v.terraformBackend, "state storage (a backend or cloud block)"
				if prev == nil {
					v.terraformBackend = it
				}
			case "required_providers":
				v.checkRequiredProviders(it)
				prev, what = v.terraformRequired, "required_providers block"
				if prev == nil {
					v.terraformRequired = it
				}
			default:
				continue
			}
			if prev != nil && prev.Type != it.Type {
				v.errorAt(it.DeclRange, "terraform."+it.Type, "Both a backend and a cloud block",
					"A module stores its state in one place: a backend block or a cloud block, not both.",
					"keep one of them",
					diag.Related{Message: fmt.Sprintf("%s block declared here", prev.Type), Range: prev.DeclRange})
			} else if prev != nil {
				v.errorAt(it.DeclRange, "terraform."+it.Type, fmt.Sprintf("Duplicate %s block", it.Type),
					fmt.Sprintf("A module has one %s; another was declared before this one.", what),
					"keep one of them",
					diag.Related{Message: "first declared here", Range: prev.DeclRange})
			}
		}
	}
}

// friendly names a value for a message: the string "x", the number 1, a
// list, null.
func friendly(val cty.Value) string {
	switch {
	case val.IsNull():
		return "null"
	case !val.IsKnown():
		return "an unknown value"
	case val.Type() == cty.String:
		return fmt.Sprintf("the string %q", val.AsString())
	case val.Type() == cty.Number:
		return "the number " + val.AsBigFloat().Text('g', -1)
	case val.Type() == cty.Bool:
		return fmt.Sprintf("%t", val.True())
	case val.Type().IsTupleType() || val.Type().IsListType():
		return "a list"
	case val.Type().IsObjectType() || val.Type().IsMapType():
		return "an object"
	}
	return "a " + val.Type().FriendlyName()
}

// checkNullDefault reports a variable whose default is null though it is
// not nullable: it could never be given no value.
func (v *validator) checkNullDefault(b *Block) {
	def, nullable := b.Body.Attribute("default"), b.Body.Attribute("nullable")
	if def == nil || nullable == nil {
		return
	}
	dv, ok := ConstValue(def.Expr)
	nv, nok := ConstValue(nullable.Expr)
	if !ok || !nok || !dv.IsNull() || nv.IsNull() || nv.Type() != cty.Bool || nv.True() {
		return
	}
	v.errorAt(rangeOr(def.Range, b.DeclRange), b.Address()+".default", "Invalid default value for variable",
		fmt.Sprintf("A null default is not valid when nullable is false: %s could never be left unset.", b.Address()),
		"remove the default to make the variable required, or give a value")
}

// checkStaticList reports a depends_on, replace_triggered_by or
// ignore_changes that is one reference rather than a list of them: the
// engines read the list itself, before anything is evaluated.
func (v *validator) checkStaticList(a *Attribute, path string) {
	r, ok := Unwrap(a.Expr).(*Reference)
	if !ok || a.Name == "ignore_changes" && len(r.Traversal) == 1 && r.Traversal.RootName() == "all" {
		return
	}
	v.errorAt(rangeOr(a.Range, hcl.Range{}), path, "Invalid expression",
		fmt.Sprintf("%s takes a list written out, [ ... ]; %s is a single reference.", a.Name, TraversalString(r.Traversal)),
		fmt.Sprintf("write %s = [%s]", a.Name, TraversalString(r.Traversal)))
}

// checkDynamicMeta reports dynamic blocks that would generate a block
// the language owns (lifecycle, provisioner, connection): the engines
// read those before any dynamic block is expanded.
func (v *validator) checkDynamicMeta(b *Block, k *Kind) {
	for _, nb := range b.Body.Blocks("dynamic") {
		if len(nb.Labels) != 1 {
			continue
		}
		if _, owned := k.Block(nb.Labels[0]); owned {
			v.errorAt(nb.DeclRange, b.Address()+".dynamic."+nb.Labels[0], "Unsupported block type",
				fmt.Sprintf("A dynamic block cannot generate %s blocks: the engines read them before dynamic blocks are expanded.", nb.Labels[0]),
				fmt.Sprintf("write the %s block itself", nb.Labels[0]))
		}
	}
}

// checkLocalModuleVersion reports a version on a module call whose source
// is a local directory: only registry modules have versions.
func (v *validator) checkLocalModuleVersion(b *Block) {
	src, ver := b.Body.Attribute("source"), b.Body.Attribute("version")
	if src == nil || ver == nil {
		return
	}
	s, ok := LiteralString(src.Expr)
	if !ok || !strings.HasPrefix(s, "./") && !strings.HasPrefix(s, "../") {
		return
	}
	v.errorAt(rangeOr(ver.Range, b.DeclRange), b.Address()+".version", "Invalid registry module source address",
		fmt.Sprintf("A version applies to modules of a registry; %q is a local directory, whose module has none.", s),
		"remove version, or give the registry address of the module as source")
}

// checkVersionConstraint reports a version constraint that is not one.
func (v *validator) checkVersionConstraint(a *Attribute, e Expr, path string) {
	s, ok := LiteralString(e)
	if !ok {
		return
	}
	if _, err := version.NewConstraint(s); err != nil {
		v.errorAt(rangeOr(a.Range, hcl.Range{}), path, "Invalid version constraint",
			fmt.Sprintf("%q is not a version constraint.", s),
			`write one such as ">= 1.5", "~> 2.1" or ">= 1.0, < 2.0"`)
	}
}

// requiredProviderKeys are what an entry of required_providers holds.
var requiredProviderKeys = []string{"source", "version", "configuration_aliases"}

// checkRequiredProviders checks the entries of a required_providers
// block: objects of source, version and configuration_aliases (or, as
// Terraform 0.12 wrote them, a version constraint), a source of one to
// three parts.
func (v *validator) checkRequiredProviders(rp *Block) {
	for _, a := range rp.Body.Attributes() {
		path := "terraform.required_providers." + a.Name
		if _, isString := LiteralString(a.Expr); isString {
			v.checkVersionConstraint(a, a.Expr, path)
			continue
		}
		o, ok := Unwrap(a.Expr).(*Object)
		if !ok {
			if val, known := ConstValue(a.Expr); known {
				v.errorAt(rangeOr(a.Range, rp.DeclRange), path, "Invalid required_providers object",
					fmt.Sprintf("An entry of required_providers is an object of source, version and configuration_aliases; %s was given.", friendly(val)),
					fmt.Sprintf(`write %s = { source = "hashicorp/%s", version = "..." }`, a.Name, a.Name))
			}
			continue
		}
		for _, it := range o.Items {
			k, ok := LiteralString(it.Key)
			if !ok {
				continue
			}
			switch k {
			case "version":
				v.checkVersionConstraint(&Attribute{Name: k, Range: itemRange(a, k)}, it.Value, path+".version")
			case "source":
				if s, ok := LiteralString(it.Value); ok && !validProviderSource(s) {
					v.errorAt(rangeOr(itemRange(a, k), rp.DeclRange), path+".source", "Invalid provider source string",
						fmt.Sprintf("%q is not a provider source: it is [HOSTNAME/]NAMESPACE/TYPE, such as hashicorp/aws.", s),
						`write source = "hashicorp/`+a.Name+`", or the namespace and type of the provider`)
				}
			case "configuration_aliases":
			default:
				hint := diag.DidYouMean(k, requiredProviderKeys)
				if hint == "" {
					hint = "remove it; configure the provider in a provider block"
				}
				v.errorAt(rangeOr(itemRange(a, k), rp.DeclRange), path+"."+k, "Invalid required_providers object",
					fmt.Sprintf("An entry of required_providers holds only source, version and configuration_aliases; %q is none of them.", k), hint)
			}
		}
	}
}

// itemRange is where the item key of the object a holds was written,
// from its source; a's own range when that is not known.
func itemRange(a *Attribute, key string) hcl.Range {
	if o, ok := a.Source.(*hclsyntax.ObjectConsExpr); ok {
		for _, it := range o.Items {
			if k := hcl.ExprAsKeyword(it.KeyExpr); k == key {
				return hcl.RangeBetween(it.KeyExpr.Range(), it.ValueExpr.Range())
			}
			if kv, diags := it.KeyExpr.Value(nil); !diags.HasErrors() && kv.Type() == cty.String && kv.AsString() == key {
				return hcl.RangeBetween(it.KeyExpr.Range(), it.ValueExpr.Range())
			}
		}
	}
	return a.Range
}

// validProviderSource reports whether s has the form of a provider source
// address: one to three parts separated by slashes, none empty.
func validProviderSource(s string) bool {
	parts := strings.Split(s, "/")
	if len(parts) > 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.ContainsAny(p, " \t") {
			return false
		}
	}
	return true
}

// checkTriggerRoots reports entries of replace_triggered_by that are no
// managed resource: only changes of resources can trigger a replacement.
func (v *validator) checkTriggerRoots(a *Attribute, path string) {
	trs, _, ok := replaceTriggers(a.Expr)
	if !ok {
		return // checkLifecycle reports it
	}
	for _, tr := range trs {
		if root := tr.RootName(); slices.Contains(Roots, root) {
			v.errorAt(rangeOr(a.Range, hcl.Range{}), path, "Invalid replace_triggered_by expression",
				fmt.Sprintf("replace_triggered_by lists managed resources or their attributes (an instance chosen by count.index or each.key); %s is no resource.", TraversalString(tr)),
				"name the resource whose change replaces this one, such as aws_instance.web.id")
			return
		}
	}
}

// checkDestroyProvisioner reports what a destroy-time provisioner of a
// resource refers to besides the resource itself (self, count.index,
// each.key): other resources, data sources and modules, which may be gone
// when it runs.
func (v *validator) checkDestroyProvisioner(b *Block, path string) {
	if w, ok := keywordOf(exprOf(b.Body.Attribute("when"))); !ok || w != "destroy" {
		return
	}
	var check func(body *Body, path string)
	check = func(body *Body, path string) {
		for _, it := range body.Items {
			switch it := it.(type) {
			case *Attribute:
				if it.Name == "when" || it.Name == "on_failure" {
					continue
				}
				for _, tr := range Variables(it.Expr) {
					root := tr.RootName()
					if root != KindData.Root && root != KindModule.Root && slices.Contains(Roots, root) {
						continue
					}
					v.errorAt(rangeOr(it.Range, b.DeclRange), path+"."+it.Name, "Invalid reference from destroy provisioner",
						fmt.Sprintf("A destroy-time provisioner may refer only to its own resource, through self, count.index and each.key; %s may be gone when it runs.", TraversalString(tr)),
						"refer to the resource through self, or keep the value in an argument of the resource (such as terraform_data's input) and read it with self")
					break
				}
			case *Block:
				check(it.Body, path+"."+it.Type)
			}
		}
	}
	check(b.Body, path)
}

// exprOf is a's expression, nil without a.
func exprOf(a *Attribute) Expr {
	if a == nil {
		return nil
	}
	return a.Expr
}
