package config

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
)

// Validate checks cfg against Terraform's structural rules: valid names,
// duplicate declarations, references to things that are not declared, and
// dependency cycles. It reports every problem found, in declaration order.
//
// It checks too what the engines decode themselves before evaluating
// anything, whatever the providers' schemas say (validate_meta.go): the
// blocks the language owns (lifecycle, pre- and postconditions, variable
// validation, check assertions) with their arguments, labels and number;
// arguments read as bools (prevent_destroy, nullable, sensitive) or
// keywords (a provisioner's when and on_failure); static lists
// (depends_on, ignore_changes, replace_triggered_by) and what they may
// name; a destroy-time provisioner's references; the terraform block's
// settings (required_version and provider version constraints, provider
// sources, one backend and one required_providers); reserved names in
// provider blocks; and the arguments of moved, import, removed and check
// blocks.
//
// The duplicate rules are those of a single Terraform module: resources are
// unique by type and name, and so are data sources and ephemeral resources,
// but a resource, a data source and an ephemeral resource may share type and
// name; variables, outputs, modules, checks and
// local values are unique by name (several locals blocks are fine); providers
// of one type are fine unless two share an alias or two have none; there is
// at most one terraform block.
//
// Moved blocks compared with each other (ambiguous moves, cycles, moves
// from and to one address or between a resource and a module call) are
// CheckMoves's, which each front end calls once with what it knows of
// the other moved and removed errors.
//
// Where the engines' words differ, they are Terraform's; ValidateEngine
// speaks OpenTofu's.
func Validate(cfg *Config) diag.Diagnostics {
	return ValidateEngine(cfg, false)
}

// ValidateEngine is Validate in the words of the engine the configuration
// is for: OpenTofu's when tofu, where they differ from Terraform's (an
// import block with neither id nor identity, "Missing required import
// argument", at the block's keyword).
func ValidateEngine(cfg *Config, tofu bool) diag.Diagnostics {
	v := &validator{cfg: cfg, tofu: tofu, decls: newDeclarations(), nodeID: make(map[string]int, len(cfg.Blocks))}
	v.collect()
	for _, b := range cfg.Blocks {
		v.checkArguments(b)
		v.checkBlock(b)
		v.checkMeta(b)
	}
	v.checkCycles()
	return v.diags
}

// refTraversal is the address an attribute of a moved block holds, when
// it is a reference, also one indexed with a literal key
// (aws_instance.a[0] written as an index of aws_instance.a), or a string
// that spells one (a front end's address as text, which the renderer
// writes bare, as the engines read it).
func refTraversal(a *Attribute) (hcl.Traversal, bool) {
	if a == nil {
		return nil, false
	}
	return addressTraversal(a.Expr)
}

func addressTraversal(e Expr) (hcl.Traversal, bool) {
	switch x := e.(type) {
	case *Reference:
		return x.Traversal, true
	case *Index:
		tr, ok := addressTraversal(x.Collection)
		k, known := StaticValue(x.Key)
		if !ok || !known || !k.IsKnown() || k.IsNull() || k.Type() != cty.String && k.Type() != cty.Number {
			return nil, false
		}
		return append(append(hcl.Traversal(nil), tr...), hcl.TraverseIndex{Key: k}), true
	case *Literal:
		s, ok := LiteralString(x)
		if !ok {
			return nil, false
		}
		tr, ds := hclsyntax.ParseTraversalAbs([]byte(s), "", hcl.InitialPos)
		if ds.HasErrors() || len(tr) == 0 {
			return nil, false
		}
		return StripRanges(tr), true
	}
	return nil, false
}

// reservedVariableNames are names Terraform forbids for input variables,
// because module blocks use them for meta-arguments, or keep them for
// arguments to come.
var reservedVariableNames = func() map[string]bool {
	out := map[string]bool{}
	for _, a := range KindModule.Args {
		out[a.Name] = true
	}
	for _, n := range KindModule.Reserved {
		out[n] = true
	}
	return out
}()

// declarations indexes what a configuration declares, by address.
type declarations struct {
	blocks    map[string]*Block     // resource, data, module, var, output, check addresses
	locals    map[string]*Attribute // local name → its definition
	localsAt  map[string]*Block     // local name → the locals block holding it
	providers map[string]*Block     // "aws" (default) or "aws.west"
	// byKind lists declared names for did-you-mean hints.
	byKind map[string][]string
}

func newDeclarations() *declarations {
	return &declarations{
		blocks:    map[string]*Block{},
		locals:    map[string]*Attribute{},
		localsAt:  map[string]*Block{},
		providers: map[string]*Block{},
		byKind:    map[string][]string{},
	}
}

type validator struct {
	cfg   *Config
	decls *declarations
	diags diag.Diagnostics
	// The dependency graph: nodes are addresses (aws_vpc.main, local.x)
	// numbered in declaration order; edges[i] lists what node i refers to,
	// with the attribute path holding the reference, in source order.
	nodeID map[string]int
	nodes  []string
	edges  [][]edge
	// requiredProviders holds the local names in required_providers,
	// whose functions (provider::NAME::FUNC) may be called.
	requiredProviders map[string]bool
	// tofu says the configuration is for OpenTofu (ValidateEngine).
	tofu bool
	// terraformBackend and terraformRequired are the first backend (or
	// cloud) and required_providers blocks of the terraform blocks.
	terraformBackend, terraformRequired *Block
}

// edge is one reference: to the node it names, from the attribute path
// and source range that hold it (a depends_on list, an argument).
type edge struct {
	to   int
	path string
	rng  hcl.Range
}

func (v *validator) errorAt(rng hcl.Range, path, summary, detail, suggestion string, related ...diag.Related) {
	r := rng
	d := &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Path: path, Suggestion: suggestion, Related: related}
	if r.Filename != "" || r.Start.Line != 0 {
		d.Subject = &r
	}
	v.diags = append(v.diags, d)
}

// kindNoun names one block of kind typ in messages (Kind.Noun).
func kindNoun(typ string) string {
	if k, ok := KindOf(typ); ok {
		return k.Noun
	}
	return typ
}

// article returns the indefinite article for a noun at the start of a
// sentence: "An" before a vowel (an output, an ephemeral resource, an
// import block), "A" otherwise.
func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "An"
	}
	return "A"
}

// collect indexes declarations and reports names and duplicates.
func (v *validator) collect() {
	var terraformBlock *Block
	v.requiredProviders = map[string]bool{}
	for _, b := range v.cfg.Blocks {
		k, known := KindOf(b.Type)
		if !known {
			types := KindTypes()
			v.errorAt(b.DeclRange, b.Type, fmt.Sprintf("Unsupported block type %q", b.Type),
				"Terraform accepts these top-level blocks: "+strings.Join(types, ", ")+".",
				diag.DidYouMean(b.Type, types))
			continue
		}
		labels := len(k.Labels)
		switch b.Type {
		case "terraform":
			for _, rp := range b.Body.Blocks("required_providers") {
				for _, a := range rp.Body.Attributes() {
					v.requiredProviders[a.Name] = true
				}
			}
			if len(b.Labels) != labels {
				v.labelCount(b, labels)
				continue
			}
			if terraformBlock != nil {
				v.errorAt(b.DeclRange, "terraform", "Duplicate terraform block",
					"A stack has a single terraform block, the one entry point for required_version, required_providers and the backend.",
					"merge the settings into the first terraform block",
					diag.Related{Message: "first terraform block declared here", Range: terraformBlock.DeclRange})
				continue
			}
			terraformBlock = b
		case "resource", "data", "ephemeral":
			if !v.labelCount(b, labels) || !v.validName(b, b.Labels[0], "type") || !v.validName(b, b.Labels[1], "name") {
				continue
			}
			v.declare(b, b.Address(), b.Type, fmt.Sprintf("%s.%s", b.Labels[0], b.Labels[1]))
		case "module", "output", "check":
			if !v.labelCount(b, labels) || !v.validName(b, b.Labels[0], "name") {
				continue
			}
			v.declare(b, b.Address(), b.Type, b.Labels[0])
			if b.Type == "check" {
				// Scoped data sources are declared inside their check block.
				for _, nb := range b.Body.Blocks(KindData.Type) {
					if v.labelCount(nb, len(KindData.Labels)) && v.validName(nb, nb.Labels[0], "type") && v.validName(nb, nb.Labels[1], "name") {
						v.declare(nb, "data."+nb.Labels[0]+"."+nb.Labels[1], "data", nb.Labels[0]+"."+nb.Labels[1])
					}
				}
			}
		case "variable":
			if !v.labelCount(b, labels) || !v.validName(b, b.Labels[0], "name") {
				continue
			}
			if reservedVariableNames[b.Labels[0]] {
				v.errorAt(b.DeclRange, b.Address(), fmt.Sprintf("Invalid variable name %q", b.Labels[0]),
					"This name is reserved for module meta-arguments.", "choose another variable name")
				continue
			}
			v.declare(b, b.Address(), b.Type, b.Labels[0])
		case "provider":
			if !v.labelCount(b, labels) || !v.validName(b, b.Labels[0], "type") {
				continue
			}
			key := b.Labels[0]
			shown := fmt.Sprintf("%s (without alias)", key)
			if a := b.Body.Attribute("alias"); a != nil {
				alias, ok := LiteralString(a.Expr)
				if !ok {
					v.errorAt(rangeOr(a.Range, b.DeclRange), b.Address()+".alias", "Invalid provider alias",
						"A provider alias must be a literal string.", `write alias = "name"`)
					continue
				}
				if !ValidIdentifier(alias) {
					v.errorAt(rangeOr(a.Range, b.DeclRange), b.Address()+".alias", fmt.Sprintf("Invalid provider alias %q", alias),
						identifierRule, "")
					continue
				}
				key += "." + alias
				shown = fmt.Sprintf("%s with alias %q", b.Labels[0], alias)
			}
			if prev, dup := v.decls.providers[key]; dup {
				v.errorAt(b.DeclRange, b.Address(), fmt.Sprintf("Duplicate provider configuration %q", key),
					fmt.Sprintf("Provider %s is configured twice. Several configurations of one provider are allowed only with distinct aliases.", shown),
					`give one of them a distinct alias = "..." and select it with provider = on the resources that use it`,
					diag.Related{Message: "first configured here", Range: prev.DeclRange})
				continue
			}
			v.decls.providers[key] = b
		case "locals":
			for _, a := range b.Body.Attributes() {
				if !ValidIdentifier(a.Name) {
					v.errorAt(rangeOr(a.Range, b.DeclRange), "local."+a.Name, fmt.Sprintf("Invalid local value name %q", a.Name), identifierRule, "")
					continue
				}
				if prev, dup := v.decls.locals[a.Name]; dup {
					v.errorAt(rangeOr(a.Range, b.DeclRange), "local."+a.Name, fmt.Sprintf("Duplicate local value \"local.%s\"", a.Name),
						"A local value can be defined only once, even across several locals blocks.",
						"rename one of them or remove the duplicate",
						diag.Related{Message: "first defined here", Range: rangeOr(prev.Range, v.decls.localsAt[a.Name].DeclRange)})
					continue
				}
				v.decls.locals[a.Name] = a
				v.decls.localsAt[a.Name] = b
				v.decls.byKind["local"] = append(v.decls.byKind["local"], a.Name)
			}
		default:
			v.labelCount(b, labels)
		}
	}
}

const identifierRule = "A name must start with a letter or underscore and may contain only letters, digits, underscores and dashes."

func (v *validator) labelCount(b *Block, n int) bool {
	if len(b.Labels) == n {
		return true
	}
	v.errorAt(b.DeclRange, b.Type, fmt.Sprintf("Wrong number of labels on %s block", b.Type),
		fmt.Sprintf("%s %s block takes %d label(s); this one has %d.", article(b.Type), b.Type, n, len(b.Labels)), "")
	return false
}

func (v *validator) validName(b *Block, name, what string) bool {
	if ValidIdentifier(name) {
		return true
	}
	v.errorAt(b.DeclRange, b.Address(), fmt.Sprintf("Invalid %s %s %q", kindNoun(b.Type), what, name), identifierRule, "")
	return false
}

func (v *validator) declare(b *Block, addr, kind, shown string) {
	if prev, dup := v.decls.blocks[addr]; dup {
		noun := kindNoun(kind)
		v.errorAt(b.DeclRange, addr, fmt.Sprintf("Duplicate %s %q", noun, shown),
			fmt.Sprintf("%s %s named %s was already declared. Each %s must be unique within a stack.", article(noun), noun, shown, noun),
			"rename one of them",
			diag.Related{Message: "first declared here", Range: prev.DeclRange})
		return
	}
	v.decls.blocks[addr] = b
	v.decls.byKind[kind] = append(v.decls.byKind[kind], shown)
}

// checkArguments checks the arguments of a block and of its nested
// blocks: none is set twice in one body, as Terraform requires ("Attribute
// redefined"; HCL text cannot hold one, a front end's model can), and
// those Terraform reads literally (LiteralArgument, such as the terraform
// block's settings and an output's description, read before anything is
// evaluated) hold literal values. Literal arguments that some other check
// reports more precisely are left to it: a variable setting that refers to
// something, a module's source and version, a provider's alias.
func (v *validator) checkArguments(b *Block) {
	var buf [8]string
	v.checkArgs(b, b.Body, append(buf[:0], b.Type), b.DeclRange)
}

// checkArgs checks one body of top, nested as types; rng is the innermost
// block's, for arguments of unknown position.
func (v *validator) checkArgs(top *Block, body *Body, types []string, rng hcl.Range) {
	var seen map[string]*Attribute // for large bodies only; small ones are scanned
	for i, it := range body.Items {
		switch it := it.(type) {
		case *Attribute:
			if top.Type != "locals" { // duplicate local values are reported as such
				if first := earlierAttribute(body, i, it.Name, &seen); first != nil {
					v.errorAt(rangeOr(it.Range, rng), argPath(top, types, it.Name), "Attribute redefined",
						fmt.Sprintf("The argument %q was already set in this block; each argument may be set only once.", it.Name),
						"remove one of them",
						diag.Related{Message: fmt.Sprintf("%q first set here", it.Name), Range: rangeOr(first.Range, rng)})
				}
			}
			if LiteralArgument(types, it.Name) && !v.literalReportedElsewhere(types, it) {
				e := it.Expr
				if types[0] == "terraform" && types[len(types)-1] == "required_providers" {
					e = withoutAliases(e)
				}
				if !IsLiteral(e) && earlyBackendArg(types) && EarlyEvaluable(e) {
					// OpenTofu 1.8 evaluates a backend's settings built from
					// variables and locals before planning (early evaluation).
					v.checkExpr(e, scope{path: argPath(top, types, it.Name), rng: rangeOr(it.Range, rng)})
				} else if !IsLiteral(e) {
					if _, ok := ConstValue(e); !ok {
						v.errorAt(rangeOr(it.Range, rng), argPath(top, types, it.Name), "Expression in a literal argument",
							fmt.Sprintf("Terraform reads %s before anything is evaluated, so it can hold no references and no function calls.", it.Name),
							"write the value itself: text without references, a number, a bool, or a list or object of those")
					}
				}
			}
		case *Block:
			v.checkArgs(top, it.Body, append(types, it.Type), rangeOr(it.DeclRange, rng))
		}
	}
}

// earlyBackendArg reports whether arguments nested as types are a
// backend's settings, which OpenTofu evaluates early.
func earlyBackendArg(types []string) bool {
	return len(types) == 2 && types[0] == "terraform" && types[1] == "backend"
}

// earlierAttribute returns the attribute of the same name before item i of
// body, if any. Bodies of more than a few items are indexed in *seen.
func earlierAttribute(body *Body, i int, name string, seen *map[string]*Attribute) *Attribute {
	if i < 16 {
		for _, prev := range body.Items[:i] {
			if p, ok := prev.(*Attribute); ok && p.Name == name {
				return p
			}
		}
		return nil
	}
	if *seen == nil {
		*seen = map[string]*Attribute{}
		for _, prev := range body.Items[:i] {
			if p, ok := prev.(*Attribute); ok && (*seen)[p.Name] == nil {
				(*seen)[p.Name] = p
			}
		}
	}
	if first := (*seen)[name]; first != nil {
		return first
	}
	(*seen)[name] = body.Items[i].(*Attribute)
	return nil
}

// literalReportedElsewhere reports whether a literal argument's problems
// are reported by a more precise check.
func (v *validator) literalReportedElsewhere(types []string, a *Attribute) bool {
	switch top := types[0]; {
	case top == "variable" && len(Variables(a.Expr)) > 0,
		top == "module" && len(types) == 1,
		top == "provider" && a.Name == "alias":
		return true
	}
	return false
}

// argPath is the path of argument name in a body of top nested as types,
// for a diagnostic: aws_instance.web.lifecycle.ignore_changes.
func argPath(top *Block, types []string, name string) string {
	path := top.Address()
	for _, t := range types[1:] {
		path += "." + t
	}
	return path + "." + name
}

// withoutAliases returns a required_providers entry without its
// configuration_aliases, which are references.
func withoutAliases(e Expr) Expr {
	o, ok := Unwrap(e).(*Object)
	if !ok {
		return e
	}
	out := &Object{}
	for _, it := range o.Items {
		if k, ok := LiteralString(it.Key); ok && k == "configuration_aliases" {
			continue
		}
		out.Items = append(out.Items, it)
	}
	return out
}

func rangeOr(r, fallback hcl.Range) hcl.Range {
	if r.Filename != "" || r.Start.Line != 0 {
		return r
	}
	return fallback
}

// scope is what references may use at one point of the configuration.
type scope struct {
	node  string    // dependency-graph node the references belong to
	path  string    // attribute path prefix for messages
	rng   hcl.Range // fallback location
	count bool      // count.index is available
	each  bool      // each.key / each.value are available
	self  bool      // self is available
	// ownDependsOn is set in a resource's depends_on: naming the resource
	// itself there is no dependency (the engines drop the reference and
	// plan the resource), unlike in its arguments.
	ownDependsOn bool
	iterators    map[string]bool // dynamic block iterators in scope
	// nested is set inside the blocks a provider defines (a resource's
	// vpc_config, a dynamic block's content): their arguments are the
	// provider's, even one named provider or depends_on, and their
	// blocks are not Terraform's meta-blocks, even one named lifecycle.
	nested bool
	// address is set for an address (import.to): module.net.aws_vpc.main
	// names a resource in the module, not an output of it.
	address bool
}

func (s scope) with(path string, rng hcl.Range) scope {
	s.path = path
	s.rng = rangeOr(rng, s.rng)
	return s
}

// checkBlock checks references and structure inside one top-level block.
func (v *validator) checkBlock(b *Block) {
	sc := scope{rng: b.DeclRange, path: b.Address()}
	switch b.Type {
	case "resource", "data", "ephemeral", "module":
		if len(b.Labels) == 0 {
			return
		}
		sc.node = b.Address()
		v.addNode(sc.node)
		count, forEach := b.Body.Attribute("count"), b.Body.Attribute("for_each")
		if count != nil && forEach != nil {
			v.errorAt(rangeOr(forEach.Range, b.DeclRange), b.Address(), "Invalid combination of \"count\" and \"for_each\"",
				"The count and for_each meta-arguments are mutually exclusive; only one may be set.", "remove one of them")
		}
		sc.count, sc.each = count != nil, forEach != nil
		if count != nil {
			v.checkCount(count, sc.with(b.Address()+".count", rangeOr(count.Range, b.DeclRange)))
		}
		if forEach != nil {
			v.checkForEach(forEach, sc.with(b.Address()+".for_each", rangeOr(forEach.Range, b.DeclRange)))
		}
		if b.Type == "module" {
			v.checkModule(b, sc)
			return
		}
		v.checkBody(b.Body, sc, b.Type)
	case "output":
		if len(b.Labels) == 0 {
			return
		}
		sc.node = b.Address()
		v.addNode(sc.node)
		if b.Body.Attribute("value") == nil {
			v.missingArgument(b, b.Address(), "value", "add value = <expression>, the value the output exports")
		}
		v.checkKnownArguments(b, outputArguments, outputBlocks)
		v.checkBody(b.Body, sc, "output")
	case "locals":
		for _, a := range b.Body.Attributes() {
			lsc := sc.with("local."+a.Name, a.Range)
			lsc.node = "local." + a.Name
			v.addNode(lsc.node)
			v.checkExpr(a.Expr, lsc)
		}
	case "variable":
		v.checkVariable(b, sc)
	case "provider":
		for _, a := range b.Body.Attributes() {
			if a.Name == "alias" {
				continue
			}
			v.checkExpr(a.Expr, sc.with(sc.path+"."+a.Name, a.Range))
		}
		v.checkNested(b.Body, sc, "provider")
	case "moved":
		v.checkMovedTo(b)
		v.requireAttr(b, "from")
	case "import":
		sc.each = b.Body.Attribute("for_each") != nil
		v.checkAddressAttr(b, "to", sc)
		if a := b.Body.Attribute("id"); a != nil {
			v.checkExpr(a.Expr, sc.with(sc.path+".id", a.Range))
			if s, ok := LiteralString(a.Expr); ok && s == "" {
				// Terraform refuses it; OpenTofu plans to create the
				// resource instead of importing it.
				d := ImportEmptyID(false)
				v.errorAt(a.Range, sc.path+".id", d.Summary, d.Detail, d.Suggestion)
			}
		} else if b.Body.Attribute("identity") == nil {
			v.missingImportID(b)
		}
		if a := b.Body.Attribute("provider"); a != nil {
			v.checkProviderRef(a, sc)
		}
		if a := b.Body.Attribute("for_each"); a != nil {
			v.checkExpr(a.Expr, sc.with(sc.path+".for_each", a.Range))
		}
	case "check":
		if len(b.Labels) == 0 {
			return
		}
		v.checkBody(b.Body, sc, "check")
	case "terraform":
		// Literal settings only; Terraform rejects references here itself.
	default:
		// Kinds without checks of their own (removed): the arguments the
		// table says they require.
		if k, ok := KindOf(b.Type); ok {
			for _, a := range k.Args {
				if a.Required {
					v.requireAttr(b, a.Name)
				}
			}
		}
	}
}

// MissingRange is where the engines report what the body of b lacks (a
// required argument, a nested block): the body's opening brace, or in
// JSON its closing one; a body of one argument on the line of its braces
// (output "x" { description = "d" }) is that argument for HCL, and
// reported there. Else it is b's declaration.
func (b *Block) MissingRange() hcl.Range {
	r := b.OpenBraceRange
	if strings.HasSuffix(r.Filename, ".json") {
		r = b.CloseBraceRange
	} else if len(b.Body.Items) == 1 && r.Start.Line != 0 && r.Start.Line == b.CloseBraceRange.Start.Line {
		if a, ok := b.Body.Items[0].(*Attribute); ok && a.Range.Start.Line == r.Start.Line {
			r = a.Range
		}
	}
	return rangeOr(r, b.DeclRange)
}

// missingArgument reports that b lacks the required argument name, in
// the engines' words, at the place they report it, with path (b's)
// followed by the argument as the diagnostic's path: front ends recognise
// by it what they reported already.
func (v *validator) missingArgument(b *Block, path, name, suggestion string) {
	v.errorAt(b.MissingRange(), path+"."+name, "Missing required argument",
		fmt.Sprintf("The argument %q is required, but no definition was found.", name), suggestion)
}

// missingImportID reports an import block with neither id nor identity,
// in the words of the engine (Terraform names id alone, at the body's
// opening brace; OpenTofu both, at the block's keyword), its path
// import.id.
func (v *validator) missingImportID(b *Block) {
	const suggestion = `add id = "...", the provider's id of the object to import`
	if !v.tofu {
		v.missingArgument(b, "import", "id", suggestion)
		return
	}
	v.errorAt(b.DeclRange, "import.id", "Missing required import argument",
		"One of 'id' or 'identity' must be specified in an import block to identify the resource instance to import.", suggestion)
}

func (v *validator) requireAttr(b *Block, name string) {
	if b.Body.Attribute(name) == nil {
		v.missingArgument(b, b.Type, name, fmt.Sprintf("add %s = <address>", name))
	}
}

// checkAddressAttr checks an attribute that names a resource or module
// address that must be declared (moved.to, import.to).
func (v *validator) checkAddressAttr(b *Block, name string, sc scope) {
	a := b.Body.Attribute(name)
	if a == nil {
		v.requireAttr(b, name)
		return
	}
	asc := sc.with(b.Type+"."+name, a.Range)
	// With for_each, an import target's instance key is an expression:
	// to = aws_instance.web[each.key].
	target := a.Expr
	for {
		ix, ok := target.(*Index)
		if !ok || !sc.each {
			break
		}
		v.checkExpr(ix.Key, asc)
		target = ix.Collection
	}
	trs, ok := StaticReferences(target)
	if !ok || len(trs) != 1 {
		v.errorAt(rangeOr(a.Range, b.DeclRange), b.Type+"."+name, fmt.Sprintf("Invalid %s address", name),
			"This must be the address of a resource or module, such as aws_instance.web or module.net.", "")
		return
	}
	asc.address = true
	v.checkTraversal(trs[0], asc, false)
}

// checkMovedTo checks a moved block's to: the address of a resource, a
// data source or a module. It need not be declared: both engines accept a
// move to an address a later version of the configuration removed again
// (modules keep their whole history of moved blocks), and a move between
// data sources.
func (v *validator) checkMovedTo(b *Block) {
	a := b.Body.Attribute("to")
	if a == nil {
		v.requireAttr(b, "to")
		return
	}
	trs, ok := StaticReferences(a.Expr)
	root := ""
	if ok && len(trs) == 1 {
		root = trs[0].RootName()
	}
	if root == "" || root != KindModule.Root && root != KindData.Root && slices.Contains(Roots, root) {
		v.errorAt(rangeOr(a.Range, b.DeclRange), "moved.to", "Invalid to address",
			"This must be the address of a resource or module, such as aws_instance.web or module.net.", "")
	}
}

// The arguments and nested blocks Terraform and OpenTofu accept in variable
// and output blocks.
var (
	variableArguments = KindVariable.ArgNames()
	variableBlocks    = KindVariable.BlockTypes()
	outputArguments   = KindOutput.ArgNames()
	outputBlocks      = KindOutput.BlockTypes()
)

// checkKnownArguments reports attributes and nested blocks of b that its block
// kind does not have, as Terraform does ("Unsupported argument").
func (v *validator) checkKnownArguments(b *Block, arguments, blocks []string) {
	a := strings.ToLower(article(b.Type))
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *Attribute:
			if slices.Contains(arguments, it.Name) {
				continue
			}
			hint := diag.DidYouMean(it.Name, arguments)
			if hint == "" {
				hint = "remove it; " + a + " " + b.Type + " block takes " + strings.Join(arguments, ", ")
			}
			v.errorAt(rangeOr(it.Range, b.DeclRange), b.Address()+"."+it.Name, "Unsupported argument",
				fmt.Sprintf("An argument named %q is not expected in %s %s block.", it.Name, a, b.Type), hint)
		case *Block:
			if slices.Contains(blocks, it.Type) {
				continue
			}
			hint := diag.DidYouMean(it.Type, blocks)
			if hint == "" {
				hint = "remove it; " + a + " " + b.Type + " block holds only " + strings.Join(blocks, " ") + " blocks"
			}
			v.errorAt(rangeOr(it.DeclRange, b.DeclRange), b.Address()+"."+it.Type, "Unsupported block type",
				fmt.Sprintf("Blocks of type %q are not expected in %s %s block.", it.Type, a, b.Type), hint)
		}
	}
}

func (v *validator) checkVariable(b *Block, sc scope) {
	if len(b.Labels) == 0 {
		return
	}
	v.checkKnownArguments(b, variableArguments, variableBlocks)
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *Attribute:
			path := sc.path + "." + it.Name
			arg, _ := KindVariable.Arg(it.Name)
			if arg.Read == TypeConstraint {
				v.checkTypeConstraint(it, sc.with(path, it.Range))
				continue
			}
			if arg.Literal {
				// Terraform reads these before anything is evaluated.
				if vars := Variables(it.Expr); len(vars) > 0 {
					v.errorAt(rangeOr(it.Range, b.DeclRange), path, "Variables not allowed",
						fmt.Sprintf("A variable's %s is read before anything is evaluated, so it cannot refer to %s.", it.Name, TraversalString(vars[0])),
						"use a literal value here, and compute derived values in a local")
					continue
				}
			}
			v.checkExpr(it.Expr, sc.with(path, it.Range))
		case *Block:
			v.checkExprsIn(it.Body, sc.with(sc.path+"."+it.Type, it.DeclRange))
		}
	}
}

// checkTypeConstraint checks a variable's type: a type expression, given as
// Raw HCL, a reference such as `string`, or a literal string.
func (v *validator) checkTypeConstraint(a *Attribute, sc scope) {
	var src string
	switch e := a.Expr.(type) {
	case *Raw:
		src = e.Text
	case *Reference, *Call:
		if msg := typeExprProblem(e, false); msg != "" {
			v.errorAt(sc.rng, sc.path, "Invalid type constraint", msg, typeHint)
		}
		return
	default:
		s, ok := LiteralString(a.Expr)
		if !ok {
			v.errorAt(sc.rng, sc.path, "Invalid type constraint", "A variable type must be a type expression such as string, list(string) or object({ name = string }).", typeHint)
			return
		}
		src = s
	}
	hds := hclguard.Expression([]byte(src), sc.rng.Filename, hcl.InitialPos)
	if !hds.HasErrors() {
		var expr hclsyntax.Expression
		expr, hds = hclsyntax.ParseExpression([]byte(src), sc.rng.Filename, hcl.InitialPos)
		if !hds.HasErrors() {
			_, _, hds = VariableType(expr)
		}
	}
	if hds.HasErrors() {
		v.errorAt(sc.rng, sc.path, fmt.Sprintf("Invalid type constraint %q", src), hds[0].Summary+": "+hds[0].Detail, typeHint)
	}
}

const typeHint = "write a type expression such as string, number, bool, list(string), map(number), object({ name = string, port = optional(number, 80) })"

// typeExprProblem checks a type expression held in the model and describes
// what is wrong with it, or returns "".
func typeExprProblem(e Expr, inObject bool) string {
	switch e := e.(type) {
	case *Reference:
		if len(e.Traversal) == 1 {
			switch e.Traversal.RootName() {
			case "string", "number", "bool", "any":
				return ""
			}
		}
		return fmt.Sprintf("%s is not a type; the primitive types are string, number, bool and any.", TraversalString(e.Traversal))
	case *Raw:
		if e.Syntax == nil {
			return "empty type expression"
		}
		if _, _, hds := VariableType(e.Syntax); hds.HasErrors() {
			return hds[0].Summary + ": " + hds[0].Detail
		}
		return ""
	case *Call:
		switch e.Name {
		case "list", "set", "map":
			if len(e.Args) != 1 {
				return fmt.Sprintf("%s() takes exactly one element type.", e.Name)
			}
			return typeExprProblem(e.Args[0], false)
		case "tuple":
			tup, ok := e.Args[0].(*Tuple)
			if len(e.Args) != 1 || !ok {
				return "tuple() takes a list of element types, such as tuple([string, number])."
			}
			for _, it := range tup.Items {
				if msg := typeExprProblem(it, false); msg != "" {
					return msg
				}
			}
			return ""
		case "object":
			obj, ok := e.Args[0].(*Object)
			if len(e.Args) != 1 || !ok {
				return "object() takes an object of attribute types, such as object({ name = string })."
			}
			for _, it := range obj.Items {
				if _, ok := LiteralString(it.Key); !ok {
					return "object attribute names must be literal names."
				}
				if msg := typeExprProblem(it.Value, true); msg != "" {
					return msg
				}
			}
			return ""
		case "optional":
			if !inObject {
				return "optional() is allowed only for attributes of an object type."
			}
			if len(e.Args) < 1 || len(e.Args) > 2 {
				return "optional() takes a type and an optional default value."
			}
			return typeExprProblem(e.Args[0], false)
		}
		return fmt.Sprintf("%s() is not a type constructor; use list, set, map, tuple, object or optional.", e.Name)
	}
	return "A variable type must be a type expression such as string or list(string)."
}

// checkModule checks a module block: source and version are literal, the
// providers map holds provider references, and inputs are expressions.
func (v *validator) checkModule(b *Block, sc scope) {
	if a := b.Body.Attribute("source"); a == nil {
		v.missingArgument(b, b.Address(), "source", `add source = "./modules/name" or a registry address, the module to call`)
	} else if _, ok := LiteralString(a.Expr); !ok {
		if !EarlyEvaluable(a.Expr) {
			v.errorAt(rangeOr(a.Range, b.DeclRange), b.Address()+".source", "Invalid module source", "A module source must be a literal string, or, for OpenTofu 1.8 or later, built from variables and locals alone (early evaluation); Terraform reads it before evaluating anything.", "")
		} else {
			v.checkExpr(a.Expr, sc.with(sc.path+".source", a.Range))
		}
	}
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *Attribute:
			path := sc.path + "." + it.Name
			switch it.Name {
			case "source":
			case "version":
				if _, ok := LiteralString(it.Expr); ok {
					break
				}
				if !EarlyEvaluable(it.Expr) {
					v.errorAt(rangeOr(it.Range, b.DeclRange), path, "Invalid module version", "A module version constraint must be a literal string, or, for OpenTofu 1.8 or later, built from variables and locals alone (early evaluation).", "")
				} else {
					v.checkExpr(it.Expr, sc.with(path, it.Range))
				}
			case "providers":
				v.checkProvidersMap(it, sc.with(path, it.Range))
			case "depends_on":
				v.checkDependsOn(it, sc.with(path, it.Range))
			default:
				v.checkExpr(it.Expr, sc.with(path, it.Range))
			}
		case *Block:
			v.checkExprsIn(it.Body, sc.with(sc.path+"."+it.Type, it.DeclRange))
		}
	}
}

func (v *validator) checkProvidersMap(a *Attribute, sc scope) {
	obj, ok := a.Expr.(*Object)
	if !ok {
		if raw, isRaw := a.Expr.(*Raw); isRaw {
			if oc, isObj := raw.Syntax.(*hclsyntax.ObjectConsExpr); isObj {
				for _, it := range oc.Items {
					if tr, diags := hcl.AbsTraversalForExpr(it.ValueExpr); !diags.HasErrors() {
						v.checkProviderTraversal(tr, sc)
					}
				}
				return
			}
		}
		v.errorAt(sc.rng, sc.path, "Invalid providers map", "A module's providers argument maps provider names in the module to provider configurations here, such as { aws = aws.west }.", "")
		return
	}
	for _, it := range obj.Items {
		if v.checkProviderInstance(it.Value, sc) {
			continue
		}
		trs, ok := StaticReferences(it.Value)
		if !ok || len(trs) != 1 {
			v.errorAt(sc.rng, sc.path, "Invalid providers map", "Each value must be a provider reference such as aws or aws.west.", "")
			continue
		}
		v.checkProviderTraversal(trs[0], sc)
	}
}

// checkBody checks the attributes and nested blocks of a resource, data
// source, output or check body.
func (v *validator) checkBody(body *Body, sc scope, kind string) {
	for _, it := range body.Items {
		switch it := it.(type) {
		case *Attribute:
			path := sc.path + "." + it.Name
			switch {
			case sc.nested:
				v.checkExpr(it.Expr, sc.with(path, it.Range))
			case it.Name == "depends_on":
				dsc := sc.with(path, it.Range)
				dsc.ownDependsOn = kind == "resource" || kind == "data" || kind == "ephemeral"
				v.checkDependsOn(it, dsc)
			case ArgRead([]string{kind}, it.Name) == ProviderRef:
				v.checkProviderRef(it, sc.with(path, it.Range))
			default:
				v.checkExpr(it.Expr, sc.with(path, it.Range))
			}
		}
	}
	v.checkNested(body, sc, kind)
}

// checkNested walks the nested blocks of a body with the scope rules of
// Terraform's meta-blocks.
func (v *validator) checkNested(body *Body, sc scope, kind string) {
	counts := map[string]int{}
	for _, it := range body.Items {
		nb, ok := it.(*Block)
		if !ok {
			continue
		}
		i := counts[nb.Type]
		counts[nb.Type]++
		path := fmt.Sprintf("%s.%s[%d]", sc.path, nb.Type, i)
		nsc := sc.with(path, nb.DeclRange)
		typ := nb.Type
		if sc.nested && typ != "dynamic" {
			typ = "" // a provider's block, whatever its name
		}
		switch typ {
		case "lifecycle":
			v.checkLifecycle(nb, nsc)
		case "provisioner", "connection":
			psc := nsc
			psc.self = true
			v.checkExprsIn(withoutKeywordArgs(nb), psc)
		case "postcondition":
			psc := nsc
			psc.self = kind == "resource" || kind == "data" || kind == "ephemeral"
			v.checkExprsIn(nb.Body, psc)
		case "dynamic":
			v.checkDynamic(nb, nsc, kind)
		case "data":
			if kind == "check" && len(nb.Labels) == 2 {
				dsc := nsc
				dsc.path = "data." + nb.Labels[0] + "." + nb.Labels[1]
				v.checkBody(nb.Body, dsc, "data")
				continue
			}
			nsc.nested = true
			v.checkBody(nb.Body, nsc, kind)
		default:
			nsc.nested = true
			v.checkBody(nb.Body, nsc, kind)
		}
	}
}

func (v *validator) checkLifecycle(b *Block, sc scope) {
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *Attribute:
			path := sc.path + "." + it.Name
			switch it.Name {
			case "ignore_changes":
				// Attribute paths of the resource itself, or the keyword all.
				if _, ok := StaticReferences(it.Expr); !ok {
					v.errorAt(rangeOr(it.Range, sc.rng), path, "Invalid ignore_changes", "ignore_changes lists attribute names of this resource, such as [tags, ami], or is the keyword all.", "")
				}
			case "replace_triggered_by":
				trs, keys, ok := replaceTriggers(it.Expr)
				if !ok {
					v.errorAt(rangeOr(it.Range, sc.rng), path, "Invalid replace_triggered_by",
						"replace_triggered_by lists references to managed resources or their attributes; an instance may be chosen only by count.index or each.key.", "")
					continue
				}
				for _, tr := range trs {
					v.checkTraversal(tr, sc.with(path, it.Range), true)
				}
				for _, k := range keys {
					v.checkExpr(k, sc.with(path, it.Range))
				}
			default:
				v.checkExpr(it.Expr, sc.with(path, it.Range))
			}
		case *Block:
			nsc := sc.with(sc.path+"."+it.Type, it.DeclRange)
			if it.Type == "postcondition" {
				nsc.self = true
			}
			v.checkExprsIn(it.Body, nsc)
		}
	}
}

// checkDynamic checks a dynamic block: for_each is evaluated outside the
// iterator's scope, content inside it.
func (v *validator) checkDynamic(b *Block, sc scope, kind string) {
	iterator := ""
	if len(b.Labels) == 1 {
		iterator = b.Labels[0]
	} else {
		v.labelCount(b, len(dynamic.Labels))
	}
	if a := b.Body.Attribute("iterator"); a != nil {
		if trs, ok := StaticReferences(a.Expr); ok && len(trs) == 1 && len(trs[0]) == 1 {
			iterator = trs[0].RootName()
		} else if s, ok := LiteralString(a.Expr); ok {
			iterator = s
		}
	}
	if a := b.Body.Attribute("for_each"); a != nil {
		v.checkExpr(a.Expr, sc.with(sc.path+".for_each", a.Range))
	} else {
		v.missingArgument(b, sc.path, "for_each", "add for_each = <collection>: the dynamic block generates one block for each of its elements")
	}
	inner := sc
	inner.iterators = map[string]bool{}
	for k := range sc.iterators {
		inner.iterators[k] = true
	}
	if iterator != "" {
		inner.iterators[iterator] = true
	}
	for _, a := range b.Body.Attributes() {
		if _, ok := dynamic.Arg(a.Name); !ok {
			v.errorAt(rangeOr(a.Range, b.DeclRange), sc.path+"."+a.Name, fmt.Sprintf("Unsupported argument %q in dynamic block", a.Name),
				"A dynamic block takes for_each, iterator, labels and a content block.", "move block attributes into the content block")
		}
	}
	if a := b.Body.Attribute("labels"); a != nil {
		v.checkExpr(a.Expr, inner.with(sc.path+".labels", a.Range))
	}
	contents := b.Body.Blocks("content")
	switch {
	case len(contents) == 0:
		v.errorAt(b.MissingRange(), sc.path, "Missing dynamic content block",
			"A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.", "add a content { ... } block")
		return
	case len(contents) > 1:
		v.errorAt(rangeOr(contents[1].DeclRange, b.DeclRange), sc.path+".content", "Extraneous dynamic content block",
			"Only one nested content block is allowed for each dynamic block.", "merge the content blocks into one",
			diag.Related{Message: "first content block", Range: rangeOr(contents[0].DeclRange, b.DeclRange)})
		return
	}
	csc := inner.with(sc.path+".content", contents[0].DeclRange)
	csc.nested = true
	v.checkBody(contents[0].Body, csc, kind)
}

// checkExprsIn checks every attribute expression in a body and its nested
// blocks with one scope.
// withoutKeywordArgs returns a provisioner's body without when and
// on_failure, which hold keywords (destroy, continue), not references.
func withoutKeywordArgs(b *Block) *Body {
	if b.Type != "provisioner" {
		return b.Body
	}
	out := &Body{}
	for _, it := range b.Body.Items {
		if a, ok := it.(*Attribute); ok && isKeyword(provisioner, a.Name) {
			continue
		}
		out.Items = append(out.Items, it)
	}
	return out
}

// isKeyword reports whether Terraform reads argument name of s as a keyword.
func isKeyword(s *BlockSpec, name string) bool {
	a, ok := s.Arg(name)
	return ok && a.Read == Keyword
}

func (v *validator) checkExprsIn(body *Body, sc scope) {
	for _, it := range body.Items {
		switch it := it.(type) {
		case *Attribute:
			v.checkExpr(it.Expr, sc.with(sc.path+"."+it.Name, it.Range))
		case *Block:
			v.checkExprsIn(it.Body, sc.with(sc.path+"."+it.Type, it.DeclRange))
		}
	}
}

// checkProviderInstance checks e when it is an instance of a provider
// with for_each chosen by an expression, aws.by_region[var.region]
// (OpenTofu 1.9), and reports whether it is one.
func (v *validator) checkProviderInstance(e Expr, sc scope) bool {
	switch e := e.(type) {
	case *Index:
		if r, ok := e.Collection.(*Reference); ok && len(r.Traversal) == 2 {
			v.checkProviderTraversal(r.Traversal, sc)
			v.checkExpr(e.Key, sc)
			return true
		}
	case *Raw:
		ix, ok := e.Syntax.(*hclsyntax.IndexExpr)
		if !ok {
			return false
		}
		if st, ok := ix.Collection.(*hclsyntax.ScopeTraversalExpr); ok && len(st.Traversal) == 2 {
			v.checkProviderTraversal(StripRanges(st.Traversal), sc)
			v.checkExpr(&Raw{Syntax: ix.Key}, sc)
			return true
		}
	}
	return false
}

func (v *validator) checkDependsOn(a *Attribute, sc scope) {
	trs, ok := StaticReferences(a.Expr)
	if !ok {
		v.errorAt(sc.rng, sc.path, "Invalid depends_on", "depends_on lists resources, data sources or modules, such as [aws_vpc.main, module.net], without quotes or interpolation.", "")
		return
	}
	for _, tr := range trs {
		v.checkTraversal(tr, sc, true)
	}
}

func (v *validator) checkProviderRef(a *Attribute, sc scope) {
	// OpenTofu's instance of a provider with for_each chosen by an
	// expression: aws.by_region[each.key].
	if v.checkProviderInstance(a.Expr, sc) {
		return
	}
	trs, ok := StaticReferences(a.Expr)
	if !ok || len(trs) != 1 {
		v.errorAt(sc.rng, sc.path, "Invalid provider reference", "provider must name a provider configuration such as aws or aws.west, without quotes.", "")
		return
	}
	v.checkProviderTraversal(trs[0], sc)
}

func (v *validator) checkProviderTraversal(tr hcl.Traversal, sc scope) {
	if len(tr) == 1 {
		return // the default configuration of a provider may stay implicit
	}
	if len(tr) == 3 {
		// OpenTofu's instance of a provider with for_each:
		// aws.by_region["eu-west-1"].
		if _, ok := tr[2].(hcl.TraverseIndex); ok {
			tr = tr[:2]
		}
	}
	if len(tr) != 2 {
		v.errorAt(sc.rng, sc.path, "Invalid provider reference", fmt.Sprintf("%s is not a provider reference; write type or type.alias, such as aws.west.", TraversalString(tr)), "")
		return
	}
	alias, ok := tr[1].(hcl.TraverseAttr)
	if !ok {
		v.errorAt(sc.rng, sc.path, "Invalid provider reference", "write type.alias, such as aws.west.", "")
		return
	}
	key := tr.RootName() + "." + alias.Name
	if _, ok := v.decls.providers[key]; ok {
		return
	}
	var known []string
	for k := range v.decls.providers {
		known = append(known, k)
	}
	sort.Strings(known)
	v.errorAt(sc.rng, sc.path, fmt.Sprintf("Reference to undeclared provider configuration %q", key),
		fmt.Sprintf("No provider %q block with alias %q is declared in this stack.", tr.RootName(), alias.Name),
		diag.DidYouMean(key, known))
}

// checkCount reports a literal count Terraform refuses whatever the rest
// of the configuration, which it would say only when planning: a number
// that is negative or not whole, or a value that is not a number nor text
// holding one (a list, an object, null, a bool).
func (v *validator) checkCount(a *Attribute, sc scope) {
	var what string
	e := a.Expr
	if _, ok := Unwrap(e).(*UnaryOp); ok {
		// A negative number: -1.
		if val, ok := ConstValue(e); ok {
			e = &Literal{Val: val}
		}
	}
	switch x := e.(type) {
	case *Tuple:
		what = "a list"
	case *Object:
		what = "an object"
	case *Literal:
		val := x.Val
		switch {
		case val.IsNull():
			what = "null"
		case !val.IsKnown():
			return
		case val.Type() == cty.Number:
			bf := val.AsBigFloat()
			if bf.Sign() >= 0 && bf.IsInt() {
				return
			}
			v.errorAt(sc.rng, sc.path, "Invalid count argument",
				fmt.Sprintf("The count must be a whole number of zero or more; %s is not.", bf.Text('g', -1)),
				"give 0 to create no instances")
			return
		case val.Type() == cty.String:
			if _, err := convert.Convert(val, cty.Number); err != nil {
				what = fmt.Sprintf("the string %q", val.AsString())
			}
		default:
			what = "a " + val.Type().FriendlyName()
		}
	}
	if what == "" {
		return
	}
	v.errorAt(sc.rng, sc.path, "Invalid count argument",
		fmt.Sprintf("The count must be a whole number of zero or more; %s was given.", what),
		`give a number, or an expression such as var.instances`)
}

// checkForEach reports a literal for_each of a resource, data source,
// ephemeral resource or module that Terraform refuses whatever the rest of
// the configuration: anything but a map (an object) or a set. A list is
// the usual one (a Go slice, a TSX array), which Terraform would only
// refuse when planning. A dynamic block's for_each takes lists.
func (v *validator) checkForEach(a *Attribute, sc scope) {
	var what string
	switch x := a.Expr.(type) {
	case *Tuple:
		what = "a list"
	case *Template:
		what = "a string"
	case *Literal:
		switch t := x.Val.Type(); {
		case x.Val.IsNull():
			what = "null"
		case t.IsListType() || t.IsTupleType():
			what = "a list"
		case t.IsPrimitiveType():
			what = "a " + t.FriendlyName()
		}
	}
	if what == "" {
		return
	}
	v.errorAt(sc.rng, sc.path, "Invalid for_each argument",
		fmt.Sprintf("for_each takes a map, or a set of strings; %s was given.", what),
		"use a map (its keys become each.key), or a set of strings (the toset function)")
}

// checkExpr checks every reference an expression reads.
func (v *validator) checkExpr(e Expr, sc scope) {
	for _, tr := range Variables(e) {
		v.checkTraversal(tr, sc, false)
	}
	v.checkSplats(e, sc)
	v.checkFunctions(e, sc)
}

// checkTraversal checks that one reference names something declared, and
// records a dependency edge. Static references (depends_on, moved.to) may
// name a whole resource or module without an attribute.
func (v *validator) checkTraversal(tr hcl.Traversal, sc scope, static bool) {
	root := tr.RootName()
	attr := func(i int) (string, bool) {
		if len(tr) <= i {
			return "", false
		}
		a, ok := tr[i].(hcl.TraverseAttr)
		return a.Name, ok
	}
	// undeclared reports a reference to what the stack does not declare
	// in the engines' words (UndeclaredWords, which validate and eval
	// use too), with a did-you-mean hint, else how to declare it here.
	undeclared := func(declare, name string, candidates []string, hint string) {
		suggestion := diag.DidYouMean(hint, candidates)
		summary, detail := UndeclaredWords("", root, name, suggestion != "")
		if suggestion == "" {
			suggestion = "declare " + declare + " in this stack, or refer to what it declares"
		}
		v.errorAt(sc.rng, sc.path, summary, detail, suggestion)
	}
	switch root {
	case "var":
		name, ok := attr(1)
		if !ok {
			v.errorAt(sc.rng, sc.path, "Invalid reference", "var must be followed by a variable name, such as var.region.", "")
			return
		}
		if _, ok := v.decls.blocks["var."+name]; !ok {
			undeclared(fmt.Sprintf("variable %q", name), name, v.decls.byKind["variable"], name)
		}
	case "local":
		name, ok := attr(1)
		if !ok {
			v.errorAt(sc.rng, sc.path, "Invalid reference", "local must be followed by a local value name, such as local.tags.", "")
			return
		}
		if _, ok := v.decls.locals[name]; !ok {
			undeclared(fmt.Sprintf("local value %q", name), name, v.decls.byKind["local"], name)
			return
		}
		v.addEdge(sc, "local."+name)
	case "module":
		name, ok := attr(1)
		if !ok {
			v.errorAt(sc.rng, sc.path, "Invalid reference", "module must be followed by a module name, such as module.network.vpc_id.", "")
			return
		}
		if _, ok := v.decls.blocks["module."+name]; !ok {
			undeclared(fmt.Sprintf("module %q", name), name, v.decls.byKind["module"], name)
			return
		}
		out, ok := attr(2)
		if _, index := tr[min(2, len(tr)-1)].(hcl.TraverseIndex); index && len(tr) > 2 {
			out, ok = attr(3) // module.net["a"].vpc_id
		} else if ok && !static && !sc.address {
			v.checkModuleInstanceKey("module."+name, out, sc)
		}
		if static && !ok {
			// depends_on = [module.net] waits for the whole module,
			// its inputs included; [module.net.vpc_id] for that output
			// only, as in Terraform.
			v.addEdge(sc, "module."+name)
			return
		}
		if !ok {
			out = "*"
		}
		v.addEdge(sc, moduleOutputNode("module."+name, out))
	case "data":
		typ, ok1 := attr(1)
		name, ok2 := attr(2)
		if !ok1 || !ok2 {
			v.errorAt(sc.rng, sc.path, "Invalid reference", "data must be followed by a type and a name, such as data.aws_ami.ubuntu.id.", "")
			return
		}
		addr := "data." + typ + "." + name
		if _, ok := v.decls.blocks[addr]; !ok {
			undeclared(fmt.Sprintf("data %q %q", typ, name), addr, v.decls.byKind["data"], typ+"."+name)
			return
		}
		if !static {
			v.checkInstanceKey(addr, tr[3:], sc)
		}
		v.addEdge(sc, addr)
	case "ephemeral":
		typ, ok1 := attr(1)
		name, ok2 := attr(2)
		if !ok1 || !ok2 {
			v.errorAt(sc.rng, sc.path, "Invalid reference", "ephemeral must be followed by a type and a name, such as ephemeral.random_password.db.result.", "")
			return
		}
		addr := "ephemeral." + typ + "." + name
		if _, ok := v.decls.blocks[addr]; !ok {
			undeclared(fmt.Sprintf("ephemeral %q %q", typ, name), addr, v.decls.byKind["ephemeral"], typ+"."+name)
			return
		}
		if !static {
			v.checkInstanceKey(addr, tr[3:], sc)
		}
		v.addEdge(sc, addr)
	case "count":
		if static {
			break
		}
		if a, _ := attr(1); a != "index" {
			v.errorAt(sc.rng, sc.path, "Invalid reference", "The only attribute of count is count.index.", "write count.index")
			return
		}
		if !sc.count {
			v.errorAt(sc.rng, sc.path, "Reference to \"count\" in non-counted context", "count.index is available only in blocks that set count.", "set count on the block, or use each.key with for_each")
		}
		return
	case "each":
		if static {
			break
		}
		if a, _ := attr(1); a != "key" && a != "value" {
			v.errorAt(sc.rng, sc.path, "Invalid reference", "each has two attributes: each.key and each.value.", "")
			return
		}
		if !sc.each {
			v.errorAt(sc.rng, sc.path, "Reference to \"each\" in context without for_each", "each.key and each.value are available only in blocks that set for_each.", "set for_each on the block")
		}
		return
	case "self":
		if !sc.self {
			v.errorAt(sc.rng, sc.path, "Invalid \"self\" reference", "self is available only in provisioner, connection and postcondition blocks.", "refer to the resource by its address instead")
		}
		return
	case "path", "terraform":
		return
	default:
		if sc.iterators[root] {
			return
		}
		name, ok := attr(1)
		if !ok {
			if static && len(tr) == 1 {
				v.errorAt(sc.rng, sc.path, "Invalid reference", fmt.Sprintf("%s is not a resource, data source or module address.", root), "write a reference such as aws_vpc.main or module.net")
				return
			}
			v.errorAt(sc.rng, sc.path, fmt.Sprintf("Reference to undeclared name %q", root),
				fmt.Sprintf("%s is not a resource, data source, module, variable, local value or iterator in scope.", root),
				diag.DidYouMean(root, Roots))
			return
		}
		addr := root + "." + name
		if _, ok := v.decls.blocks[addr]; !ok {
			undeclared(fmt.Sprintf("resource %q %q", root, name), addr, v.decls.byKind["resource"], addr)
			return
		}
		if !static {
			v.checkInstanceKey(addr, tr[2:], sc)
		}
		v.addEdge(sc, addr)
	}
}

// checkModuleInstanceKey reports an output read straight from a module
// call that has count or for_each (module.net.vpc_id), in the engines'
// words: its value is a list or map of instances (the engines report the
// for_each case only when they plan).
func (v *validator) checkModuleInstanceKey(addr, out string, sc scope) {
	b := v.decls.blocks[addr]
	switch {
	case b.Body.Attribute("count") != nil:
		v.errorAt(sc.rng, sc.path, "Unsupported attribute",
			fmt.Sprintf("Can't access attributes on a list of objects. Did you mean to access attribute %q for a specific element of the list, or across all elements of the list?", out),
			fmt.Sprintf("read one instance, such as %s[0].%s, or all of them, such as %s[*].%s", addr, out, addr, out))
	case b.Body.Attribute("for_each") != nil:
		v.errorAt(sc.rng, sc.path, "Unsupported attribute",
			fmt.Sprintf("This object does not have an attribute named %q: %s has for_each, so it is a map of instances by key.", out, addr),
			fmt.Sprintf(`read one instance, such as %s["KEY"].%s, or all of them, such as values(%s)[*].%s`, addr, out, addr, out))
	}
}

// checkSplats reports a splat of the instances of a resource, data source
// or module call that has for_each (see SplatOfForEach).
func (v *validator) checkSplats(e Expr, sc scope) {
	Walk(e, func(x Expr) {
		s, ok := x.(*Splat)
		if !ok || len(s.Each) == 0 {
			return
		}
		attr, ok := s.Each[0].(hcl.TraverseAttr)
		ref, isRef := s.Source.(*Reference)
		if !ok || !isRef {
			return
		}
		addr := instancesAddress(ref.Traversal)
		b, declared := v.decls.blocks[addr]
		if addr == "" || !declared || b.Body.Attribute("for_each") == nil {
			return
		}
		d := SplatOfForEach(addr, attr.Name)
		v.errorAt(sc.rng, sc.path, d.Summary, d.Detail, d.Suggestion)
	})
}

// instancesAddress is the address of the resource, data source, ephemeral
// resource or module call whose instances tr is, whole (aws_instance.web,
// module.net; not aws_instance.web["a"] or aws_instance.web.id); "" for
// anything else.
func instancesAddress(tr hcl.Traversal) string {
	names := TraversalNames(tr)
	switch {
	case len(names) != len(tr):
		return ""
	case len(names) == 2 && names[0] == "module":
	case len(names) == 3 && (names[0] == "data" || names[0] == "ephemeral"):
	case len(names) == 2 && !slices.Contains(Roots, names[0]):
	default:
		return ""
	}
	return strings.Join(names, ".")
}

// checkInstanceKey reports an attribute read straight from a resource, data
// source or ephemeral resource that has count or for_each (random_pet.p.id),
// in the engines' words: its value is a list or map of instances, so the read
// fails at plan. rest is the traversal after the address; a reference to
// the whole collection (random_pet.p, random_pet.p[*].id, length(...)) has
// none, and one to an instance starts with its key (random_pet.p[0].id).
func (v *validator) checkInstanceKey(addr string, rest hcl.Traversal, sc scope) {
	if len(rest) == 0 {
		return
	}
	if _, key := rest[0].(hcl.TraverseIndex); key {
		return
	}
	attr := ""
	if a, ok := rest[0].(hcl.TraverseAttr); ok {
		attr = a.Name
	}
	b := v.decls.blocks[addr]
	for _, arg := range []string{"count", "for_each"} {
		if b.Body.Attribute(arg) == nil {
			continue
		}
		d := MissingInstanceKey(addr, arg, attr)
		v.errorAt(sc.rng, sc.path, d.Summary, d.Detail, d.Suggestion)
	}
}

func (v *validator) addNode(n string) int {
	if id, ok := v.nodeID[n]; ok {
		return id
	}
	id := len(v.nodes)
	v.nodeID[n] = id
	v.nodes = append(v.nodes, n)
	v.edges = append(v.edges, nil)
	return id
}

func (v *validator) addEdge(sc scope, to string) {
	if sc.node == "" {
		return
	}
	if sc.node == to && (sc.self || sc.ownDependsOn) {
		return
	}
	from := v.addNode(sc.node)
	v.edges[from] = append(v.edges[from], edge{to: v.addNode(to), path: sc.path, rng: sc.rng})
}

// Module calls in the dependency graph.
//
// Terraform orders a module's inputs and outputs one by one, not the call
// as a whole: module.a may read module.b.x while module.b reads module.a.y,
// and that is a cycle only if, inside the modules, y depends on what
// module.a reads (the terraform-aws-modules examples do this often). The
// module's body is not part of the configuration checked here, so a
// reference to an output is a node of its own (module.net.vpc_id), which
// depends only on what expands the call (its count or for_each): every
// instance of the module waits for those. The call's node holds its
// inputs' references, and depends_on = [module.net] leads to it.

// moduleOutputNode is the graph node of output out of the module call
// call ("*" for the whole object of its outputs).
func moduleOutputNode(call, out string) string { return call + "." + out }

// linkModuleOutputs gives each module output node the edges of its call's
// count and for_each.
func (v *validator) linkModuleOutputs() {
	for id, n := range v.nodes {
		parts := strings.SplitN(n, ".", 3)
		if len(parts) != 3 || parts[0] != "module" {
			continue
		}
		call, ok := v.nodeID[parts[0]+"."+parts[1]]
		if !ok {
			continue
		}
		for _, e := range v.edges[call] {
			for _, meta := range []string{".count", ".for_each"} {
				p := strings.TrimPrefix(e.path, v.nodes[call]+meta)
				if p != e.path && (p == "" || p[0] == '.' || p[0] == '[') {
					v.edges[id] = append(v.edges[id], e)
				}
			}
		}
	}
}

// checkCycles reports every dependency cycle among resources, data sources,
// ephemeral resources, modules, local values and outputs, with the chain of references.
func (v *validator) checkCycles() {
	v.linkModuleOutputs()
	// Tarjan's strongly connected components over node ids, visiting nodes
	// in declaration order so the report is deterministic.
	n := len(v.nodes)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	next := 0
	var sccs [][]int
	var strong func(int)
	strong = func(u int) {
		index[u], low[u] = next, next
		next++
		stack = append(stack, u)
		onStack[u] = true
		for _, e := range v.edges[u] {
			if index[e.to] < 0 {
				strong(e.to)
				low[u] = min(low[u], low[e.to])
			} else if onStack[e.to] {
				low[u] = min(low[u], index[e.to])
			}
		}
		if low[u] == index[u] {
			var comp []int
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				comp = append(comp, top)
				if top == u {
					break
				}
			}
			if len(comp) > 1 || v.hasEdge(u, u) {
				sccs = append(sccs, comp)
			}
		}
	}
	for u := 0; u < n; u++ {
		if index[u] < 0 {
			strong(u)
		}
	}
	for _, comp := range sccs {
		members := make(map[int]bool, len(comp))
		first := comp[0]
		for _, u := range comp {
			members[u] = true
			first = min(first, u) // ids follow declaration order
		}
		chainIDs, steps := v.cyclePath(first, members)
		chain := make([]string, len(chainIDs))
		for i, id := range chainIDs {
			chain[i] = v.nodes[id]
		}
		name := v.nodes[first]
		// Each step is reported where its reference is made (the argument
		// or the depends_on entry), falling back to the block that holds it.
		at := func(i int) hcl.Range {
			if b := v.blockFor(chain[i]); b != nil {
				return rangeOr(steps[i].rng, b.DeclRange)
			}
			return steps[i].rng
		}
		var related []diag.Related
		for i, node := range chain[:len(chain)-1] {
			related = append(related, diag.Related{Message: fmt.Sprintf("%s refers to %s in %s", node, chain[i+1], steps[i].path), Range: at(i)})
		}
		if len(comp) == 1 {
			v.errorAt(at(0), name, fmt.Sprintf("Self-referential block %q", name),
				fmt.Sprintf("%s refers to itself in %s.", name, steps[0].path), "use self in provisioners, or remove the reference", related...)
			continue
		}
		v.errorAt(at(0), name, "Dependency cycle: "+strings.Join(chain, " → "),
			"Terraform cannot order these blocks: each waits for the next.", "remove one of the references or depends_on entries in the cycle", related...)
	}
}

func (v *validator) hasEdge(from, to int) bool {
	for _, e := range v.edges[from] {
		if e.to == to {
			return true
		}
	}
	return false
}

// cyclePath finds a shortest path from start back to start within members
// (breadth first) and returns its nodes, start first and last, and the
// edge taken at each step.
func (v *validator) cyclePath(start int, members map[int]bool) ([]int, []edge) {
	type step struct {
		via int
		e   edge
	}
	prev := map[int]step{}
	queue := []int{start}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range v.edges[u] {
			if !members[e.to] {
				continue
			}
			if e.to == start {
				// Walk back from u to start, then reverse.
				nodes := []int{start}
				steps := []edge{e}
				for cur := u; cur != start; cur = prev[cur].via {
					nodes = append(nodes, cur)
					steps = append(steps, prev[cur].e)
				}
				nodes = append(nodes, start)
				slices.Reverse(nodes)
				slices.Reverse(steps)
				return nodes, steps
			}
			if _, seen := prev[e.to]; !seen {
				prev[e.to] = step{via: u, e: e}
				queue = append(queue, e.to)
			}
		}
	}
	panic("config: cycle member has no path back to itself")
}

func (v *validator) blockFor(node string) *Block {
	if b, ok := v.decls.blocks[node]; ok {
		return b
	}
	if strings.HasPrefix(node, "local.") {
		name := strings.TrimPrefix(node, "local.")
		if a := v.decls.locals[name]; a != nil && (a.Range.Filename != "" || a.Range.Start.Line != 0) {
			return &Block{Type: "locals", DeclRange: a.Range}
		}
		return v.decls.localsAt[name]
	}
	return nil
}

// StaticReferences returns the traversals of an expression Terraform reads
// statically (depends_on, provider, ignore_changes, moved.to): a reference,
// or a tuple of references; Raw traversals and literal strings that parse as
// traversals are accepted too, since front ends may write them that way.
func StaticReferences(e Expr) ([]hcl.Traversal, bool) {
	switch e := e.(type) {
	case *Reference:
		return []hcl.Traversal{e.Traversal}, true
	case *Tuple:
		var out []hcl.Traversal
		for _, it := range e.Items {
			trs, ok := StaticReferences(it)
			if !ok || len(trs) != 1 {
				return nil, false
			}
			out = append(out, trs[0])
		}
		return out, true
	case *GetAttr:
		// null.west: HCL parses the null provider's name as the null
		// keyword; where a reference is read statically it is the name.
		if lit, ok := e.Source.(*Literal); ok && lit.Val.IsNull() && !lit.Val.IsMarked() {
			tr := hcl.Traversal{hcl.TraverseRoot{Name: "null"}}
			for _, st := range e.Traversal {
				a, ok := st.(hcl.TraverseAttr)
				if !ok {
					return nil, false
				}
				tr = append(tr, hcl.TraverseAttr{Name: a.Name})
			}
			return []hcl.Traversal{tr}, true
		}
	case *Literal:
		if s, ok := LiteralString(e); ok {
			tr, hds := hclsyntax.ParseTraversalAbs([]byte(s), "", hcl.InitialPos)
			if hds.HasErrors() {
				return nil, false
			}
			return []hcl.Traversal{StripRanges(tr)}, true
		}
		if e.Val.Type().IsTupleType() || e.Val.Type().IsListType() {
			var out []hcl.Traversal
			for it := e.Val.ElementIterator(); it.Next(); {
				_, ev := it.Element()
				trs, ok := StaticReferences(&Literal{Val: ev})
				if !ok || len(trs) != 1 {
					return nil, false
				}
				out = append(out, trs[0])
			}
			return out, true
		}
	case *Raw:
		if tup, ok := e.Syntax.(*hclsyntax.TupleConsExpr); ok {
			var out []hcl.Traversal
			for _, it := range tup.Exprs {
				tr, hds := hcl.AbsTraversalForExpr(it)
				if hds.HasErrors() {
					return nil, false
				}
				out = append(out, StripRanges(tr))
			}
			return out, true
		}
		if e.Syntax != nil {
			tr, hds := hcl.AbsTraversalForExpr(e.Syntax)
			if !hds.HasErrors() {
				return []hcl.Traversal{StripRanges(tr)}, true
			}
		}
	}
	return nil, false
}

// replaceTriggers returns the references a replace_triggered_by list
// holds, and the instance keys it indexes them by. Besides static references
// Terraform accepts an instance chosen by the resource's own count.index or
// each.key (aws_instance.web[count.index].id); the references returned then
// stop before that index, and the keys are returned to be checked in scope.
func replaceTriggers(e Expr) (trs []hcl.Traversal, keys []Expr, ok bool) {
	if trs, ok := StaticReferences(e); ok {
		return trs, nil, true
	}
	switch e := e.(type) {
	case *Tuple:
		for _, it := range e.Items {
			tr, k, ok := triggerBase(it)
			if !ok {
				return nil, nil, false
			}
			trs, keys = append(trs, tr), append(keys, k...)
		}
		return trs, keys, true
	case *Raw:
		tup, isTuple := e.Syntax.(*hclsyntax.TupleConsExpr)
		if !isTuple {
			return nil, nil, false
		}
		for _, it := range tup.Exprs {
			tr, k, ok := triggerBase(&Raw{Syntax: it})
			if !ok {
				return nil, nil, false
			}
			trs, keys = append(trs, tr), append(keys, k...)
		}
		return trs, keys, true
	}
	return nil, nil, false
}

// triggerBase is replaceTriggers for one item of the model.
func triggerBase(e Expr) (hcl.Traversal, []Expr, bool) {
	switch e := e.(type) {
	case *Reference:
		return e.Traversal, nil, true
	case *Literal:
		// A front end's address string, "aws_x.y[each.key].id".
		s, ok := LiteralString(e)
		if !ok {
			return nil, nil, false
		}
		se, hds := hclsyntax.ParseExpression([]byte(s), "", hcl.InitialPos)
		if hds.HasErrors() {
			return nil, nil, false
		}
		return triggerBase(&Raw{Text: s, Syntax: se})
	case *GetAttr:
		return triggerBase(e.Source)
	case *Index:
		r, ok := e.Key.(*Reference)
		if !ok || !instanceKey(r.Traversal) {
			return nil, nil, false
		}
		tr, keys, ok := triggerBase(e.Collection)
		return tr, append(keys, e.Key), ok
	case *Raw:
		if e.Syntax == nil {
			return nil, nil, false
		}
		tr, k, ok := triggerBaseSyntax(e.Syntax)
		if !ok {
			return nil, nil, false
		}
		var keys []Expr
		if k != nil {
			keys = append(keys, &Reference{Traversal: StripRanges(k)})
		}
		return StripRanges(tr), keys, true
	}
	return nil, nil, false
}

// triggerBaseSyntax is replaceTriggers for one item written as HCL.
func triggerBaseSyntax(e hclsyntax.Expression) (tr, key hcl.Traversal, ok bool) {
	switch e := e.(type) {
	case *hclsyntax.ScopeTraversalExpr:
		return e.Traversal, nil, true
	case *hclsyntax.RelativeTraversalExpr:
		return triggerBaseSyntax(e.Source)
	case *hclsyntax.IndexExpr:
		k, isRef := e.Key.(*hclsyntax.ScopeTraversalExpr)
		if !isRef || !instanceKey(k.Traversal) {
			return nil, nil, false
		}
		tr, _, ok := triggerBaseSyntax(e.Collection)
		return tr, k.Traversal, ok
	}
	return nil, nil, false
}

// instanceKey reports whether tr is count.index or each.key.
func instanceKey(tr hcl.Traversal) bool {
	if len(tr) != 2 {
		return false
	}
	a, ok := tr[1].(hcl.TraverseAttr)
	return ok && (tr.RootName() == "count" && a.Name == "index" || tr.RootName() == "each" && a.Name == "key")
}

// ValidIdentifier reports whether s is an HCL identifier (a name of a
// block, attribute or variable). ASCII names are checked directly; others
// go through HCL's scanner, which knows Unicode's identifier classes but
// is much slower.
func ValidIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return utf8.ValidString(s) && hclsyntax.ValidIdentifier(s)
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case i > 0 && (c >= '0' && c <= '9' || c == '-'):
		default:
			return false
		}
	}
	return true
}
