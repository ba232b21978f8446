package load

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// ruler reports what terraform and tofu refuse, or warn about, when they
// read a module's files, before they evaluate anything, that decoding the
// blocks does not catch: names that are not names, reserved and misplaced
// meta-arguments, provisioner keywords, conditions that check nothing,
// quoted type constraints. It speaks the engines' words, so that eval
// refuses what `terraform init` and `tofu init` refuse, where they do.
type ruler struct {
	engine tffile.Engine
	json   map[string]bool // by file name: in JSON syntax
	diags  diag.Diagnostics
}

// rules checks the top-level blocks of a module directory's files, each
// file's as written (before override files are merged, as the engines
// read them), and the settings a module makes once across its files.
func rules(files []*tffile.File, json map[string]bool, engine tffile.Engine) diag.Diagnostics {
	r := &ruler{engine: engine, json: json}
	all := &config.Config{}
	for _, f := range files {
		if f.Config != nil {
			all.Blocks = append(all.Blocks, f.Config.Blocks...)
		}
	}
	r.moduleSettings(all)
	for _, b := range all.Blocks {
		r.names(b)
		switch b.Type {
		case "resource", "data", "ephemeral":
			if len(b.Labels) == 2 {
				r.resource(b)
			}
		case "provider":
			if len(b.Labels) == 1 {
				r.provider(b)
			}
		case "module":
			if len(b.Labels) == 1 {
				r.moduleCall(b)
			}
		case "terraform":
			for _, rp := range b.Body.Blocks("required_providers") {
				r.requiredProviders(rp)
			}
		case "variable":
			if len(b.Labels) == 1 {
				r.variable(b)
			}
		case "language":
			r.language(b)
		case "output":
			r.unexpectedArgs(b, config.KindOutput)
			for _, c := range b.Body.Blocks("precondition") {
				r.refersToSomething(c)
			}
			r.deprecated(b, "output value")
		case "check":
			if len(b.Labels) == 1 {
				r.check(b)
			}
		case "removed":
			// destroy is read before anything is evaluated: a literal bool.
			for _, lc := range b.Body.Blocks("lifecycle") {
				if a := attr(lc.Body, "destroy"); a != nil {
					r.literalBool(a)
				}
			}
		}
	}
	return r.diags
}

// nameNoun is, by block type, what the engines call the name a block
// declares, and which label it is, in their "Invalid ... name" errors.
var nameNoun = map[string]struct {
	summary string
	label   int
}{
	"variable":  {"Invalid variable name", 0},
	"output":    {"Invalid output name", 0},
	"module":    {"Invalid module instance name", 0},
	"check":     {"Invalid check block name", 0},
	"resource":  {"Invalid resource name", 1},
	"data":      {"Invalid data resource name", 1},
	"ephemeral": {"Invalid ephemeral resource name", 1},
}

// reservedVariables are the names a variable may not have: a module
// block gives them their special meaning.
var reservedVariables = map[string]bool{"count": true, "depends_on": true, "for_each": true, "lifecycle": true, "locals": true, "providers": true, "source": true, "version": true}

// names checks the name a variable, output, module call, check block or
// resource declares: an identifier, at its label, and for a variable not
// one a module block reserves.
func (r *ruler) names(b *config.Block) {
	n, ok := nameNoun[b.Type]
	if !ok || len(b.Labels) <= n.label {
		return
	}
	name := b.Labels[n.label]
	rng := b.DeclRange
	if n.label < len(b.LabelRanges) {
		rng = b.LabelRanges[n.label]
	}
	switch {
	case !config.ValidIdentifier(name):
		r.add(diag.Error, rng, n.summary, badName)
	case b.Type == "variable" && reservedVariables[name]:
		r.add(diag.Error, rng, n.summary, fmt.Sprintf("The variable name %q is reserved due to its special meaning inside module blocks.", name))
	}
}

// badName is the engines' detail for a name that is not an identifier.
const badName = "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes."

// moduleSettings checks the settings a module may make once, in any of
// its terraform blocks: a backend or a cloud block (not both), a
// required_providers block, a provider_meta block per provider. Override
// files, whose settings replace those of the primary files, are counted
// apart, as the engines count them.
func (r *ruler) moduleSettings(cfg *config.Config) {
	r.settingsOf(cfg, false)
	r.settingsOf(cfg, true)
}

func (r *ruler) settingsOf(cfg *config.Config, overrides bool) {
	var backend, cloud, required *config.Block
	metas := map[string]*config.Block{}
	for _, b := range cfg.Blocks {
		if b.Type != "terraform" {
			continue
		}
		for _, nb := range blocksOf(b.Body) {
			if _, _, override := tffile.KindFor(filepath.Base(nb.DeclRange.Filename), r.engine); override != overrides {
				continue
			}
			// once keeps the first block of a setting and reports the
			// others, with where the first is.
			once := func(first **config.Block, summary, detail string) {
				if *first != nil {
					r.add(diag.Error, nb.DeclRange, summary, detail+(*first).DeclRange.String()+".")
					return
				}
				*first = nb
			}
			switch nb.Type {
			case "backend":
				once(&backend, "Duplicate backend configuration", "A module may have only one backend configuration. The backend was previously configured at ")
			case "cloud":
				if r.engine == tffile.OpenTofu {
					once(&cloud, "Duplicate cloud configurations", "A module may have only one 'cloud' block configuring a cloud backend. A cloud backend was previously configured at ")
				} else {
					once(&cloud, "Duplicate HCP Terraform configurations", "A module may have only one 'cloud' block configuring HCP Terraform or Terraform Enterprise. The 'cloud' block was previously configured at ")
				}
			case "required_providers":
				once(&required, "Duplicate required providers configuration", "A module may have only one required providers configuration. The required providers were previously configured at ")
			case "provider_meta":
				if len(nb.Labels) != 1 {
					continue
				}
				name := nb.Labels[0]
				r.providerName(name, nb.DeclRange)
				for _, a := range nb.Body.Attributes() {
					if a.Source != nil {
						_, hd := a.Source.Value(nil)
						r.diags = append(r.diags, diag.FromHCL(hd)...)
					}
				}
				if prev := metas[name]; prev != nil {
					r.add(diag.Error, nb.DeclRange, "Duplicate provider_meta block",
						fmt.Sprintf("A provider_meta block for provider %q was already declared at %s. Providers may only have one provider_meta block per module.", name, prev.DeclRange))
					continue
				}
				metas[name] = nb
			}
		}
	}
	if backend != nil && cloud != nil && !overrides {
		summary, detail := "Both a backend and cloud configuration are present",
			"A module may declare either one 'cloud' block configuring HCP Terraform OR one 'backend' block configuring a state backend. HCP Terraform is configured at "+cloud.DeclRange.String()+"; a backend is configured at "+backend.DeclRange.String()+". Remove the backend block to configure HCP Terraform."
		if r.engine == tffile.OpenTofu {
			summary, detail = "Both a backend and a cloud configuration are present",
				"A module may declare either one 'cloud' block configuring a cloud backend OR one 'backend' block configuring a state backend. A cloud backend is configured at "+cloud.DeclRange.String()+"; a backend is configured at "+backend.DeclRange.String()+". Remove the backend block to configure a cloud backend."
		}
		r.add(diag.Error, backend.DeclRange, summary, detail)
	}
}

func (r *ruler) add(sev diag.Severity, rng hcl.Range, summary, detail string, related ...diag.Related) {
	r.diags = append(r.diags, &diag.Diagnostic{Severity: sev, Summary: summary, Detail: detail, Subject: &rng, Related: related})
}

// engineName is the engine in the words of messages.
func (r *ruler) engineName() string {
	if r.engine == tffile.OpenTofu {
		return tffile.OpenTofu.String()
	}
	return tffile.Terraform.String()
}

func (r *ruler) native(rng hcl.Range) bool { return !r.json[rng.Filename] }

// override says whether rng is in an override file.
func (r *ruler) override(rng hcl.Range) bool {
	_, _, o := tffile.KindFor(filepath.Base(rng.Filename), r.engine)
	return o
}

// overridden reports a block the engines do not let override files hold
// (a check block, a condition, a validation) and says whether it did.
func (r *ruler) overridden(b *config.Block) bool {
	if !r.override(b.DeclRange) {
		return false
	}
	r.add(diag.Error, b.DeclRange, fmt.Sprintf("Can't override %s blocks", b.Type), fmt.Sprintf("Override files cannot override %q blocks.", b.Type))
	return true
}

// check checks a check block as the engines read it: not in an override
// file, with at least one assert whose condition refers to something, and
// at most one scoped data source.
func (r *ruler) check(b *config.Block) {
	if r.override(b.DeclRange) {
		r.add(diag.Error, b.DeclRange, "Can't override check blocks", "Override files cannot override check blocks.")
		return
	}
	asserts := 0
	for _, a := range b.Body.Blocks("assert") {
		if r.refersToSomething(a) {
			asserts++
		}
	}
	if asserts == 0 {
		r.add(diag.Error, b.DeclRange, "Zero assert blocks", "Check blocks must have at least one assert block.")
	}
	// One scoped data source per check block.
	data := b.Body.Blocks("data")
	for _, d := range data[min(1, len(data)):] {
		r.add(diag.Error, d.DeclRange, "Multiple data resource blocks",
			fmt.Sprintf("This check block already has a data resource defined at %s.", data[0].DeclRange.String()))
	}
}

func (r *ruler) reservedBlock(nb *config.Block, in string) {
	r.add(diag.Error, nb.DeclRange, "Reserved block type name in "+in+" block",
		fmt.Sprintf("The block type name %q is reserved for use by %s in a future version.", nb.Type, r.engineName()))
}

// blockNoun names a resource block's kind as the engines' messages do.
var blockNoun = map[string]string{"resource": "resource", "data": "data", "ephemeral": "ephemeral"}

func (r *ruler) resource(b *config.Block) {
	if !config.ValidIdentifier(b.Labels[0]) {
		summary := map[string]string{"resource": "Invalid resource type name", "data": "Invalid data source name", "ephemeral": "Invalid ephemeral resource type name"}[b.Type]
		r.add(diag.Error, b.DeclRange, summary, "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.")
	}
	r.repetition(b)
	if a := attr(b.Body, "provider"); a != nil {
		r.providerRefName(a.Source)
	}
	r.builtinBody(b)
	var connection *config.Block
	destroyTime := false
	for _, nb := range blocksOf(b.Body) {
		switch nb.Type {
		case "locals":
			r.reservedBlock(nb, blockNoun[b.Type])
		case "connection", "provisioner":
			if b.Type == "ephemeral" {
				r.add(diag.Error, nb.DeclRange, "Invalid configuration block for ephemeral resource",
					fmt.Sprintf("The block type %q cannot be used in ephemeral resources. This is meant to be used strictly in \"resource\" blocks.", nb.Type))
				continue
			}
			if nb.Type == "provisioner" {
				if r.provisioner(nb) {
					destroyTime = true
				}
				continue
			}
			if connection != nil {
				r.add(diag.Error, nb.DeclRange, "Duplicate connection block",
					"This resource already has a connection block at "+connection.DeclRange.String()+".")
			} else {
				connection = nb
			}
		case "lifecycle":
			r.lifecycle(b, nb)
		}
	}
	if destroyTime && connection != nil {
		r.destroyTimeRefs(connection.Body)
	}
}

// repetition reports more than one of count, for_each and (OpenTofu's)
// lifecycle enabled on a resource, data source, ephemeral resource or
// module call, at the range from the first to the last.
func (r *ruler) repetition(b *config.Block) {
	var names []string
	var rngs []hcl.Range
	for _, a := range b.Body.Attributes() {
		if a.Source != nil && (a.Name == "count" || a.Name == "for_each") {
			names, rngs = append(names, a.Name), append(rngs, a.Range)
		}
	}
	if r.engine == tffile.OpenTofu {
		for _, lc := range b.Body.Blocks("lifecycle") {
			if a := attr(lc.Body, "enabled"); a != nil {
				names, rngs = append(names, "enabled"), append(rngs, a.Range)
			}
		}
	}
	if len(names) < 2 {
		return
	}
	// In the order count, enabled, for_each, as the engines list them.
	order := map[string]int{"count": 0, "enabled": 1, "for_each": 2}
	sort.SliceStable(names, func(i, j int) bool { return order[names[i]] < order[names[j]] })
	sort.SliceStable(rngs, func(i, j int) bool { return rngs[i].Start.Byte < rngs[j].Start.Byte })
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	list := strings.Join(quoted, " and ")
	if len(quoted) > 2 {
		list = strings.Join(quoted[:len(quoted)-1], ", ") + ", and " + quoted[len(quoted)-1]
	}
	what := map[string]string{"resource": "resources", "data": "data sources", "ephemeral": "ephemeral resources", "module": "module instances"}[b.Type]
	// OpenTofu points at all of them, Terraform at the last (for_each).
	rng := hcl.RangeBetween(rngs[0], rngs[len(rngs)-1])
	if r.engine != tffile.OpenTofu {
		rng = rngs[len(rngs)-1]
	}
	// Each engine's words: OpenTofu's "should" for module calls,
	// Terraform's, for every block, of resources.
	may := "may"
	if b.Type == "module" {
		may = "should"
	}
	detail := fmt.Sprintf("The %s meta-arguments are mutually-exclusive. Only one %s be used to be explicit about the number of %s to be created.", list, may, what)
	if r.engine != tffile.OpenTofu {
		detail = fmt.Sprintf("The %s meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.", list)
	}
	r.add(diag.Error, rng, "Invalid combination of "+list, detail)
}

// moduleCall checks a module block's meta-blocks: a lifecycle block is
// OpenTofu's, holding enabled alone (1.11); Terraform reserves the name.
func (r *ruler) moduleCall(b *config.Block) {
	r.repetition(b)
	for _, lc := range b.Body.Blocks("lifecycle") {
		if r.engine != tffile.OpenTofu {
			r.reservedBlock(lc, "module")
			continue
		}
		for _, a := range lc.Body.Attributes() {
			if a.Source != nil && a.Name != "enabled" {
				r.add(diag.Error, a.Range, "Unsupported argument", fmt.Sprintf("An argument named %q is not expected here.", a.Name))
			}
		}
	}
}

// managedLifecycle are the lifecycle arguments of managed resources alone;
// OpenTofu adds destroy (1.12).
var managedLifecycle = map[string]bool{"create_before_destroy": true, "prevent_destroy": true, "ignore_changes": true, "replace_triggered_by": true, "destroy": true}

func (r *ruler) lifecycle(b, lc *config.Block) {
	tofu := r.engine == tffile.OpenTofu
	for _, a := range lc.Body.Attributes() {
		if a.Source == nil {
			continue
		}
		switch {
		case a.Name == "enabled" && tofu:
			continue // OpenTofu's (1.11), on every kind: evaluated
		case !managedLifecycle[a.Name] || a.Name == "destroy" && !tofu:
			r.add(diag.Error, a.Range, "Unsupported argument", fmt.Sprintf("An argument named %q is not expected here.", a.Name))
			continue
		case b.Type == "data":
			r.add(diag.Error, a.Range, "Invalid data resource lifecycle argument",
				fmt.Sprintf("The lifecycle argument %q is defined only for managed resources (\"resource\" blocks), and is not valid for data resources.", a.Name))
			continue
		case b.Type == "ephemeral":
			r.add(diag.Error, lc.DeclRange, "Invalid lifecycle configuration for ephemeral resource",
				fmt.Sprintf("The lifecycle argument %q cannot be used in ephemeral resources. This is meant to be used strictly in \"resource\" blocks.", a.Name))
			continue
		}
		switch a.Name {
		case "create_before_destroy":
			r.literalBool(a)
		case "prevent_destroy":
			// OpenTofu (1.12) evaluates it, from variables too.
			if r.engine != tffile.OpenTofu {
				r.literalBool(a)
			}
		case "ignore_changes":
			r.ignoreChanges(a)
		}
	}
	for _, c := range blocksOf(lc.Body) {
		if c.Type == "precondition" || c.Type == "postcondition" {
			r.refersToSomething(c)
			if b.Type != "ephemeral" {
				r.selfReference(b, c)
			}
		}
	}
}

// selfReference reports a condition of a resource or data source that
// names the resource itself (a postcondition reads it as self).
func (r *ruler) selfReference(b, c *config.Block) {
	addr := b.Labels[0] + "." + b.Labels[1]
	if b.Type == "data" {
		addr = "data." + addr
	}
	for _, name := range []string{"condition", "error_message"} {
		a := attr(c.Body, name)
		if a == nil {
			continue
		}
		for _, tr := range a.Source.Variables() {
			if key, _ := splitResourceRef(tr); key == addr {
				r.add(diag.Error, a.Source.Range(), "Invalid reference in "+c.Type, "Configuration for "+addr+" may not refer to itself.")
				break
			}
		}
	}
}

// literalBool checks an argument the engines decode without an evaluation
// context into a bool: no references, no function calls, a bool value.
func (r *ruler) literalBool(a *config.Attribute) {
	v, hd := a.Source.Value(nil)
	r.diags = append(r.diags, diag.FromHCL(hd)...)
	// At the start of the expression, as HCL's decoding places it: inside
	// the quotes of a string.
	switch b, err := convert.Convert(v, cty.Bool); {
	case err != nil:
		// cty's words: "a bool is required" for a string, "bool
		// required" for a number.
		r.add(diag.Error, a.Source.StartRange(), "Unsuitable value type", "Unsuitable value: "+err.Error())
	case !b.IsKnown():
		r.add(diag.Error, a.Source.StartRange(), "Unsuitable value type", "Unsuitable value: value must be known")
	case b.IsNull():
		r.add(diag.Error, a.Source.StartRange(), "Unsuitable value type", "Unsuitable value: null value is not allowed")
	}
}

// ignoreChanges checks the list form of ignore_changes: the wildcard "*"
// of Terraform 0.11 is gone (all replaces it), and quoted attribute names
// are deprecated.
func (r *ruler) ignoreChanges(a *config.Attribute) {
	items, hd := hcl.ExprList(a.Source)
	if hd.HasErrors() {
		return // the keyword all, or an error of its own
	}
	wildcard, others := false, false
	for _, it := range items {
		if s, ok := quotedString(it); ok && s == "*" {
			wildcard = true
			r.add(diag.Error, it.Range(), "Invalid ignore_changes wildcard",
				`The ["*"] form of ignore_changes wildcard is was deprecated and is now invalid. Use "ignore_changes = all" to ignore changes to all attributes.`)
			continue
		}
		others = true
		if _, ok := quotedString(it); ok && r.native(it.Range()) {
			r.quotedReference(it.Range())
		}
	}
	if wildcard && others {
		r.add(diag.Error, a.Source.Range(), "Invalid ignore_changes ruleset", `Cannot mix wildcard string "*" with non-wildcard references.`)
	}
}

// quotedString returns the text of a string literal written in quotes
// (a JSON string, or a native template without interpolations).
func quotedString(e hcl.Expression) (string, bool) {
	switch e := e.(type) {
	case *hclsyntax.TemplateExpr:
		if len(e.Parts) != 1 {
			return "", false
		}
		if lit, ok := e.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && lit.Val.IsKnown() && !lit.Val.IsNull() {
			return lit.Val.AsString(), true
		}
		return "", false
	case hclsyntax.Expression, nil:
		return "", false
	}
	// A JSON string: read literally without an evaluation context.
	if len(e.Variables()) > 0 {
		return "", false
	}
	v, hd := e.Value(nil)
	if hd.HasErrors() || v.Type() != cty.String || !v.IsKnown() || v.IsNull() {
		return "", false
	}
	return v.AsString(), true
}

func (r *ruler) quotedReference(rng hcl.Range) {
	r.diags = append(r.diags, quotedReference(rng, r.engineName()))
}

// quotedReference is the warning for a reference written in quotes, as
// Terraform 0.11 wrote them: the engines still read it as the reference.
func quotedReference(rng hcl.Range, engine string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Warning, Subject: &rng, Summary: "Quoted references are deprecated",
		Detail: "In this context, references are expected literally rather than in quotes. " + engine + " 0.11 and earlier required quotes, " +
			"but quoted references are now deprecated and will be removed in a future version of " + engine + ". Remove the quotes surrounding this reference to silence this warning."}
}

// removedProvisioners were vendor provisioners of Terraform 0.13.
var removedProvisioners = map[string]bool{"chef": true, "habitat": true, "puppet": true, "salt-masterless": true}

// provisioner checks a provisioner block and reports whether it runs at
// destroy time.
func (r *ruler) provisioner(p *config.Block) (destroyTime bool) {
	if len(p.Labels) == 1 && removedProvisioners[p.Labels[0]] {
		r.add(diag.Error, p.DeclRange, fmt.Sprintf("The %q provisioner has been removed", p.Labels[0]),
			fmt.Sprintf("The %q provisioner was deprecated in Terraform 0.13.4 has been removed from %s. Visit https://learn.hashicorp.com/collections/terraform/provision for alternatives to using provisioners that are a better fit for the %s workflow.",
				p.Labels[0], r.engineName(), r.engineName()))
	}
	if a := attr(p.Body, "when"); a != nil {
		destroyTime = r.keyword(a, "create", "destroy") == "destroy"
	}
	if a := attr(p.Body, "on_failure"); a != nil {
		r.keyword(a, "continue", "fail")
	}
	var connection, escape *config.Block
	for _, nb := range blocksOf(p.Body) {
		switch nb.Type {
		case "connection":
			if connection != nil {
				r.add(diag.Error, nb.DeclRange, "Duplicate connection block",
					"This provisioner already has a connection block at "+connection.DeclRange.String()+".")
			} else {
				connection = nb
			}
		case "_":
			if escape != nil {
				r.add(diag.Error, nb.DeclRange, "Duplicate escaping block",
					`The special block type "_" can be used to force particular arguments to be interpreted as provisioner-typpe-specific rather than as meta-arguments, but each provisioner block can have only one such block. The first escaping block was at `+escape.DeclRange.String()+".")
			} else {
				escape = nb
			}
		case "lifecycle":
			r.reservedBlock(nb, "provisioner")
		}
	}
	if destroyTime {
		r.destroyTimeRefs(p.Body)
	}
	return destroyTime
}

// keyword reads an argument that takes one of the given bare keywords
// (quoted ones are deprecated) and returns it; "" when it is none.
func (r *ruler) keyword(a *config.Attribute, words ...string) string {
	kw := hcl.ExprAsKeyword(a.Source)
	if kw == "" {
		if s, ok := quotedString(a.Source); ok {
			kw = s
			if r.native(a.Source.Range()) {
				r.add(diag.Warning, a.Source.Range(), "Quoted keywords are deprecated",
					"In this context, keywords are expected literally rather than in quotes. "+r.engineName()+" 0.11 and earlier required quotes, "+
						"but quoted keywords are now deprecated and will be removed in a future version of "+r.engineName()+". Remove the quotes surrounding this keyword to silence this warning.")
			}
		}
	}
	for _, w := range words {
		if kw == w {
			return kw
		}
	}
	r.add(diag.Error, a.Source.Range(), fmt.Sprintf("Invalid %q keyword", a.Name),
		fmt.Sprintf("The %q argument requires one of the following keywords: %s.", a.Name, strings.Join(words, " or ")))
	return ""
}

// destroyTimeRefs reports references a destroy-time provisioner (or the
// connection it uses) may not make: at destroy time only the resource
// itself (self, count.index, each.key) and static values remain.
func (r *ruler) destroyTimeRefs(body *config.Body) {
	for _, a := range body.Attributes() {
		if a.Source == nil || a.Name == "when" || a.Name == "on_failure" {
			continue // keywords, not references
		}
		for _, tr := range a.Source.Variables() {
			switch tr.RootName() {
			case "self", "count", "each", "path", "terraform":
				continue
			case "tofu":
				if r.engine == tffile.OpenTofu {
					continue
				}
			}
			r.add(diag.Error, tr.SourceRange(), "Invalid reference from destroy provisioner",
				"Destroy-time provisioners and their connection configurations may only reference attributes of the related resource, via 'self', 'count.index', or 'each.key'.\n\n"+
					"References to other resources during the destroy phase can cause dependency cycles and interact poorly with create_before_destroy.")
		}
	}
	for _, nb := range blocksOf(body) {
		r.destroyTimeRefs(nb.Body)
	}
}

// refersToSomething checks that a precondition, postcondition or assert
// refers to something (a constant condition checks nothing), and is not in
// an override file; false when it reported a problem.
func (r *ruler) refersToSomething(c *config.Block) bool {
	if r.overridden(c) {
		return false
	}
	if !r.hasErrorMessage(c) {
		return false
	}
	a := attr(c.Body, "condition")
	if a == nil || len(a.Source.Variables()) > 0 {
		return true
	}
	r.add(diag.Error, a.Source.Range(), "Invalid "+c.Type+" expression",
		"The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.")
	return false
}

// hasErrorMessage reports a condition block (a validation, a
// precondition or postcondition, an assert) without the error_message
// the engines require, where HCL's decoding places it (missingArgRange);
// false when it has none (the engines then do not count the block).
func (r *ruler) hasErrorMessage(c *config.Block) bool {
	if attr(c.Body, "error_message") != nil {
		return true
	}
	rng := missingArgRange(c, !r.native(c.DeclRange))
	r.diags = append(r.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument",
		Detail: `The argument "error_message" is required, but no definition was found.`, Subject: &rng,
		Suggestion: fmt.Sprintf("add error_message = \"...\" to the %s block: the message shown when the condition is false", c.Type)})
	return false
}

// deprecated checks the deprecated argument of a variable or an output:
// OpenTofu's (1.10), and then a message that is not empty.
func (r *ruler) deprecated(b *config.Block, noun string) {
	a := attr(b.Body, "deprecated")
	if a == nil {
		return
	}
	if r.engine != tffile.OpenTofu {
		r.add(diag.Error, a.Range, "Unsupported argument",
			`An argument named "deprecated" is not expected here. Deprecating a variable or an output is OpenTofu's (1.10 or later); Terraform has no such argument (--engine tofu reads for OpenTofu).`)
		return
	}
	v, hd := a.Source.Value(nil)
	if hd.HasErrors() {
		r.diags = append(r.diags, diag.FromHCL(hd)...)
		return
	}
	if v, err := convert.Convert(v, cty.String); err == nil && v.IsKnown() && !v.IsNull() && strings.TrimSpace(v.AsString()) == "" {
		r.add(diag.Error, a.Source.Range(), "Invalid `deprecated` attribute",
			`The "deprecated" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated `+noun+".")
	}
}

func (r *ruler) variable(b *config.Block) {
	name := b.Labels[0]
	r.unexpectedArgs(b, config.KindVariable)
	r.deprecated(b, "variable")
	if a := attr(b.Body, "nullable"); a != nil {
		r.literalBool(a)
	}
	if a := attr(b.Body, "const"); a != nil {
		if r.engine != tffile.OpenTofu {
			r.add(diag.Error, a.Range, "Unsupported argument", `An argument named "const" is not expected here. A constant variable is OpenTofu's (1.12); Terraform has no such argument (--engine tofu reads for OpenTofu).`)
		} else {
			r.literalBool(a)
		}
	}
	if a, d := attr(b.Body, "nullable"), attr(b.Body, "default"); a != nil && d != nil {
		nullable, hd := a.Source.Value(nil)
		def, hd2 := d.Source.Value(nil)
		if !hd.HasErrors() && !hd2.HasErrors() && nullable.Type() == cty.Bool && nullable.IsKnown() && !nullable.IsNull() && nullable.False() && def.IsNull() {
			r.add(diag.Error, d.Source.Range(), "Invalid default value for variable", "A null default value is not valid when nullable=false.")
		}
	}
	if a := attr(b.Body, "type"); a != nil {
		r.quotedType(a)
	}
	for _, vb := range b.Body.Blocks("validation") {
		a := attr(vb.Body, "condition")
		if r.overridden(vb) || !r.hasErrorMessage(vb) || a == nil {
			continue
		}
		self := false
		for _, tr := range a.Source.Variables() {
			if len(tr) > 1 && tr.RootName() == "var" {
				if at, ok := tr[1].(hcl.TraverseAttr); ok && at.Name == name {
					self = true
				}
			}
		}
		if len(a.Source.Variables()) == 0 {
			r.add(diag.Error, a.Source.Range(), "Invalid validation expression",
				"The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.")
		}
		if !self {
			r.add(diag.Error, a.Source.Range(), "Invalid variable validation condition",
				fmt.Sprintf("The condition for variable %q must refer to var.%s in order to test incoming values.", name, name))
		}
	}
}

// unexpectedArgs reports the arguments of a variable or output block
// that its kind does not take (count, for_each, a misspelled name), and
// the blocks other than its validation or precondition blocks, as the
// engines' decoding does, at the argument or the block type. deprecated and const are
// checked by deprecated and variable; a JSON comment ("//") is no
// argument.
func (r *ruler) unexpectedArgs(b *config.Block, k *config.Kind) {
	// What the block takes, for the did-you-mean: the engine's
	// arguments, then its nested blocks.
	var names []string
	for _, n := range k.ArgNames() {
		if n != "deprecated" || r.engine == tffile.OpenTofu {
			names = append(names, n)
		}
	}
	if k == config.KindVariable && r.engine == tffile.OpenTofu {
		names = append(names, "const")
	}
	taken := strings.Join(names, ", ")
	if k == config.KindVariable {
		names = append(names, "validation")
	} else {
		names = append(names, "precondition")
	}
	for _, a := range b.Body.Attributes() {
		if a.Source == nil || a.Name == "deprecated" || a.Name == "const" && k == config.KindVariable || a.Name == "//" && !r.native(a.Range) {
			continue
		}
		if _, ok := k.Arg(a.Name); ok {
			continue
		}
		hint := diag.DidYouMean(a.Name, names)
		if hint == "" {
			hint = fmt.Sprintf("remove it: %s %s block takes %s", map[bool]string{true: "a", false: "an"}[k == config.KindVariable], k.Noun, taken)
		}
		rng := a.Range
		r.diags = append(r.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported argument",
			Detail: fmt.Sprintf("An argument named %q is not expected here.", a.Name), Subject: &rng, Suggestion: hint})
	}
	nested := names[len(names)-1]
	for _, nb := range blocksOf(b.Body) {
		if nb.Type == nested {
			continue
		}
		hint := diag.DidYouMean(nb.Type, []string{nested})
		if hint == "" {
			hint = fmt.Sprintf("remove it: the only block %s %s block holds is %s", map[bool]string{true: "a", false: "an"}[k == config.KindVariable], k.Noun, nested)
		}
		rng := nb.TypeRange
		if rng == (hcl.Range{}) {
			rng = nb.DeclRange
		}
		r.diags = append(r.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported block type",
			Detail: fmt.Sprintf("Blocks of type %q are not expected here.", nb.Type), Subject: &rng, Suggestion: hint})
	}
}

// quotedType reports a variable type constraint written in quotes, as
// Terraform 0.11 wrote them (in native syntax: JSON writes every type as a
// string).
func (r *ruler) quotedType(a *config.Attribute) {
	s, ok := quotedString(a.Source)
	if !ok || !r.native(a.Source.Range()) {
		return
	}
	detail := fmt.Sprintf("%s 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of %s. Remove the quotes around %q", r.engineName(), r.engineName(), s)
	switch s {
	case "map", "list":
		detail += fmt.Sprintf(" and write %s(string) instead to explicitly indicate that the %s elements are strings.", s, s)
	case "string":
		detail += "."
	default:
		r.add(diag.Error, a.Source.Range(), "Invalid legacy variable type hint", "To provide a full type expression, remove the surrounding quotes and give the type expression directly.")
		return
	}
	r.add(diag.Error, a.Source.Range(), "Invalid quoted type constraints", detail)
}

// reservedProviderArgs are the provider block arguments the engines keep
// for themselves; OpenTofu gives for_each a meaning (1.9).
func (r *ruler) reservedProviderArg(name string) bool {
	switch name {
	case "count", "depends_on", "source":
		return true
	case "for_each":
		return r.engine != tffile.OpenTofu
	}
	return false
}

func (r *ruler) provider(b *config.Block) {
	r.providerName(b.Labels[0], b.DeclRange)
	for _, a := range b.Body.Attributes() {
		if a.Source == nil {
			continue
		}
		switch {
		case r.reservedProviderArg(a.Name):
			detail := fmt.Sprintf("The provider argument name %q is reserved for use by %s in a future version.", a.Name, r.engineName())
			if a.Name == "for_each" {
				detail += " OpenTofu 1.9 or later makes one configuration per element (--engine tofu)."
			}
			r.add(diag.Error, a.Range, "Reserved argument name in provider block", detail)
		case a.Name == "version":
			r.add(diag.Warning, a.Range, "Version constraints inside provider configuration blocks are deprecated",
				fmt.Sprintf("%s 0.13 and earlier allowed provider version constraints inside the provider configuration block, but that is now deprecated and will be removed in a future version of %s. To silence this warning, move the provider version constraint into the required_providers block.", r.engineName(), r.engineName()))
		}
	}
	for _, nb := range blocksOf(b.Body) {
		if nb.Type == "lifecycle" || nb.Type == "locals" {
			r.reservedBlock(nb, "provider")
		}
	}
}

// providerRefName checks the local name a provider argument names
// (aws, or aws.west: the alias is any identifier).
func (r *ruler) providerRefName(e hcl.Expression) {
	tr, hd := hcl.AbsTraversalForExpr(e)
	if hd.HasErrors() {
		if s, ok := quotedString(e); ok {
			if tr, hd = hclsyntax.ParseTraversalAbs([]byte(s), e.Range().Filename, e.Range().Start); hd.HasErrors() {
				return
			}
		} else {
			return
		}
	}
	r.providerName(tr.RootName(), tr.SourceRange())
}

// providerName checks a provider local name: lower-case letters, digits
// and dashes, not starting or ending with a dash.
func (r *ruler) providerName(name string, rng hcl.Range) {
	if lower := strings.ToLower(name); lower != name && validProviderPart(lower) {
		r.add(diag.Error, rng, "Invalid provider local name",
			fmt.Sprintf("Provider names must be normalized. Replace %q with %q to fix this error.", name, lower))
		return
	}
	if !validProviderPart(name) {
		shown := name
		if shown == "" {
			shown = `""`
		}
		r.add(diag.Error, rng, "Invalid provider local name",
			shown+" is an invalid provider local name: must contain only letters, digits, and dashes, and may not use leading or trailing dashes")
	}
}

func validProviderPart(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// requiredProviders checks the local names of a required_providers block
// and the type of each source: a repository name
// (terraform-provider-aws) is not a provider type.
func (r *ruler) requiredProviders(rp *config.Block) {
	for _, a := range rp.Body.Attributes() {
		if a.Source == nil {
			continue
		}
		r.providerName(a.Name, a.Range)
		pairs, hd := hcl.ExprMap(a.Source)
		if hd.HasErrors() {
			continue
		}
		for _, p := range pairs {
			if k, ok := keyName(p.Key); !ok || k != "source" {
				continue
			}
			src, ok := quotedString(p.Value)
			if !ok {
				continue
			}
			parts := strings.Split(src, "/")
			typ := parts[len(parts)-1]
			switch {
			case strings.HasPrefix(typ, "terraform-provider-"):
				parts[len(parts)-1] = strings.TrimPrefix(typ, "terraform-provider-")
				r.add(diag.Error, p.Value.Range(), "Invalid provider type",
					fmt.Sprintf("Provider source %q has a type with the prefix \"terraform-provider-\", which isn't valid. Although that prefix is often used in the names of version control repositories for Terraform providers, provider source strings should not include it.\n\nDid you mean %q?", src, strings.Join(parts, "/")))
			case strings.HasPrefix(typ, "terraform-"):
				r.add(diag.Error, p.Value.Range(), "Invalid provider type",
					fmt.Sprintf("Provider source %q has a type with the prefix \"terraform-\", which isn't allowed because it would be redundant to name a Terraform provider with that prefix. If you are the author of this provider, rename it to not include the prefix.", src))
			}
		}
	}
}

// blocksOf returns the nested blocks of a body, in order.
func blocksOf(body *config.Body) []*config.Block {
	var out []*config.Block
	for _, it := range body.Items {
		if nb, ok := it.(*config.Block); ok {
			out = append(out, nb)
		}
	}
	return out
}

// keyName is an object key written as a name or a string.
func keyName(e hcl.Expression) (string, bool) {
	if kw := hcl.ExprAsKeyword(e); kw != "" {
		return kw, true
	}
	return quotedString(e)
}

// language checks OpenTofu's language block (1.12): a bare edition keyword
// of an edition OpenTofu knows (tofu2024), experiments (none exist), and
// at most one compatible_with block, whose opentofu constraint should
// exclude the versions before the block existed. Terraform has no such
// block. Whether the constraint admits the engine that will run is
// checked with the other version constraints (coreversion.go).
func (r *ruler) language(b *config.Block) {
	if r.engine != tffile.OpenTofu {
		r.add(diag.Error, b.DeclRange, "Unsupported block type",
			`Blocks of type "language" are not expected here. The language block is OpenTofu's (1.12 or later); Terraform has no such block (--engine tofu reads for OpenTofu).`)
		return
	}
	if _, _, override := tffile.KindFor(filepath.Base(b.DeclRange.Filename), r.engine); override {
		r.add(diag.Error, b.DeclRange, "Language selections in override file",
			`Language-related settings in "language" blocks are not allowed in override files. Place these settings in a normal configuration file.`)
		return
	}
	const edition = "tofu2024"
	var compatible *config.Block
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if it.Source == nil {
				continue
			}
			switch it.Name {
			case "edition":
				switch kw := hcl.ExprAsKeyword(it.Source); {
				case kw == "":
					r.add(diag.Error, it.Source.Range(), "Invalid language edition",
						`The "edition" argument expects a bare language edition keyword. OpenTofu supports only language edition `+edition+", which is the default.")
				case kw != edition:
					r.add(diag.Error, it.Source.Range(), "Unsupported language edition",
						"OpenTofu only supports language edition "+edition+". This module requires another version of OpenTofu, or other software.")
				}
			case "experiments":
				items, hd := hcl.ExprList(it.Source)
				if hd.HasErrors() {
					r.diags = append(r.diags, diag.FromHCL(hd)...)
					continue
				}
				for _, x := range items {
					if kw := hcl.ExprAsKeyword(x); kw == "" {
						r.add(diag.Error, x.Range(), "Invalid experiment keyword", `Elements of "experiments" must all be keywords representing active experiments.`)
					} else {
						r.add(diag.Error, x.Range(), "Unknown experiment keyword", fmt.Sprintf("There is no current experiment with the keyword %q.", kw))
					}
				}
			default:
				r.add(diag.Error, it.Range, "Unsupported argument", fmt.Sprintf("An argument named %q is not expected here.", it.Name))
			}
		case *config.Block:
			if it.Type != "compatible_with" {
				r.add(diag.Error, it.DeclRange, "Unsupported block type", fmt.Sprintf("Blocks of type %q are not expected here.", it.Type))
				continue
			}
			a := attr(it.Body, "opentofu")
			if a == nil {
				continue // other software's compatibility arguments
			}
			if compatible != nil {
				r.add(diag.Error, it.DeclRange, "Duplicate compatible_with block",
					"Each language block may have at most one compatible_with block referring to OpenTofu. The OpenTofu version constraint was already declared at "+compatible.DeclRange.String()+".")
				continue
			}
			compatible = it
			r.compatibleWith(a)
		}
	}
}

// compatibleWith checks the opentofu version constraint of a
// compatible_with block.
func (r *ruler) compatibleWith(a *config.Attribute) {
	v, hd := a.Source.Value(nil)
	if hd.HasErrors() {
		r.diags = append(r.diags, diag.FromHCL(hd)...)
		return
	}
	if v, err := convert.Convert(v, cty.String); err != nil || v.IsNull() || !v.IsKnown() {
		r.add(diag.Error, a.Source.Range(), "Invalid version constraint", "A string value is required for opentofu.")
		return
	}
	cons, err := version.NewConstraint(v.AsString())
	if err != nil {
		r.add(diag.Error, a.Source.Range(), "Invalid version constraint", "This string does not use correct version constraint syntax: "+QuoteOrEmpty(v.AsString())+".")
		return
	}
	for _, c := range cons {
		if c.Prerelease() {
			r.add(diag.Error, a.Source.Range(), "Invalid required_version constraint",
				fmt.Sprintf("Prerelease version constraints are not supported: %s. Remove the prerelease information from the constraint. Prerelease versions of OpenTofu will match constraints using their version core only.", c))
			return
		}
	}
	if cons.Check(version.Must(version.NewVersion("1.11.0"))) {
		r.add(diag.Warning, a.Source.Range(), "Ineffective version constraint",
			"The compatible_with block was added in OpenTofu v1.12.0, so any constraint specified this way should exclude earlier versions of OpenTofu, such as by including \">= 1.12.0\".\n\n"+
				"If your module must be compatible with earlier versions of OpenTofu, use the required_version argument in a \"terraform\" block in a file named with the .tofu suffix, which is an older way to specify OpenTofu version constraints.")
	}
}
