package synth

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"sort"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/localmod"
	"github.com/tfkit/tfkit/internal/outdir"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/validate"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/schema"
)

// Format is the syntax stacks are written in.
type Format string

const (
	// FormatHCL writes main.tf in HCL native syntax.
	FormatHCL Format = "hcl"
	// FormatJSON writes main.tf.json in Terraform's JSON syntax.
	FormatJSON Format = "json"
)

// File is the name of a stack's configuration file in format f.
func (f Format) File() string {
	if f == FormatJSON {
		return "main.tf.json"
	}
	return "main.tf"
}

// CheckFormat reports a format that is neither hcl nor json, with
// suggestion saying how the front end's user chooses it.
func CheckFormat(f Format, suggestion string) diag.Diagnostics {
	if f == FormatHCL || f == FormatJSON {
		return nil
	}
	return diag.Diagnostics{{
		Severity: diag.Error, Summary: "Unknown output format",
		Detail:     fmt.Sprintf("The output format %q is neither hcl nor json.", f),
		Suggestion: suggestion,
	}}
}

// Options control Files.
type Options struct {
	Format Format
	// FormatSuggestion is the suggestion of an unknown format's
	// diagnostic: how the user chooses the format.
	FormatSuggestion string
	// ProjectDir is what local module sources are relative to; "" is the
	// working directory.
	ProjectDir string
	// Schemas returns the provider schemas to check every stack against,
	// nil for none (then nothing is checked), with the diagnostics of
	// reading them. Files calls it once; they also decide how JSON output
	// writes attributes written as blocks (see jsonAttributeBlocks).
	Schemas func() ([]*schema.Provider, diag.Diagnostics)
	// SchemaWarnings makes what the schemas do not allow warnings.
	SchemaWarnings bool
	// Locate adds what the front end knows to the diagnostics synthesis
	// finds (code frames); nil leaves them as they are.
	Locate func(diag.Diagnostics) diag.Diagnostics
	// Warn receives the warnings of validation and the schema check when
	// there is no error, before the output is rendered; nil drops them.
	Warn func(diag.Diagnostics)
	// Render writes one stack; nil is package render's HCL or JSON.
	Render func(*config.Config, Format) ([]byte, error)
	// Engine is the engine the output is for, when it is known:
	// "terraform" makes what only OpenTofu accepts (config.OpenTofuOnly)
	// an error at the front end's line, before any engine runs;
	// "opentofu" and "" accept it.
	Engine string
}

// Files is the one synthesis path of every front end: it validates the
// app (see Plan.Validate), rewrites cross-stack references, checks the
// stacks against provider schemas when there are any, and renders each
// stack with the copies of the local modules it calls and a manifest.json
// listing the stacks, their files with SHA-256 sums and their
// dependencies. Paths are slash-separated, relative to the output
// directory.
//
// Mistakes make the error diag.Diagnostics; other errors are failures to
// render.
func Files(a *App, o Options) (map[string][]byte, error) {
	var schemas func() []*schema.Provider
	if o.Schemas != nil {
		// Read once: the rewrite, the schema check and JSON output use them.
		read := o.Schemas
		var providers []*schema.Provider
		var ds diag.Diagnostics
		done := false
		o.Schemas = func() ([]*schema.Provider, diag.Diagnostics) {
			if !done {
				providers, ds = read()
				done = true
			}
			return providers, ds
		}
		schemas = func() []*schema.Provider { p, _ := o.Schemas(); return p }
	}
	p := NewPlan(a, schemas)
	if o.Engine != "" {
		p.engine = o.Engine
	}
	ds := p.Validate()
	if !ds.HasErrors() {
		ds = append(ds, p.engineDiagnostics(o)...)
	}
	if !ds.HasErrors() {
		ds = append(ds, p.schemaDiagnostics(o)...)
	}
	if !ds.HasErrors() {
		dir := o.ProjectDir
		if dir == "" {
			dir = "."
		}
		ds = append(ds, p.moduleDiagnostics(dir, o)...)
	}
	if o.Locate != nil && len(ds) > 0 {
		ds = o.Locate(ds)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	if len(ds) > 0 && o.Warn != nil {
		o.Warn(ds)
	}
	if ds := CheckFormat(o.Format, o.FormatSuggestion); ds != nil {
		return nil, ds
	}
	rend := o.Render
	if rend == nil {
		rend = renderStack
	}
	dir := o.ProjectDir
	if dir == "" {
		dir = "."
	}
	files := map[string][]byte{}
	m := manifest.Manifest{Version: manifest.Version, Format: string(o.Format), Stacks: []manifest.Stack{}}
	var assetDiags diag.Diagnostics
	for _, s := range a.Stacks {
		cfg, _ := p.Config(s)
		// Local module directories are copied into the stack, with what
		// they read around them.
		cfg, assets, ads := localmod.Assets(cfg, dir, map[string][]byte{o.Format.File(): nil})
		if assetDiags = append(assetDiags, ads...); ads.HasErrors() {
			continue
		}
		if o.Format == FormatJSON && o.Schemas != nil {
			// JSON syntax writes attributes that HCL may write as
			// blocks as their values.
			providers, _ := o.Schemas()
			cfg = jsonAttributeBlocks(cfg, providers)
		}
		text, err := rend(cfg, o.Format)
		if err != nil {
			return nil, fmt.Errorf("render stack %q: %w", s.Name, err)
		}
		file := path.Join(s.Dir, o.Format.File())
		files[file] = text
		sum := sha256.Sum256(text)
		ms := manifest.Stack{
			Name: s.Name, Directory: s.Dir,
			Files:        []manifest.File{{Path: file, SHA256: hex.EncodeToString(sum[:])}},
			Dependencies: []string{},
		}
		if assets == nil && len(s.Files) > 0 {
			assets = make(map[string][]byte, len(s.Files))
		}
		for _, rel := range sortedKeys(s.Files) {
			if _, ok := assets[rel]; ok {
				d := &diag.Diagnostic{
					Severity: diag.Error, Summary: "Asset path taken",
					Detail:     fmt.Sprintf("Stack %q writes %s both as an asset and as a copy of a local module.", s.Name, rel),
					Suggestion: "move the module out of " + path.Dir(rel) + ", or rename the asset",
				}
				if s.Site.Filename != "" {
					d.Subject = &s.Site
				}
				assetDiags = append(assetDiags, d)
				continue
			}
			assets[rel] = s.Files[rel]
		}
		// Files the configuration reads by a path in the project travel
		// with it, at the same path.
		taken := map[string][]byte{o.Format.File(): nil}
		for rel, data := range assets {
			taken[rel] = data
		}
		read, fds := localmod.Files(cfg, dir, taken)
		assetDiags = append(assetDiags, fds...)
		for rel, data := range read {
			if assets == nil {
				assets = map[string][]byte{}
			}
			assets[rel] = data
		}
		for _, rel := range sortedKeys(assets) {
			f := path.Join(s.Dir, rel)
			files[f] = assets[rel]
			sum := sha256.Sum256(assets[rel])
			ms.Files = append(ms.Files, manifest.File{Path: f, SHA256: hex.EncodeToString(sum[:])})
		}
		for _, d := range p.Dependencies(s) {
			ms.Dependencies = append(ms.Dependencies, d.Name)
		}
		m.Stacks = append(m.Stacks, ms)
	}
	if o.Locate != nil && len(assetDiags) > 0 {
		assetDiags = o.Locate(assetDiags)
	}
	if assetDiags.HasErrors() {
		return nil, assetDiags
	}
	if len(assetDiags) > 0 && o.Warn != nil {
		o.Warn(assetDiags)
	}
	data, err := m.Marshal()
	if err != nil {
		return nil, err
	}
	files[manifest.Name] = data
	return files, nil
}

func renderStack(cfg *config.Config, f Format) ([]byte, error) {
	if f == FormatJSON {
		return render.JSON(cfg)
	}
	return render.HCL(cfg)
}

// engineDiagnostics reports, for output that goes to Terraform, each use
// of what only OpenTofu accepts.
func (p *Plan) engineDiagnostics(o Options) diag.Diagnostics {
	if o.Engine != "terraform" {
		return nil
	}
	var ds diag.Diagnostics
	for _, s := range p.app.Stacks {
		cfg, _ := p.Config(s)
		for _, u := range config.OpenTofuOnly(cfg) {
			d := &diag.Diagnostic{Severity: diag.Error, Summary: "Not supported by Terraform",
				Detail: fmt.Sprintf("Stack %q uses %s, which Terraform does not support (OpenTofu does from %s), and is to be deployed with Terraform.", s.Name, u.What, u.Since),
				Path:   u.Path, Suggestion: "deploy with OpenTofu (--engine with the path of tofu, or TFKIT_TERRAFORM), or leave it out"}
			if r := u.Range; r.Filename != "" || r.Start.Line != 0 {
				d.Subject = &r
			}
			ds = append(ds, d)
		}
	}
	return ds
}

// schemaDiagnostics checks each stack against the provider schemas, when
// there are any; what is wrong in an output added for another stack's read
// is reported at the read (see atReads).
func (p *Plan) schemaDiagnostics(o Options) diag.Diagnostics {
	if o.Schemas == nil {
		return nil
	}
	providers, ds := o.Schemas()
	if providers == nil {
		return ds
	}
	providers = withBuiltin(providers)
	for _, s := range p.app.Stacks {
		cfg, _ := p.Config(s)
		sds := validate.Config(cfg, providers)
		ds = append(append(ds, p.ownDiagnostics(s, sds)...), p.atReads(s, sds, nil)...)
	}
	if o.SchemaWarnings {
		ds = validate.Warnings(ds)
	}
	return ds
}

// withBuiltin is providers with the built-in provider's schema, unless
// they hold it.
func withBuiltin(providers []*schema.Provider) []*schema.Provider {
	for _, p := range providers {
		if p.Source == schema.BuiltinSource {
			return providers
		}
	}
	return append(append([]*schema.Provider(nil), providers...), schema.Builtin())
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Write writes the files of a synthesis into dir. A fresh directory
// (created when missing; the tfkit CLI's staging directory) is written into
// directly; otherwise dir is a synthesis output directory, where only the
// files the previous manifest.json lists are replaced or removed, under a
// lock, without half-written files (see package outdir). It returns the
// files that had been edited since the previous synthesis, overwritten.
func Write(dir string, files map[string][]byte, fresh bool) (edited []string, err error) {
	if fresh {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("create output directory: %w", err)
		}
		return nil, outdir.WriteFiles(dir, files)
	}
	res, err := outdir.Update(dir, files)
	if err != nil {
		return nil, err
	}
	return res.Edited, nil
}
