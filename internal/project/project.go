package project

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// The project file names, in the order they are looked for.
const (
	FileName      = "tfkit.json"
	CDKTFFileName = "cdktf.json"
)

// Default output directories when the project file names none: tfkit's own,
// and the one CDK for Terraform uses, so a cdktf.json project keeps its layout.
const (
	DefaultOutput      = "tfkit.out"
	DefaultCDKTFOutput = "cdktf.out"
)

// DefaultBindings is where tfkit get writes bindings when the project file
// names no codeMakerOutput.
const DefaultBindings = ".gen"

// BindingsDir is where tfkit get writes bindings (and keeps the schemas
// synth and validate check against), as written: codeMakerOutput, else
// DefaultBindings. c may be nil, for a directory without a project file.
func (c *Config) BindingsDir() string {
	if c == nil || c.CodeMakerOutput == "" {
		return DefaultBindings
	}
	return c.CodeMakerOutput
}

// Example is a minimal project file, shown to users who have none.
const Example = `{"app": "go run .", "output": "tfkit.out"}`

// Config is what a project file says, with defaults applied.
type Config struct {
	// Dir is the project directory, as given to Load.
	Dir string
	// File is the project file's name relative to Dir (tfkit.json or
	// cdktf.json); diagnostics name it this way.
	File string

	// App is the shell command that runs the user's program.
	App string
	// Output is the output directory as written (relative to Dir unless
	// absolute), or the default.
	Output string
	// Language is the language bindings are generated for (CDK for
	// Terraform's "language"); empty when not given.
	Language string
	// TerraformProviders and TerraformModules are the providers and modules
	// to generate bindings for, in file order: those of "providers" and
	// "modules", or of CDK for Terraform's "terraformProviders" and
	// "terraformModules" (a file may use either name of each, not both).
	TerraformProviders []Dependency
	TerraformModules   []Dependency
	// CodeMakerOutput is where generated bindings go; empty when not given.
	CodeMakerOutput string
	// SchemaCheck is "error" (the default when empty) or "warn": whether
	// what the provider schemas do not allow stops synth or is only
	// reported, for schemas older than the providers.
	SchemaCheck string
	// Context is the JSON text of cdktf.json's "context" object, which a
	// CDK for Terraform app reads through CDKTF_CONTEXT_JSON; empty when
	// the file has none (or is tfkit.json).
	Context string

	// ranges remembers where each key was written, for later diagnostics.
	ranges map[string]hcl.Range
	object hcl.Range
}

// Dependency is one entry of providers or modules, written
// either as a string ("hashicorp/aws@~> 5.0") or as an object
// ({"name": "aws", "source": "hashicorp/aws", "version": "~> 5.0"}).
type Dependency struct {
	// Name is the local name when the entry gives one, else empty.
	Name string
	// Source is the provider or module source as written.
	Source string
	// Version is the version constraint, or empty for none.
	Version string
	// Range is where the entry is written.
	Range hcl.Range
}

// OutputDir returns the output directory resolved against the project
// directory.
func (c *Config) OutputDir() string {
	if filepath.IsAbs(c.Output) {
		return c.Output
	}
	return filepath.Join(c.Dir, c.Output)
}

// KeyRange returns where key was written, and false when the file does not
// have it.
func (c *Config) KeyRange(key string) (hcl.Range, bool) {
	r, ok := c.ranges[key]
	return r, ok
}

// appExample is an "app" key, for hints.
const appExample = `"app": "go run ." (or the command that runs your program)`

// RequireApp reports an error diagnostic when the project names no app
// command, which every command that synthesizes needs.
func (c *Config) RequireApp() *diag.Diagnostic {
	if c.App != "" {
		return nil
	}
	d := &diag.Diagnostic{
		Severity:   diag.Error,
		Summary:    fmt.Sprintf("No \"app\" in %s", c.File),
		Detail:     "The \"app\" key names the shell command that runs your program, which writes the Terraform configuration.",
		Suggestion: "add " + appExample,
	}
	if r, ok := c.ranges["app"]; ok {
		d.Subject = &r
	} else {
		r := c.object
		d.Subject = &r
	}
	return d
}

// Load reads the project file in dir: tfkit.json, else cdktf.json. The
// diagnostics hold warnings (unknown keys) and, when the file is missing or
// wrong, errors; the Config is nil exactly when there are errors.
func Load(dir string) (*Config, diag.Diagnostics) { return LoadFor(dir, "synth") }

// LoadFor is Load for the tfkit command named command, which the hint of a
// missing project file in a project's subdirectory repeats
// (tfkit --chdir ../.. deploy).
func LoadFor(dir, command string) (*Config, diag.Diagnostics) {
	var diags diag.Diagnostics
	var found []string
	var src []byte
	for _, name := range []string{FileName, CDKTFFileName} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, append(diags, &diag.Diagnostic{
				Severity: diag.Error,
				Summary:  fmt.Sprintf("Cannot read %s", name),
				Detail:   err.Error(),
			})
		}
		if src == nil {
			src = b
		}
		found = append(found, name)
	}
	switch len(found) {
	case 0:
		where := "the current directory"
		if dir != "" && dir != "." {
			where = dir
		}
		d := &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  fmt.Sprintf("No %s in %s", FileName, where),
			Detail: fmt.Sprintf("A tfkit project is a directory with a %s (or CDK for Terraform's %s) that names the command running your program and the output directory.",
				FileName, CDKTFFileName),
			Suggestion: missingProjectHint(dir),
		}
		// tfkit does not search upward (the project directory decides where
		// output and bindings go, so it must be the one asked for), but a
		// project above is most likely the one meant.
		if parent, file := enclosingProject(dir); parent != "" {
			d.Detail += fmt.Sprintf(" The directory %s above it is one (%s): tfkit works in the directory it is given and does not look in the directories above.",
				parent, filepath.Join(parent, file))
			d.Suggestion = fmt.Sprintf("run tfkit in %[1]s, or give the project directory with --chdir %[1]s before the command (tfkit --chdir %[1]s %[2]s)", parent, command)
		}
		return nil, diag.Diagnostics{d}
	case 2:
		diags = append(diags, &diag.Diagnostic{
			Severity: diag.Warning,
			Summary:  fmt.Sprintf("Both %s and %s found; using %s", FileName, CDKTFFileName, FileName),
			Subject:  &hcl.Range{Filename: CDKTFFileName},
			Suggestion: fmt.Sprintf("remove %s, or move what it says into %s",
				CDKTFFileName, FileName),
		})
	}
	cfg, more := Parse(found[0], src)
	diags = append(diags, more...)
	if cfg != nil {
		cfg.Dir = dir
	}
	return cfg, diags
}

// keys lists the keys tfkit reads, in the order they are documented.
var keys = []string{"app", "output", "language", "providers", "modules", "terraformProviders", "terraformModules", "codeMakerOutput", "schemaCheck"}

// aliases maps tfkit's short keys to the CDK for Terraform keys that mean
// the same; a file may write either, not both.
var aliases = map[string]string{
	"providers": "terraformProviders",
	"modules":   "terraformModules",
}

// cdktfOnly are keys of cdktf.json that tfkit has no use for, ignored
// silently there: they only concern CDK for Terraform's own tooling.
var cdktfOnly = map[string]bool{
	"projectId":        true,
	"sendCrashReports": true,
}

// unknownKey is the warning for a key tfkit does not read.
func unknownKey(key, filename string, at *hcl.Range) *diag.Diagnostic {
	return &diag.Diagnostic{
		Severity:   diag.Warning,
		Summary:    fmt.Sprintf("Unknown key %q in %s", key, filename),
		Detail:     fmt.Sprintf("tfkit reads the keys %s; this one is ignored.", quoteList(keys)),
		Subject:    at,
		Suggestion: diag.DidYouMean(key, keys),
	}
}

// Parse reads the text of a project file named filename (tfkit.json or
// cdktf.json, which decides the default output directory).
func Parse(filename string, src []byte) (*Config, diag.Diagnostics) {
	p := positions{filename: filename, src: src}
	root, diags := parseJSON(p)
	if diags.HasErrors() {
		return nil, diags
	}
	if root.kind != kindObject {
		return nil, diag.Diagnostics{{
			Severity:   diag.Error,
			Summary:    fmt.Sprintf("%s must hold a JSON object", filename),
			Detail:     fmt.Sprintf("The file holds %s.", root.kind),
			Subject:    p.rng(root.start, root.end),
			Suggestion: "write the settings as an object, for example " + Example,
		}}
	}
	cdktf := filepath.Base(filename) == CDKTFFileName
	cfg := &Config{
		File:   filename,
		ranges: map[string]hcl.Range{},
		object: *p.rng(root.start, root.start+1),
	}

	seen := map[string]jsonMember{}
	for _, m := range root.members {
		keyRange := p.rng(m.start, m.end)
		if first, dup := seen[m.key]; dup {
			diags = append(diags, &diag.Diagnostic{
				Severity: diag.Error,
				Summary:  fmt.Sprintf("Duplicate key %q in %s", m.key, filename),
				Detail:   "JSON readers disagree on which of two equal keys wins, so tfkit accepts each key once.",
				Subject:  keyRange,
				Related:  []diag.Related{{Message: "first written here", Range: *p.rng(first.start, first.end)}},
			})
			continue
		}
		seen[m.key] = m
		cfg.ranges[m.key] = *p.rng(m.start, m.value.end)

		v := m.value
		str := func(dst *string) {
			if v.kind != kindString {
				diags = append(diags, wrongType(p, m, "a string"))
				return
			}
			if strings.TrimSpace(v.str) == "" {
				d := &diag.Diagnostic{
					Severity: diag.Error,
					Summary:  fmt.Sprintf("Empty %q in %s", m.key, filename),
					Detail:   fmt.Sprintf("%q must not be empty; leave the key out to use the default.", m.key),
					Subject:  p.rng(v.start, v.end),
				}
				if m.key == "app" { // the one key without a default
					d.Detail = `"app" must not be empty: it names the shell command that runs your program.`
					d.Suggestion = "write " + appExample
				}
				diags = append(diags, d)
				return
			}
			*dst = v.str
		}
		switch m.key {
		case "app":
			str(&cfg.App)
		case "output":
			str(&cfg.Output)
		case "language":
			str(&cfg.Language)
		case "codeMakerOutput":
			str(&cfg.CodeMakerOutput)
		case "schemaCheck":
			str(&cfg.SchemaCheck)
			if cfg.SchemaCheck != "" && cfg.SchemaCheck != "error" && cfg.SchemaCheck != "warn" {
				diags = append(diags, &diag.Diagnostic{
					Severity:   diag.Error,
					Summary:    fmt.Sprintf("Invalid \"schemaCheck\" in %s", filename),
					Detail:     fmt.Sprintf("%q is neither \"error\" nor \"warn\".", cfg.SchemaCheck),
					Subject:    p.rng(v.start, v.end),
					Suggestion: diag.DidYouMean(cfg.SchemaCheck, []string{"error", "warn"}),
				})
				cfg.SchemaCheck = ""
			}
		case "providers", "terraformProviders":
			cfg.TerraformProviders, diags = dependencies(p, m, diags)
		case "modules", "terraformModules":
			cfg.TerraformModules, diags = dependencies(p, m, diags)
		case "$schema":
			// Editors use it for completion; it says nothing to tfkit.
		case "context":
			if !cdktf {
				diags = append(diags, unknownKey(m.key, filename, keyRange))
				continue
			}
			if v.kind != kindObject {
				diags = append(diags, &diag.Diagnostic{
					Severity:   diag.Error,
					Summary:    fmt.Sprintf("Invalid \"context\" in %s", filename),
					Detail:     fmt.Sprintf("\"context\" holds %s; it is an object of the settings a CDK for Terraform app reads with node.getContext.", v.kind),
					Subject:    p.rng(v.start, v.end),
					Suggestion: `write an object, for example "context": {"environment": "dev"}`,
				})
				continue
			}
			cfg.Context = string(src[v.start:v.end])
		default:
			if cdktfOnly[m.key] && cdktf {
				continue
			}
			diags = append(diags, unknownKey(m.key, filename, keyRange))
		}
	}
	for _, short := range []string{"providers", "modules"} {
		long := aliases[short]
		a, okA := seen[short]
		b, okB := seen[long]
		if !okA || !okB {
			continue
		}
		first, second := a, b
		if b.start < a.start {
			first, second = b, a
		}
		diags = append(diags, &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  fmt.Sprintf("Both %q and %q in %s", short, long, filename),
			Detail: fmt.Sprintf("%q is tfkit's name for CDK for Terraform's %q; they mean the same list, so a file may hold one of them, not both.",
				short, long),
			Subject:    p.rng(second.start, second.end),
			Related:    []diag.Related{{Message: "the other written here", Range: *p.rng(first.start, first.end)}},
			Suggestion: fmt.Sprintf("move the entries of %q into %q and remove %q", long, short, long),
		})
	}
	if diags.HasErrors() {
		return nil, diags
	}
	if cfg.Output == "" {
		cfg.Output = DefaultOutput
		if cdktf {
			cfg.Output = DefaultCDKTFOutput
		}
	}
	return cfg, diags
}

func wrongType(p positions, m jsonMember, want string) *diag.Diagnostic {
	return &diag.Diagnostic{
		Severity: diag.Error,
		Summary:  fmt.Sprintf("Invalid %q in %s", m.key, p.filename),
		Detail:   fmt.Sprintf("%q must be %s, not %s.", m.key, want, m.value.kind),
		Subject:  p.rng(m.value.start, m.value.end),
	}
}

// dependencies reads providers or modules (or their CDK for Terraform names
// terraformProviders and terraformModules): an array whose
// entries are "source@constraint" strings or {name, source, version} objects.
func dependencies(p positions, m jsonMember, diags diag.Diagnostics) ([]Dependency, diag.Diagnostics) {
	if m.value.kind != kindArray {
		return nil, append(diags, wrongType(p, m, "an array"))
	}
	var out []Dependency
	for _, e := range m.value.elems {
		r := *p.rng(e.start, e.end)
		switch e.kind {
		case kindString:
			source, version := splitConstraint(e.str)
			if source == "" {
				diags = append(diags, &diag.Diagnostic{
					Severity: diag.Error,
					Summary:  fmt.Sprintf("Empty entry in %q", m.key),
					Subject:  &r,
				})
				continue
			}
			out = append(out, Dependency{Source: source, Version: version, Range: r})
		case kindObject:
			dep := Dependency{Range: r}
			for _, f := range e.members {
				var dst *string
				switch f.key {
				case "name":
					dst = &dep.Name
				case "source":
					dst = &dep.Source
				case "version":
					dst = &dep.Version
				default:
					d := &diag.Diagnostic{
						Severity: diag.Warning,
						Summary:  fmt.Sprintf("Unknown key %q in an entry of %q", f.key, m.key),
						Detail:   `Entries read the keys "name", "source" and "version"; this one is ignored.`,
						Subject:  p.rng(f.start, f.end),
					}
					d.Suggestion = diag.DidYouMean(f.key, []string{"name", "source", "version"})
					diags = append(diags, d)
					continue
				}
				if f.value.kind != kindString {
					diags = append(diags, wrongType(p, f, "a string"))
					continue
				}
				*dst = f.value.str
			}
			if dep.Source == "" && dep.Name == "" {
				diags = append(diags, &diag.Diagnostic{
					Severity:   diag.Error,
					Summary:    fmt.Sprintf("Entry in %q has no \"source\"", m.key),
					Subject:    &r,
					Suggestion: `write {"source": "hashicorp/aws", "version": "~> 5.0"} or the string "hashicorp/aws@~> 5.0"`,
				})
				continue
			}
			out = append(out, dep)
		default:
			diags = append(diags, &diag.Diagnostic{
				Severity: diag.Error,
				Summary:  fmt.Sprintf("Invalid entry in %q", m.key),
				Detail:   fmt.Sprintf("Entries must be strings such as \"hashicorp/aws@~> 5.0\" or objects with \"source\" and \"version\", not %s.", e.kind),
				Subject:  &r,
			})
		}
	}
	return out, diags
}

// splitConstraint splits "source@constraint" at its last "@" when what
// follows reads as a version constraint, so module sources that contain "@"
// themselves (git@github.com:org/repo.git) stay whole.
func splitConstraint(s string) (source, version string) {
	s = strings.TrimSpace(s)
	i := strings.LastIndexByte(s, '@')
	if i < 0 || strings.ContainsAny(s[i+1:], "/:") {
		return s, ""
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// enclosingProject returns the nearest directory above dir that holds a
// project file, and the file's name; "" when there is none. The directory
// is written as --chdir would take it where dir was given: relative to the
// same directory when dir is relative, absolute when dir is.
func enclosingProject(dir string) (parent, file string) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", ""
	}
	for up := filepath.Dir(abs); ; up = filepath.Dir(up) {
		for _, name := range []string{FileName, CDKTFFileName} {
			if st, err := os.Stat(filepath.Join(up, name)); err == nil && st.Mode().IsRegular() {
				if filepath.IsAbs(dir) {
					return up, name
				}
				rel, err := filepath.Rel(abs, up)
				if err != nil {
					return up, name
				}
				return filepath.Join(dir, rel), name
			}
		}
		if filepath.Dir(up) == up {
			return "", ""
		}
	}
}

// missingProjectHint says how to start a project in dir, in the language
// its files are written in: a directory with a .tsx file is given the TSX
// ways (a TSX entry builds without a project, too).
func missingProjectHint(dir string) string {
	if dir == "" {
		dir = "."
	}
	if tsx, _ := filepath.Glob(filepath.Join(dir, "*.tsx")); len(tsx) > 0 {
		entry := filepath.Base(tsx[0])
		for _, f := range tsx {
			if filepath.Base(f) == "main.tsx" {
				entry = "main.tsx"
			}
		}
		return fmt.Sprintf(`make %[1]s the project's app: echo '{"app": "%[1]s", "output": "tfkit.out"}' > %[2]s  (tfkit synth %[1]s builds it without one; or use --chdir DIR to run in another directory)`, entry, FileName)
	}
	return fmt.Sprintf("start one with tfkit init (--lang tsx for TSX), or create one with: echo '%s' > %s  (or use --chdir DIR to run in another directory)", Example, FileName)
}
