package convert

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/hcldepth"
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
}

// File is one .tf file to convert.
type File struct {
	Name string // as diagnostics name it, usually relative to the directory
	Src  []byte
}

// Dir converts the .tf and .tf.json files of dir (not its subdirectories:
// child modules stay Terraform). Override files cannot be converted and
// are reported as errors.
func Dir(dir string, opts Options) ([]byte, diag.Diagnostics) {
	files, ds := ReadDir(dir)
	if ds.HasErrors() {
		return nil, ds
	}
	if opts.Stack == "" {
		abs, err := filepath.Abs(dir)
		if err == nil {
			opts.Stack = StackName(filepath.Base(abs))
		}
	}
	out, ds2 := Files(files, opts)
	return out, append(ds, ds2...)
}

// ReadDir reads the .tf and .tf.json files of dir in name order.
func ReadDir(dir string) ([]File, diag.Diagnostics) {
	var ds diag.Diagnostics
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, ds.Errorf(nil, "Cannot read directory %s: %v", dir, err)
	}
	var files []File
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() {
			continue
		}
		if d := unconvertible(filepath.Join(dir, n)); d != nil {
			ds = append(ds, d)
			continue
		}
		if !strings.HasSuffix(n, ".tf") && !isJSONFile(n) {
			continue
		}
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

// unconvertible reports a Terraform file convert cannot read: override
// files.
func unconvertible(name string) *diag.Diagnostic {
	base := filepath.Base(name)
	switch {
	case base == "override.tf" || strings.HasSuffix(base, "_override.tf") ||
		base == "override.tf.json" || strings.HasSuffix(base, "_override.tf.json"):
		return &diag.Diagnostic{Severity: diag.Error, Summary: "Override file not converted",
			Detail:     fmt.Sprintf("%s is an override file; its blocks are merged into others by Terraform, which a program cannot express.", name),
			Suggestion: "merge the overrides into the primary files first"}
	}
	return nil
}

// Files converts the given files, in order, into one program. A name
// ending in .tf.json is Terraform JSON; override files (by name) are
// errors.
func Files(files []File, opts Options) ([]byte, diag.Diagnostics) {
	var ds diag.Diagnostics
	var srcs []*source
	for _, f := range files {
		if d := unconvertible(f.Name); d != nil {
			ds = append(ds, d)
			continue
		}
		if isJSONFile(f.Name) {
			text, d := jsonToHCL(f)
			ds = append(ds, d...)
			if d.HasErrors() {
				continue
			}
			f = File{Name: f.Name + " (as HCL)", Src: text}
		}
		s, d := parseFile(f)
		ds = append(ds, d...)
		if s != nil {
			srcs = append(srcs, s)
		}
	}
	if ds.HasErrors() {
		return nil, ds
	}
	if opts.Stack == "" {
		opts.Stack = "main"
	}
	switch opts.Target {
	case Go:
		out, d := emitGo(srcs, opts)
		return out, append(ds, d...)
	case TSX:
		out, d := emitTSX(srcs, opts)
		return out, append(ds, d...)
	}
	return nil, ds.Errorf(nil, "Unknown target %q", opts.Target)
}

// StackName makes a stack name (letters, digits, -, _ and .) of s.
func StackName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	if b.Len() == 0 || s == "." || s == ".." {
		return "main"
	}
	return b.String()
}

// source is one parsed file: its blocks, its text and its comments.
type source struct {
	name   string
	src    []byte
	cfg    *config.Config
	notes  *comments
	blocks []*hclsyntax.Block // the syntax of cfg.Blocks, same order
}

func parseFile(f File) (*source, diag.Diagnostics) {
	// One parse gives both the model (config.BodyFromSyntax, as
	// config.ParseConfig does) and the block syntax for source text. The
	// tokens, read first for the comments, show whether the text is too
	// deeply nested to parse.
	toks, _ := hclsyntax.LexConfig(f.Src, f.Name, hcl.InitialPos)
	if hds := hcldepth.Tokens(toks); hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	file, hds := hclsyntax.ParseConfig(f.Src, f.Name, hcl.InitialPos)
	if hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	sb := file.Body.(*hclsyntax.Body)
	var ds diag.Diagnostics
	for _, a := range sb.Attributes {
		r := a.SrcRange
		ds = append(ds, &diag.Diagnostic{
			Severity:   diag.Error,
			Summary:    fmt.Sprintf("Unexpected top-level argument %q", a.Name),
			Detail:     "A Terraform file holds only blocks at the top level.",
			Subject:    &r,
			Suggestion: "move the argument into a block, such as locals { ... }",
		})
	}
	if ds.HasErrors() {
		return nil, ds
	}
	body := config.BodyFromSyntax(sb, f.Src, 0)
	if ds := hugeNumbers(body); ds.HasErrors() {
		return nil, ds
	}
	cfg := &config.Config{}
	for _, it := range body.Items {
		if b, ok := it.(*config.Block); ok {
			cfg.Blocks = append(cfg.Blocks, b)
		}
	}
	blocks := append([]*hclsyntax.Block(nil), sb.Blocks...)
	sort.SliceStable(blocks, func(i, j int) bool { return blocks[i].TypeRange.Start.Byte < blocks[j].TypeRange.Start.Byte })
	return &source{name: f.Name, src: f.Src, cfg: cfg, notes: readComments(toks), blocks: blocks}, nil
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
					Detail:  fmt.Sprintf("%s holds a number beyond 1e1233 (2^%d); convert does not write such numbers out.", it.Name, maxExponent),
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
