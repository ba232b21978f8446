package convert

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/tffile"
)

// Target is the language convert writes.
type Target string

// The targets.
const (
	Go  Target = "go"
	TSX Target = "tsx"
)

// Options control a conversion.
type Options struct {
	// Target is Go or TSX.
	Target Target
	// Stack names the stack of the Go program; the directory's name when
	// empty (made a valid stack name).
	Stack string
	// Bindings are typed Go bindings (tfkit get output); resources and
	// data sources of their providers use the typed constructors. Nil
	// means untyped elements everywhere. Go only.
	Bindings *Bindings
	// Engine is the engine whose files Dir reads (tffile.NamesFor): with
	// OpenTofu, .tofu and .tofu.json files hide the .tf files of their
	// names. The zero value reads as Terraform does.
	Engine tffile.Engine
}

// File is one .tf file to convert.
type File struct {
	Name string // as diagnostics name it, usually relative to the directory
	Src  []byte
}

// Dir converts the .tf and .tf.json files of dir (not its subdirectories:
// child modules stay Terraform), override files merged into the others as
// Terraform merges them.
func Dir(dir string, opts Options) ([]byte, diag.Diagnostics) {
	files, ds := ReadDirFor(dir, opts.Engine)
	if ds.HasErrors() {
		return nil, ds
	}
	if opts.Stack == "" {
		abs, err := filepath.Abs(dir)
		if err == nil {
			opts.Stack = StackName(filepath.Base(abs))
		}
	}
	vars, ds2 := variablesFiles(dir, files)
	files = append(files, vars...)
	ds = append(ds, ds2...)
	out, ds2 := Files(files, opts)
	return out, append(ds, ds2...)
}

// variablesFiles reads the variables files of dir that Terraform reads by
// their names (terraform.tfvars, terraform.tfvars.json, then
// *.auto.tfvars and *.auto.tfvars.json in name order, a later file's value
// winning): the stack the program writes has none of them, so each value
// a file sets for a variable files declares becomes that variable's
// default. Each file is returned as an override file of variable blocks
// that set default (named after it: terraform.tfvars_override.tf), which
// merges after the directory's own override files, as the values win over
// any default. A value for a variable the configuration does not declare
// (which the engines ignore) and a file that cannot be read are warnings.
func variablesFiles(dir string, files []File) ([]File, diag.Diagnostics) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	var names, auto []string
	for _, e := range ents {
		n := e.Name()
		ok, isAuto := tffile.VariablesFile(n)
		switch {
		case e.IsDir() || !ok:
		case isAuto:
			auto = append(auto, n)
		default:
			names = append(names, n)
		}
	}
	if len(names)+len(auto) == 0 {
		return nil, nil
	}
	sort.Strings(names) // terraform.tfvars before terraform.tfvars.json
	sort.Strings(auto)
	declared := declaredVariables(files)
	var out []File
	var ds diag.Diagnostics
	for _, n := range append(names, auto...) {
		f, d := variablesOverride(dir, n, declared)
		ds = append(ds, d...)
		if f != nil {
			out = append(out, *f)
		}
	}
	return out, ds
}

// declaredVariables are the variable blocks of files by name (the last
// one of a name, as overrides leave it); nil when the files do not read
// (converting them reports why).
func declaredVariables(files []File) map[string]*config.Block {
	in := make([]tffile.Source, len(files))
	for i, f := range files {
		in[i] = tffile.Source{Name: f.Name, Src: f.Src}
	}
	m, _ := tffile.Read(in, tffile.Options{})
	out := map[string]*config.Block{}
	if m == nil || m.Config == nil {
		return out
	}
	for _, b := range m.Config.Blocks {
		if b.Type == "variable" && len(b.Labels) == 1 {
			out[b.Labels[0]] = b
		}
	}
	return out
}

// variablesOverride reads the variables file name of dir into an override
// file that makes its values the defaults of the variables declared.
func variablesOverride(dir, name string, declared map[string]*config.Block) (*File, diag.Diagnostics) {
	full := filepath.Join(dir, name)
	notConverted := func(subject *hcl.Range, why string) *diag.Diagnostic {
		if subject == nil {
			subject = &hcl.Range{Filename: full, Start: hcl.InitialPos, End: hcl.InitialPos}
		}
		return &diag.Diagnostic{Severity: diag.Warning, Summary: "Variables file not converted",
			Subject:    subject,
			Detail:     name + ": " + why,
			Suggestion: "fix the file, or give the values when the stack runs (TF_VAR_name in the environment of tfkit deploy)"}
	}
	src, err := os.ReadFile(full)
	if err != nil {
		return nil, diag.Diagnostics{notConverted(nil, err.Error()+"; the program does not hold its values, and the stack it writes gets the variables' defaults.")}
	}
	var file *hcl.File
	hd := hclguard.File(src, full)
	if !hd.HasErrors() {
		p := hclparse.NewParser()
		if strings.HasSuffix(name, ".json") {
			file, hd = p.ParseJSON(src, full)
		} else {
			file, hd = p.ParseHCL(src, full)
		}
	}
	var attrs hcl.Attributes
	if !hd.HasErrors() {
		attrs, hd = file.Body.JustAttributes()
	}
	if hd.HasErrors() {
		return nil, diag.Diagnostics{notConverted(hd[0].Subject, fmt.Sprintf("the file does not read (%s: %s); "+
			"the program does not hold its values, and the stack it writes gets the variables' defaults.", hd[0].Summary, hd[0].Detail))}
	}
	list := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		list = append(list, a)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Range.Start.Byte < list[j].Range.Start.Byte })
	var ds diag.Diagnostics
	var text strings.Builder
	for _, a := range list {
		rng := a.NameRange
		b := declared[a.Name]
		if b == nil {
			ds = append(ds, &diag.Diagnostic{Severity: diag.Warning, Summary: "Value for undeclared variable",
				Subject: &rng,
				Detail: fmt.Sprintf("%s sets %s, which the configuration does not declare: the engines ignore the value, "+
					"and the program does not hold it.", name, a.Name),
				Suggestion: "declare the variable, or remove the value from " + name})
			continue
		}
		v, hd := a.Expr.Value(nil)
		if hd.HasErrors() {
			ds = append(ds, notConverted(hd[0].Subject, fmt.Sprintf("the value of %s is not a constant (%s: %s); "+
				"the program does not hold it, and the stack it writes gets the variable's default.", a.Name, hd[0].Summary, hd[0].Detail)))
			continue
		}
		if v.IsNull() && !nullable(b) {
			continue // the engines use the default for null
		}
		if constTrue(b, "sensitive") {
			// The program is code to commit; a variables file with
			// secrets usually is not.
			ds = append(ds, &diag.Diagnostic{Severity: diag.Warning, Summary: "Sensitive value not converted",
				Subject: &rng,
				Detail: fmt.Sprintf("%s sets %s, a sensitive variable: its value is not written into the program, "+
					"and the stack it writes gets the variable's default.", name, a.Name),
				Suggestion: fmt.Sprintf("give the value when the stack runs (TF_VAR_%s in the environment of tfkit deploy)", a.Name)})
			continue
		}
		fmt.Fprintf(&text, "variable %q {\n  default = %s\n}\n", a.Name, hclwrite.TokensForValue(v).Bytes())
	}
	if text.Len() == 0 {
		return nil, ds
	}
	return &File{Name: full + "_override.tf", Src: []byte(text.String())}, ds
}

// nullable reports whether variable b takes null for a value: unless its
// nullable argument is the constant false.
func nullable(b *config.Block) bool {
	a := b.Body.Attribute("nullable")
	if a == nil || a.Source == nil {
		return true
	}
	v, hd := a.Source.Value(nil)
	return hd.HasErrors() || !v.Type().Equals(cty.Bool) || v.IsNull() || !v.IsKnown() || v.True()
}

// constTrue reports whether argument name of b is the constant true.
func constTrue(b *config.Block, name string) bool {
	a := b.Body.Attribute(name)
	if a == nil || a.Source == nil {
		return false
	}
	v, hd := a.Source.Value(nil)
	return !hd.HasErrors() && v.Type().Equals(cty.Bool) && v.IsKnown() && !v.IsNull() && v.True()
}

// ReadDir reads the configuration files of dir: the primary files in name
// order, then the override files (tffile.Names).
func ReadDir(dir string) ([]File, diag.Diagnostics) {
	return ReadDirFor(dir, tffile.Terraform)
}

// ReadDirFor is ReadDir with the files engine e reads (tffile.NamesFor).
func ReadDirFor(dir string, e tffile.Engine) ([]File, diag.Diagnostics) {
	var ds diag.Diagnostics
	primary, overrides, err := tffile.DirNamesFor(dir, e)
	if err != nil {
		return nil, ds.Errorf(nil, "Cannot read directory %s: %v", dir, err)
	}
	var files []File
	for _, n := range append(primary, overrides...) {
		src, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			ds = ds.Errorf(nil, "Cannot read %s: %v", filepath.Join(dir, n), err)
			continue
		}
		files = append(files, File{Name: filepath.Join(dir, n), Src: src})
	}
	if len(files) == 0 && !ds.HasErrors() {
		ds = ds.Errorf(nil, "No .tf files in %s", dir)
	}
	return files, ds
}

// Files converts the given files into one program: the primary files in
// order, with the override files (by name: override.tf, *_override.tf and
// their JSON forms) merged into them as Terraform merges them. A name
// ending in .tf.json is Terraform JSON.
func Files(files []File, opts Options) ([]byte, diag.Diagnostics) {
	in := make([]tffile.Source, len(files))
	for i, f := range files {
		in[i] = tffile.Source{Name: f.Name, Src: f.Src}
	}
	m, ds := tffile.Read(in, tffile.Options{})
	if ds.HasErrors() {
		return nil, ds
	}
	// What each block of a file becomes: itself, a block merged with
	// overrides, or nothing (an override merged into another file's).
	emitted := map[*config.Block]*config.Block{}
	var settings []*config.Block
	for _, b := range m.Config.Blocks {
		base, _ := m.Merged(b)
		emitted[base] = b
		if b.Type == "terraform" && len(b.Labels) == 0 {
			settings = append(settings, b)
		}
	}
	// Terraform reads the terraform blocks of all files (versions.tf
	// and backend.tf) as one; a stack has one, so the program writes them
	// as one, where the first was.
	if merged, ok := mergeTerraformBlocks(settings); ok {
		for i, b := range settings {
			base, _ := m.Merged(b)
			if i == 0 {
				emitted[base] = merged
			} else {
				delete(emitted, base)
			}
		}
	}
	var srcs []*source
	for _, f := range m.Files {
		s, d := readSource(f)
		ds = append(ds, d...)
		if s == nil {
			continue
		}
		s.emit = make([]*config.Block, len(f.Config.Blocks))
		for i, b := range f.Config.Blocks {
			switch e := emitted[b]; e {
			case b:
				s.emit[i] = s.cfg.Blocks[i]
			default:
				s.emit[i] = e
			}
		}
		srcs = append(srcs, s)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	if opts.Stack == "" {
		opts.Stack = "main"
	}
	assets := newFileAssets(filesDir(files))
	switch opts.Target {
	case Go:
		out, d := emitGo(srcs, opts, assets)
		return out, append(ds, d...)
	case TSX:
		out, d := emitTSX(srcs, opts, assets)
		return out, append(ds, d...)
	}
	return nil, ds.Errorf(nil, "Unknown target %q", opts.Target)
}

// StackName makes a stack name (letters, digits, -, _ and ., starting with
// a letter or digit) of s: "_templates" becomes "templates".
func StackName(s string) string {
	if name := safeName(s); name != "" {
		return name
	}
	return "main"
}

// safeName keeps the letters, digits, '-', '_' and '.' of s, writes '_'
// for anything else, and drops what would start the name but a letter or
// digit; "" when nothing is left. Stack and asset names are made so.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	return strings.TrimLeft(b.String(), "_-.")
}

// source is one file to convert: its blocks, its text and its comments.
type source struct {
	name   string
	src    []byte
	cfg    *config.Config
	notes  *comments
	blocks []*hclsyntax.Block // the syntax of cfg.Blocks, same order
	// spans are the items of the object and tuple constructors of cfg,
	// whose comments go with them.
	spans map[config.Expr]*itemSpans
	// emit is what each block of cfg becomes: the block itself, the
	// block merged with overrides (converted from its own text), or nil
	// for an override merged into another file's block.
	emit []*config.Block
}

// eachBlock calls use and then emit for every block to convert, in order,
// with the source its text and comments come from, and returns the
// comments after the last block of each file.
func eachBlock(srcs []*source, use func(*source), emit func(*config.Block, *hclsyntax.Block)) []string {
	var trailing []string
	for _, s := range srcs {
		for i, b := range s.cfg.Blocks {
			switch e := s.emit[i]; {
			case e == nil:
				// Merged into another block: its comments went with it.
				s.notes.skip(s.blocks[i].Range().End.Byte)
			case e == b:
				use(s)
				emit(b, s.blocks[i])
			default:
				ms := s.merged(i, e)
				use(ms)
				emit(ms.cfg.Blocks[0], ms.blocks[0])
			}
		}
		trailing = append(trailing, s.notes.rest()...)
	}
	return trailing
}

// merged is the source of block i of s merged with overrides into b: the
// comments before the block, then b written as HCL. The comments inside
// the block are left out with the text they were about.
func (s *source) merged(i int, b *config.Block) *source {
	var text []byte
	if s.notes != nil {
		for s.notes.next < len(s.notes.list) && s.notes.list[s.notes.next].start < s.cfg.Blocks[i].DeclRange.Start.Byte {
			c := s.notes.list[s.notes.next]
			text = append(append(text, s.src[c.start:c.end]...), '\n')
			s.notes.next++
		}
		s.notes.skip(s.blocks[i].Range().End.Byte)
	}
	out, err := render.HCL(&config.Config{Blocks: []*config.Block{b}})
	name := s.name + " (with overrides, as HCL)"
	if err == nil {
		f, ds := tffile.Read([]tffile.Source{{Name: name, Src: append(text, out...)}}, tffile.Options{})
		if !ds.HasErrors() && len(f.Files[0].Config.Blocks) == 1 {
			if ms, ds := readSource(f.Files[0]); !ds.HasErrors() {
				return ms
			}
		}
	}
	// The model always renders and reads back; should it not, the block
	// is converted from its own text, without the overrides.
	return &source{name: s.name, src: s.src, cfg: &config.Config{Blocks: []*config.Block{s.cfg.Blocks[i]}},
		blocks: []*hclsyntax.Block{s.blocks[i]}}
}

// readSource makes a file read by tffile a source: native syntax as it
// is, with its comments from the token stream; JSON written as HCL and
// read back, so that what is kept as raw HCL has text (and diagnostics
// name lines of that text).
func readSource(f *tffile.File) (*source, diag.Diagnostics) {
	if f.JSON {
		var ds diag.Diagnostics
		for _, b := range f.Config.Blocks {
			// Before rendering, which would write such a number out.
			for _, d := range hugeNumbers(b.Body) {
				d.Subject = &hcl.Range{Filename: f.Name}
				ds = append(ds, d)
			}
		}
		if ds.HasErrors() {
			return nil, ds
		}
		out, err := render.HCL(f.Config)
		if err != nil {
			return nil, ds.Errorf(&hcl.Range{Filename: f.Name}, "Cannot write %s as HCL: %v", f.Name, err)
		}
		m, ds := tffile.Read([]tffile.Source{{Name: f.Name + " (as HCL)", Src: out}}, tffile.Options{})
		if ds.HasErrors() {
			return nil, ds
		}
		return readSource(m.Files[0])
	}
	if ds := hugeNumbers(&config.Body{Items: blockItems(f.Config.Blocks)}); ds.HasErrors() {
		return nil, ds
	}
	unquoteLegacy(f.Config.Blocks)
	shadowed := dropShadowedKeys(&config.Body{Items: blockItems(f.Config.Blocks)})
	toks, _ := hclsyntax.LexConfig(f.Src, f.Name, hcl.InitialPos)
	blocks := append([]*hclsyntax.Block(nil), f.Syntax.Blocks...)
	sort.SliceStable(blocks, func(i, j int) bool { return blocks[i].TypeRange.Start.Byte < blocks[j].TypeRange.Start.Byte })
	return &source{name: f.Name, src: f.Src, cfg: f.Config, notes: readComments(toks), blocks: blocks, spans: collectSpans(f.Config.Blocks)}, shadowed
}

// dropShadowedKeys removes, from the object constructors in body, the
// items whose key a later item of the same object repeats, and warns of
// each. HCL keeps the last value of a repeated key without a word
// (terraform-aws-alb's examples set port twice in one target group); a
// Go program refuses the repeated name (tfkit.Ordered) and TypeScript a
// repeated property, so the program holds the value Terraform uses, once.
func dropShadowedKeys(body *config.Body) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			config.Walk(it.Expr, func(x config.Expr) {
				o, ok := x.(*config.Object)
				if !ok {
					return
				}
				last := map[string]int{}
				for i, item := range o.Items {
					if k, ok := config.LiteralString(item.Key); ok {
						last[k] = i
					}
				}
				if len(last) == len(o.Items) {
					return
				}
				kept := o.Items[:0]
				for i, item := range o.Items {
					if k, ok := config.LiteralString(item.Key); ok && last[k] != i {
						r := it.Range
						ds = append(ds, &diag.Diagnostic{Severity: diag.Warning, Summary: fmt.Sprintf("Duplicate object key %q", k),
							Detail:  fmt.Sprintf("An object in %s sets %q more than once; Terraform uses the last value, and the program holds only that one.", it.Name, k),
							Subject: &r})
						continue
					}
					kept = append(kept, item)
				}
				o.Items = kept
			})
		case *config.Block:
			ds = append(ds, dropShadowedKeys(it.Body)...)
		}
	}
	return ds
}

func blockItems(bs []*config.Block) []config.Item {
	out := make([]config.Item, len(bs))
	for i, b := range bs {
		out[i] = b
	}
	return out
}

// maxExponent bounds the binary exponent of number literals (2^4096 is
// about 1e1233): writing a larger one out as decimal text takes time and
// memory in proportion to its exponent, so 1e99999999 would stall.
const maxExponent = 4096

// hugeNumbers reports number literals too large to convert.
func hugeNumbers(body *config.Body) diag.Diagnostics {
	var ds diag.Diagnostics
	huge := func(v cty.Value) bool {
		if v.IsNull() || !v.IsKnown() || v.Type() != cty.Number {
			return false
		}
		exp := v.AsBigFloat().MantExp(nil)
		return exp > maxExponent || exp < -maxExponent
	}
	hugeKey := func(t hcl.Traversal) bool {
		for _, step := range t {
			if ix, ok := step.(hcl.TraverseIndex); ok && huge(ix.Key) {
				return true
			}
		}
		return false
	}
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			found := false
			config.Walk(it.Expr, func(x config.Expr) {
				switch x := x.(type) {
				case *config.Literal:
					found = found || huge(x.Val)
				case *config.Reference:
					found = found || hugeKey(x.Traversal)
				case *config.GetAttr:
					found = found || hugeKey(x.Traversal)
				case *config.Splat:
					found = found || hugeKey(x.Each)
				}
			})
			if found {
				r := it.Range
				ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Number too large to convert",
					Detail: fmt.Sprintf("%s holds a number larger than 2^%d (about 1e1233), or smaller than 2^-%d and not zero; "+
						"convert does not write such numbers out.", it.Name, maxExponent, maxExponent),
					Subject: &r})
			}
		case *config.Block:
			ds = append(ds, hugeNumbers(it.Body)...)
		}
	}
	return ds
}

// bodyText is the text between a block's braces, without the first and
// last line breaks, dedented; comments in it are kept.
func (s *source) bodyText(b *hclsyntax.Block) string {
	lo, hi := b.OpenBraceRange.End.Byte, b.CloseBraceRange.Start.Byte
	if lo < 0 || hi > len(s.src) || lo > hi {
		return ""
	}
	return dedent(string(s.src[lo:hi]))
}

// dedent removes blank first and last lines and the indentation all
// non-blank lines share.
func dedent(text string) string {
	lines := strings.Split(text, "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	prefix := ""
	first := true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		ind := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = ind, false
			continue
		}
		for !strings.HasPrefix(l, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(strings.TrimPrefix(l, prefix), " \t\r")
	}
	return strings.Join(lines, "\n")
}

// warnf reports a construct kept as raw HCL.
func warnf(rng hcl.Range, summary, detail string, args ...any) *diag.Diagnostic {
	r := rng
	return &diag.Diagnostic{Severity: diag.Warning, Summary: summary, Detail: fmt.Sprintf(detail, args...), Subject: &r}
}

// mergeTerraformBlocks returns the terraform blocks of a module as one
// block: the items of the first, then those of the others in order.
// Required versions set in several blocks all hold, as one constraint
// list; ok is false when there is nothing to merge or another setting
// is set twice (the front end then reports the duplicate, as Terraform
// does).
func mergeTerraformBlocks(blocks []*config.Block) (*config.Block, bool) {
	if len(blocks) < 2 {
		return nil, false
	}
	items := append([]config.Item(nil), blocks[0].Body.Items...)
	attr := map[string]int{}
	for i, it := range items {
		if a, ok := it.(*config.Attribute); ok {
			attr[a.Name] = i
		}
	}
	for _, b := range blocks[1:] {
		for _, it := range b.Body.Items {
			a, ok := it.(*config.Attribute)
			if !ok {
				items = append(items, it)
				continue
			}
			i, dup := attr[a.Name]
			if !dup {
				attr[a.Name] = len(items)
				items = append(items, a)
				continue
			}
			prev, ok1 := config.LiteralString(items[i].(*config.Attribute).Expr)
			next, ok2 := config.LiteralString(a.Expr)
			if a.Name != "required_version" || !ok1 || !ok2 {
				return nil, false
			}
			items[i] = &config.Attribute{Name: a.Name, Expr: &config.Literal{Val: cty.StringVal(prev + ", " + next)}, Range: items[i].(*config.Attribute).Range}
		}
	}
	return &config.Block{Type: "terraform", Body: &config.Body{Items: items}, DeclRange: blocks[0].DeclRange}, true
}
