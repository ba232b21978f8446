package tfkit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/localmod"
	"github.com/tfkit/tfkit/internal/outdir"
	"github.com/tfkit/tfkit/render"
	"github.com/tfkit/tfkit/schema"
)

// Format is the syntax stacks are written in.
type Format string

const (
	// FormatHCL writes main.tf in HCL native syntax (the default).
	FormatHCL Format = "hcl"
	// FormatJSON writes main.tf.json in Terraform's JSON syntax.
	FormatJSON Format = "json"
)

// Environment variables Synth reads. The tfkit CLI sets them when it runs
// the app.
const (
	// EnvOutdir, when set, is the directory to write into. The CLI passes a
	// fresh, empty directory and swaps it into place itself.
	EnvOutdir = "TFKIT_OUTDIR"
	// EnvFormat, when set, is "hcl" or "json" and overrides WithFormat.
	EnvFormat = "TFKIT_FORMAT"
)

// DefaultOutdir is where Synth writes when neither TFKIT_OUTDIR nor
// WithOutdir says otherwise.
const DefaultOutdir = "tfkit.out"

// App is a tfkit program: a set of stacks synthesized together.
type App struct {
	stacks []*Stack
	outdir string
	format Format
	// projectDir is what local module sources are relative to.
	projectDir string
	getenv     func(string) string
	stderr     io.Writer
	diags      diag.Diagnostics
	// schemas, when set, are checked against every stack (WithSchemas, or
	// read from TFKIT_SCHEMAS once schemasRead).
	schemas     []*schema.Provider
	schemasRead bool
	// render writes one stack; replaced in tests.
	render func(*config.Config, Format) ([]byte, error)
}

// Option configures an App.
type Option func(*App)

// WithOutdir sets the output directory used when TFKIT_OUTDIR is not set
// (default tfkit.out). Apps building per environment choose it from their
// environment, such as WithOutdir("tfkit.out/" + env).
func WithOutdir(dir string) Option { return func(a *App) { a.outdir = dir } }

// WithFormat sets the output format used when TFKIT_FORMAT is not set.
func WithFormat(f Format) Option { return func(a *App) { a.format = f } }

// WithGetenv replaces os.Getenv for the variables Synth reads (TFKIT_OUTDIR,
// TFKIT_FORMAT, TFKIT_SCHEMAS); for tests.
func WithGetenv(getenv func(string) string) Option { return func(a *App) { a.getenv = getenv } }

// WithProjectDir sets the directory that local module sources
// ("./modules/greet") are relative to; default the working directory,
// which tfkit synth sets to the project directory. Synth copies each such
// module directory into the stack that calls it (see Synth).
func WithProjectDir(dir string) Option { return func(a *App) { a.projectDir = dir } }

// WithWarnings sets where Synth prints warnings (default os.Stderr).
func WithWarnings(w io.Writer) Option { return func(a *App) { a.stderr = w } }

// NewApp returns an empty app.
func NewApp(opts ...Option) *App {
	a := &App{outdir: DefaultOutdir, format: FormatHCL, projectDir: ".", getenv: os.Getenv, stderr: os.Stderr, render: renderStack}
	for _, o := range opts {
		o(a)
	}
	return a
}

func renderStack(cfg *config.Config, f Format) ([]byte, error) {
	if f == FormatJSON {
		return render.JSON(cfg)
	}
	return render.HCL(cfg)
}

// Stacks returns the app's stacks in declaration order.
func (a *App) Stacks() []*Stack {
	requireApp(a)
	return append([]*Stack(nil), a.stacks...)
}

// Validate returns every diagnostic of the app: invalid or duplicate stack
// names, ambiguous cross-stack references, dependency cycles between
// stacks, and each stack's own (see Stack.Validate), in declaration order.
func (a *App) Validate() diag.Diagnostics {
	requireApp(a)
	return a.validate(a.crossPlan())
}

func (a *App) validate(p *crossPlan) diag.Diagnostics {
	ds := append(diag.Diagnostics(nil), a.diags...)
	if len(a.stacks) == 0 {
		ds = append(ds, &diag.Diagnostic{
			Severity: diag.Error, Summary: "No stacks",
			Detail:     "The app declares no stack, so there is nothing to synthesize.",
			Suggestion: `declare one with tfkit.NewStack(app, "name")`,
		})
	}
	ds = append(ds, p.diags...)
	ds = append(ds, a.stackCycles(p)...)
	for _, s := range a.stacks {
		ds = append(ds, s.validate(p)...)
	}
	return ds
}

// stackCycles reports dependency cycles between stacks, once each, saying
// for the dependencies that come from cross-stack references which element
// refers to which.
func (a *App) stackCycles(p *crossPlan) diag.Diagnostics {
	const (
		unvisited = iota
		visiting
		done
	)
	state := map[*Stack]int{}
	var ds diag.Diagnostics
	var trail []*Stack
	var visit func(s *Stack)
	visit = func(s *Stack) {
		state[s] = visiting
		trail = append(trail, s)
		for _, d := range s.dependencies(p) {
			switch state[d] {
			case unvisited:
				visit(d)
			case visiting:
				var names []string
				start := 0
				for i, t := range trail {
					if t == d {
						start = i
					}
				}
				cycle := append(append([]*Stack(nil), trail[start:]...), d)
				for _, t := range cycle {
					names = append(names, t.name)
				}
				site := s.site
				detail := "The stacks depend on each other in a cycle: " + strings.Join(names, " → ") + "."
				var related []diag.Related
				for i := 0; i+1 < len(cycle); i++ {
					from, to := cycle[i], cycle[i+1]
					if containsStack(from.deps, to) {
						detail += fmt.Sprintf(" Stack %q depends on %q (DependsOn).", from.name, to.name)
						continue
					}
					if cs := p.of(from); cs != nil {
						if why, ok := cs.deps[to]; ok {
							detail += fmt.Sprintf(" Stack %q depends on %q because its %s refers to %s of %q.",
								from.name, to.name, why.elem, why.addr, to.name)
							related = append(related, diag.Related{Message: fmt.Sprintf("%s of stack %s", why.elem, from.name), Range: why.site})
						}
					}
				}
				ds = append(ds, &diag.Diagnostic{
					Severity: diag.Error, Summary: "Stack dependency cycle",
					Detail:  detail,
					Subject: &site, Related: related,
					Suggestion: "move what both stacks need into one of them, or into a third stack both depend on",
				})
			}
		}
		trail = trail[:len(trail)-1]
		state[s] = done
	}
	for _, s := range a.stacks {
		if state[s] == unvisited {
			visit(s)
		}
	}
	return ds
}

// Synth validates every stack and writes the output: for each stack
// stacks/<name>/main.tf (main.tf.json in JSON format) and a manifest.json
// listing the stacks, their files with SHA-256 sums and their dependencies.
//
// When any error is found nothing is written and the returned error is the
// diag.Diagnostics; warnings alone are printed and do not stop synthesis.
//
// The output directory is $TFKIT_OUTDIR when set (written into directly:
// the CLI passes a fresh directory and moves the files into place itself),
// else the one given with WithOutdir, else tfkit.out. Only tfkit's own
// files there change: those the previous synthesis's manifest.json lists
// are replaced (each with a rename, the manifest last) or removed when no
// longer written, and everything else, such as the .terraform directory,
// lock file and terraform.tfstate of a terraform run in a stack directory,
// is kept. A failed Synth leaves the previous output as it was; a file of
// someone else's where Synth must write one fails it before anything
// changes. The directory is locked while it is written, so concurrent
// Synths run one after the other. The format is $TFKIT_FORMAT when set,
// else the one given with WithFormat, else HCL.
func (a *App) Synth() error {
	requireApp(a)
	files, err := a.files()
	if err != nil {
		return err
	}
	if dir := a.getenv(EnvOutdir); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create output directory: %w", err)
		}
		return outdir.WriteFiles(dir, files)
	}
	res, err := outdir.Update(a.outdir, files)
	if err != nil {
		return err
	}
	if a.stderr != nil {
		for _, p := range res.Edited {
			fmt.Fprintf(a.stderr, "Warning: %s had been edited since the last synth; the edit was overwritten (change the app instead)\n", path.Join(a.outdir, p))
		}
	}
	return nil
}

// files validates the app and renders its output files.
func (a *App) files() (map[string][]byte, error) {
	p := a.crossPlan()
	ds := a.validate(p)
	if !ds.HasErrors() {
		ds = append(ds, a.schemaDiagnostics(p)...)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	if len(ds) > 0 && a.stderr != nil {
		fmt.Fprintln(a.stderr, ds.Error())
	}
	format := a.format
	if f := a.getenv(EnvFormat); f != "" {
		format = Format(f)
	}
	if format != FormatHCL && format != FormatJSON {
		return nil, diag.Diagnostics{{
			Severity: diag.Error, Summary: "Unknown output format",
			Detail:     fmt.Sprintf("The output format %q is neither hcl nor json.", format),
			Suggestion: "set " + EnvFormat + " (or WithFormat) to hcl or json",
		}}
	}
	name := "main.tf"
	if format == FormatJSON {
		name = "main.tf.json"
	}
	files := map[string][]byte{}
	m := Manifest{Version: ManifestVersion, Format: string(format), Stacks: []ManifestStack{}}
	var assetDiags diag.Diagnostics
	for _, s := range a.stacks {
		cfg, _ := s.final(p)
		// Local module directories are copied into the stack.
		cfg, assets, ads := localmod.Assets(cfg, a.projectDir)
		if assetDiags = append(assetDiags, ads...); ads.HasErrors() {
			continue
		}
		text, err := a.render(cfg, format)
		if err != nil {
			return nil, fmt.Errorf("render stack %q: %w", s.name, err)
		}
		dir := path.Join("stacks", s.name)
		file := path.Join(dir, name)
		files[file] = text
		sum := sha256.Sum256(text)
		ms := ManifestStack{
			Name: s.name, Directory: dir,
			Files:        []ManifestFile{{Path: file, SHA256: hex.EncodeToString(sum[:])}},
			Dependencies: []string{},
		}
		for _, rel := range sortedKeys(assets) {
			f := path.Join(dir, rel)
			files[f] = assets[rel]
			sum := sha256.Sum256(assets[rel])
			ms.Files = append(ms.Files, ManifestFile{Path: f, SHA256: hex.EncodeToString(sum[:])})
		}
		for _, d := range s.dependencies(p) {
			ms.Dependencies = append(ms.Dependencies, d.name)
		}
		m.Stacks = append(m.Stacks, ms)
	}
	if assetDiags.HasErrors() {
		return nil, assetDiags
	}
	data, err := m.Marshal()
	if err != nil {
		return nil, err
	}
	files[ManifestName] = data
	return files, nil
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
