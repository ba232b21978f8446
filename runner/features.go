package runner

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/tffile"
)

// Feature is a construct of the configuration language that needs a newer
// engine than the oldest one tfkit drives (Terraform 1.1, OpenTofu 1.6).
type Feature struct {
	// Name is plural, as in "<Name> need Terraform 1.10 or later".
	Name string
	// Terraform and OpenTofu are the first versions that accept it; ""
	// when no version of that engine does.
	Terraform, OpenTofu string
}

// Features is the one table of constructs gated on the engine's version,
// from the engines' changelogs and documentation (docs/cli.md, "Version
// gates", has the same table). A construct that every version tfkit
// accepts supports (moved blocks: Terraform 1.1, OpenTofu 1.6) is listed
// too, so that the table says what is known rather than what is missing.
//
// The versions of block kinds and of the blocks Terraform owns in them are
// the language table's (config.Kinds); the table here names them.
var (
	featMoved              = blockFeature("moved blocks", &config.KindMoved.BlockSpec)
	featImport             = blockFeature("import blocks", &config.KindImport.BlockSpec)
	featCheck              = blockFeature("check blocks", &config.KindCheck.BlockSpec)
	featRemoved            = blockFeature("removed blocks", &config.KindRemoved.BlockSpec)
	featImportForEach      = Feature{"import blocks with for_each", "1.7", "1.7"}
	featRemovedLifecycle   = blockFeature("lifecycle blocks in removed blocks", ownBlock(config.KindRemoved, "lifecycle"))
	featRemovedProvisioner = blockFeature("provisioners in removed blocks", ownBlock(config.KindRemoved, "provisioner"))
	featProviderFunctions  = Feature{"provider-defined functions", "1.8", "1.7"}
	featEphemeral          = blockFeature("ephemeral resources", &config.KindEphemeral.BlockSpec)
	featEphemeralVariables = Feature{"ephemeral input variables", "1.10", "1.11"}
	featEphemeralOutputs   = Feature{"ephemeral outputs", "1.10", "1.11"}
	featWriteOnly          = Feature{"write-only arguments", "1.11", "1.11"}
	// OpenTofu's alone: no version of Terraform accepts them.
	featEncryption      = Feature{"encryption blocks (state and plan encryption)", "", "1.7"}
	featProviderForEach = Feature{"provider blocks with for_each", "", "1.9"}
	featEarlyEvaluation = Feature{"variables and locals in module sources and versions and in backend settings (early evaluation)", "", "1.8"}
	// featExclude is an option of plan rather than a construct.
	featExclude = Feature{"excluded addresses (-exclude)", "", "1.9"}

	Features = []Feature{featMoved, featImport, featCheck, featRemoved, featImportForEach,
		featRemovedLifecycle, featRemovedProvisioner, featProviderFunctions, featEphemeral,
		featEphemeralVariables, featEphemeralOutputs, featWriteOnly,
		featEncryption, featProviderForEach, featEarlyEvaluation}

	// blockFeatures are the features of blocks by their place in the
	// language table.
	blockFeatures = map[*config.BlockSpec]Feature{}
)

// blockFeature is the feature of a block the language table gives the
// first engines of (BlockSpec.Since), under a name.
func blockFeature(name string, s *config.BlockSpec) Feature {
	if s.Since == (config.Engines{}) {
		panic("runner: the language table gives no engine versions for " + name)
	}
	f := Feature{name, s.Since.Terraform, s.Since.OpenTofu}
	blockFeatures[s] = f
	return f
}

// ownBlock is the nested block typ that Terraform owns in blocks of kind k.
func ownBlock(k *config.Kind, typ string) *config.BlockSpec {
	s, ok := k.Block(typ)
	if !ok {
		panic("runner: the language table has no " + typ + " in " + k.Type + " blocks")
	}
	return s
}

// Minimum returns the first version of flavor that supports f, or nil.
func (f Feature) Minimum(flavor Flavor) *version.Version {
	v := f.Terraform
	if flavor == OpenTofu {
		v = f.OpenTofu
	}
	if v == "" {
		return nil
	}
	return version.Must(version.NewVersion(v))
}

// Supports reports whether the engine accepts f. A prerelease counts as
// its release (1.10.0-beta1 as 1.10.0): the feature is in it.
func (e *Engine) Supports(f Feature) bool {
	min := f.Minimum(e.Flavor)
	return min != nil && !e.Version.Core().LessThan(min)
}

// Use is one place a stack's configuration uses a feature.
type Use struct {
	Feature Feature
	// Detail names what was found when the feature's name alone does not
	// (the function provider::aws::arn_parse, the argument password_wo).
	Detail string
	// Pos is where, with the file's name as given to CheckFeatures.
	Pos  hcl.Pos
	File string
}

// Message is "file:line:col: <feature> need <engine> <min> or later (or
// <other engine> <min>); this is <engine> <version>".
func (u Use) Message(e *Engine) string {
	return fmt.Sprintf("%s:%d:%d: %s", u.File, u.Pos.Line, u.Pos.Column, u.need(e))
}

// need is Message without the place.
func (u Use) need(e *Engine) string {
	name := u.Feature.Name
	if u.Detail != "" {
		name += " (" + u.Detail + ")"
	}
	this, other := Terraform, OpenTofu
	if e.Flavor == OpenTofu {
		this, other = OpenTofu, Terraform
	}
	var need string
	if min := u.Feature.Minimum(this); min != nil {
		need = fmt.Sprintf("need %s %s or later", flavorName(this), shortVersion(min))
		if omin := u.Feature.Minimum(other); omin != nil {
			need += fmt.Sprintf(" (or %s %s)", flavorName(other), shortVersion(omin))
		}
	} else {
		need = "are not supported by " + flavorName(this)
		if omin := u.Feature.Minimum(other); omin != nil {
			need += fmt.Sprintf(" (%s supports them from %s)", flavorName(other), shortVersion(omin))
		}
	}
	return fmt.Sprintf("%s %s; this is %s %s", name, need, flavorName(e.Flavor), e.Version)
}

// FeatureError is the answer of CheckFeatures for a configuration that
// uses constructs the engine is too old for.
type FeatureError struct {
	Engine *Engine
	Uses   []Use
}

// Error is the first use's message, and how many more there are.
func (e *FeatureError) Error() string {
	msg := e.Uses[0].Message(e.Engine)
	if n := len(e.Uses) - 1; n == 1 {
		msg += " (and 1 more construct)"
	} else if n > 1 {
		msg += fmt.Sprintf(" (and %d more constructs)", n)
	}
	return msg
}

// Hint says what to do about it: upgrade, or run the other engine when
// no version of this one accepts a construct.
func (e *FeatureError) Hint() string {
	for _, u := range e.Uses {
		if u.Feature.Minimum(e.Engine.Flavor) == nil {
			other := OpenTofu
			if e.Engine.Flavor == OpenTofu {
				other = Terraform
			}
			return fmt.Sprintf("deploy with %s (--engine PATH or %s), or leave out what only %s accepts", flavorName(other), EnvEngine, flavorName(other))
		}
	}
	return fmt.Sprintf("upgrade %s, or run another engine with --engine PATH or %s", flavorName(e.Engine.Flavor), EnvEngine)
}

func flavorName(f Flavor) string {
	if f == OpenTofu {
		return "OpenTofu"
	}
	return "Terraform"
}

// shortVersion is 1.10 for 1.10.0: the tables speak of minor releases.
func shortVersion(v *version.Version) string {
	s := v.Segments()
	if len(s) == 3 && s[2] == 0 {
		return fmt.Sprintf("%d.%d", s[0], s[1])
	}
	return v.String()
}

// ConfigFile is a configuration file to check: Path is read, Name is what
// messages call it.
type ConfigFile struct {
	Path, Name string
}

// CheckFeatures reads a stack's configuration files (those ending in .tf
// or .tf.json, and for OpenTofu .tofu and .tofu.json; others are passed
// over) and returns a *FeatureError listing every construct of Features
// that engine e is too old for, in file order, or nil. A file that does
// not read is passed over, and of one that reads with errors what was
// read is checked: the engine reports the errors, with its own words,
// when it runs.
func CheckFeatures(e *Engine, files []ConfigFile) error {
	var uses []Use
	for _, f := range files {
		if !configFile(f.Name, e.Flavor) {
			continue
		}
		src, err := os.ReadFile(f.Path)
		if err != nil {
			continue
		}
		for _, u := range scanFeatures(src, f.Name) {
			if !e.Supports(u.Feature) {
				uses = append(uses, u)
			}
		}
	}
	if len(uses) == 0 {
		return nil
	}
	return &FeatureError{Engine: e, Uses: uses}
}

// scanFeatures returns the uses of Features in one file, in source order.
// name is the file's name in positions; a name ending in .json is read as
// Terraform's JSON syntax.
func scanFeatures(src []byte, name string) []Use {
	read := tffile.ReadFile
	if strings.HasSuffix(name, ".json") {
		read = tffile.ReadJSON
	}
	cfg, _ := read(tffile.Source{Name: name, Src: src}, tffile.Options{})
	if cfg == nil {
		return nil
	}
	s := &featureScan{file: name}
	for _, b := range cfg.Blocks {
		s.block(b)
	}
	sort.SliceStable(s.uses, func(i, j int) bool { return s.uses[i].Pos.Byte < s.uses[j].Pos.Byte })
	return s.uses
}

type featureScan struct {
	file string
	uses []Use
}

func (s *featureScan) add(f Feature, detail string, r hcl.Range) {
	s.uses = append(s.uses, Use{Feature: f, Detail: detail, Pos: r.Start, File: s.file})
}

// block finds the features of one top-level block: its kind, the blocks
// Terraform owns in it, the arguments gated by version, and calls of
// provider-defined functions anywhere in it.
func (s *featureScan) block(b *config.Block) {
	k, ok := config.KindOf(b.Type)
	if !ok || len(b.Labels) != len(k.Labels) {
		return
	}
	if f, ok := blockFeatures[&k.BlockSpec]; ok {
		s.add(f, "", b.DeclRange)
	}
	for _, it := range b.Body.Items {
		if nb, ok := it.(*config.Block); ok {
			if spec, ok := k.Block(nb.Type); ok {
				if f, ok := blockFeatures[spec]; ok {
					s.add(f, "", nb.DeclRange)
				}
			}
		}
	}
	switch b.Type {
	case "import":
		if a := b.Body.Attribute("for_each"); a != nil {
			s.add(featImportForEach, "", a.Range)
		}
	case "variable", "output":
		if a := b.Body.Attribute("ephemeral"); a != nil {
			if v, ok := config.ConstValue(a.Expr); ok && v.IsKnown() && !v.IsNull() && v.Type() == cty.Bool && v.True() {
				f := featEphemeralVariables
				if b.Type == "output" {
					f = featEphemeralOutputs
				}
				s.add(f, "", a.Range)
			}
		}
	case "resource":
		s.writeOnly(b.Body)
	case "terraform":
		s.terraform(b.Body)
	case "provider":
		if a := b.Body.Attribute("for_each"); a != nil {
			s.add(featProviderForEach, "", a.Range)
		}
	case "module":
		for _, name := range []string{"source", "version"} {
			if a := b.Body.Attribute(name); a != nil {
				s.early(a, "module "+b.Labels[0]+" "+name)
			}
		}
	}
	s.calls(b.Body)
}

// terraform finds OpenTofu's constructs in the terraform block: the
// encryption block, and backend settings that read variables or locals.
func (s *featureScan) terraform(body *config.Body) {
	for _, it := range body.Items {
		b, ok := it.(*config.Block)
		if !ok {
			continue
		}
		switch {
		case b.Type == "encryption":
			s.add(featEncryption, "", b.DeclRange)
		case b.Type == "backend" && len(b.Labels) == 1:
			for _, a := range b.Body.Attributes() {
				s.early(a, "backend "+b.Labels[0]+" "+a.Name)
			}
		}
	}
}

// early records an argument that Terraform reads before evaluating
// anything when it refers to a variable or a local value, which OpenTofu
// evaluates early. In JSON the strings are templates, as the engine reads
// them.
func (s *featureScan) early(a *config.Attribute, what string) {
	if a.Source == nil {
		return
	}
	for _, tr := range a.Source.Variables() {
		if root := tr.RootName(); root == "var" || root == "local" {
			s.add(featEarlyEvaluation, what, a.Source.Range())
			return
		}
	}
}

// writeOnly finds arguments whose names end in _wo, the providers'
// convention for write-only arguments (password_wo, with password_wo_version
// beside it): the gate cannot see provider schemas, so it goes by the
// name. The arguments of nested blocks count too (in JSON, which does not
// tell a nested block from an object-typed argument without the schema,
// such a block is an argument, and only the resource's own count).
func (s *featureScan) writeOnly(body *config.Body) {
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if strings.HasSuffix(it.Name, "_wo") && len(it.Name) > 3 {
				s.add(featWriteOnly, it.Name, it.Range)
			}
		case *config.Block:
			switch it.Type {
			case "lifecycle", "provisioner", "connection":
			case "dynamic":
				for _, c := range it.Body.Items {
					if c, ok := c.(*config.Block); ok && c.Type == "content" {
						s.writeOnly(c.Body)
					}
				}
			default:
				s.writeOnly(it.Body)
			}
		}
	}
}

// calls finds calls of provider-defined functions in the arguments of a
// body and its nested blocks, in the expressions as the file wrote them
// (the model keeps no place for a call).
func (s *featureScan) calls(body *config.Body) {
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			switch x := it.Source.(type) {
			case nil:
			case hclsyntax.Expression:
				_ = hclsyntax.VisitAll(x, func(n hclsyntax.Node) hcl.Diagnostics {
					if call, ok := n.(*hclsyntax.FunctionCallExpr); ok {
						s.call(call)
					}
					return nil
				})
			default:
				s.jsonCalls(x)
			}
		case *config.Block:
			s.calls(it.Body)
		}
	}
}

// call records a call of a provider-defined function: its name has the
// namespace, provider::<provider>::<function>.
func (s *featureScan) call(c *hclsyntax.FunctionCallExpr) {
	if strings.HasPrefix(c.Name, "provider::") {
		s.add(featProviderFunctions, c.Name, c.NameRange)
	}
}

// jsonCalls finds calls of provider-defined functions in the strings of a
// JSON value, which Terraform reads as templates, however deep.
func (s *featureScan) jsonCalls(e hcl.Expression) {
	if m, ok := e.(interface{ ExprMap() []hcl.KeyValuePair }); ok && m.ExprMap() != nil {
		for _, kv := range m.ExprMap() {
			s.jsonCalls(kv.Value)
		}
		return
	}
	if l, ok := e.(interface{ ExprList() []hcl.Expression }); ok && l.ExprList() != nil {
		for _, x := range l.ExprList() {
			s.jsonCalls(x)
		}
		return
	}
	v, d := e.Value(nil) // nil: the string as written, not evaluated
	if d.HasErrors() || !v.IsKnown() || v.IsNull() || v.Type() != cty.String || !strings.Contains(v.AsString(), "provider::") {
		return
	}
	r := e.Range()
	start := hcl.Pos{Line: r.Start.Line, Column: r.Start.Column + 1, Byte: r.Start.Byte + 1} // past the quote
	if hclguard.Template([]byte(v.AsString()), s.file, start).HasErrors() {
		return
	}
	tmpl, diags := hclsyntax.ParseTemplate([]byte(v.AsString()), s.file, start)
	if diags.HasErrors() {
		return
	}
	_ = hclsyntax.VisitAll(tmpl, func(n hclsyntax.Node) hcl.Diagnostics {
		if call, ok := n.(*hclsyntax.FunctionCallExpr); ok {
			s.call(call)
		}
		return nil
	})
}
