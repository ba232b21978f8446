package tsx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// DefaultTimeout is how long a configuration may run when Options.Timeout
// is zero.
const DefaultTimeout = 30 * time.Second

// Options control a build.
type Options struct {
	// Dir is the working directory: a relative entry is read from it, and
	// file names in diagnostics are relative to it. Empty means the current
	// directory.
	Dir string
	// Env is the configuration's process.env. Nothing of the real
	// environment is visible unless it is copied here.
	Env map[string]string
	// Timeout stops a configuration that runs longer (an endless loop) with
	// a diagnostic; zero means DefaultTimeout, a negative value no limit.
	Timeout time.Duration
	// Log receives console.log output of the configuration; nil discards it.
	Log io.Writer
	// Engine evaluates the bundle; nil means Goja().
	Engine Engine
	// Target is the engine the configuration is for, "terraform" (or
	// empty) or "opentofu": where the two word a mistake differently, the
	// check after conversion speaks its words.
	Target string
	// Schemas, when not nil, are the provider schemas Synth checks every
	// resource, data source and provider body against (see package
	// validate) before it writes anything; Build does not use them.
	Schemas []*schema.Provider
	// SchemaWarnings makes what Schemas do not allow warnings instead of
	// errors, for schemas older than the providers the engine installs.
	SchemaWarnings bool
	// EntryFrom says where the entry was named when it was not named on
	// the command line, such as `"app" in tfkit.json`: an entry that cannot
	// be read (renamed, moved) is then reported as that setting's mistake.
	EntryFrom string
}

// Build bundles the .tsx (or .ts) entry with its relative imports, evaluates
// it, and converts the element tree its default export renders into a
// configuration, in declaration order. The configuration has been checked
// with config.Validate. Mistakes are returned as diagnostics located in the
// .tsx sources; the configuration is nil when there are errors.
func Build(entry string, opts Options) (*config.Config, diag.Diagnostics) {
	return BuildContext(context.Background(), entry, opts)
}

// BuildContext is Build with a context: canceling it stops the evaluation.
func BuildContext(ctx context.Context, entry string, opts Options) (*config.Config, diag.Diagnostics) {
	cfg, _, diags := BuildWithAssets(ctx, entry, opts)
	return cfg, diags
}

// BuildWithAssets is BuildContext that also returns the assets the
// configuration declared with tf.asset (read relative to opts.Dir, the
// project directory), in declaration order, for Files or Synth to write.
func BuildWithAssets(ctx context.Context, entry string, opts Options) (*config.Config, []Asset, diag.Diagnostics) {
	cfg, assets, diags := build(ctx, entry, opts)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	return cfg, assets.list(), diags
}

func build(ctx context.Context, entry string, opts Options) (*config.Config, *assetSet, diag.Diagnostics) {
	dir := opts.Dir
	if dir == "" {
		dir = "."
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Invalid working directory", Detail: err.Error()}}
	}
	if !filepath.IsAbs(entry) {
		entry = filepath.Join(dir, entry)
	}
	if fi, err := os.Stat(entry); err != nil || fi.IsDir() {
		detail := fmt.Sprintf("%s is a directory.", displayName(entry, dir))
		if err != nil {
			detail = fmt.Sprintf("%s cannot be read: %v.", displayName(entry, dir), errors.Unwrap(err))
		}
		hint := "name the .tsx file whose default export is the configuration, such as main.tsx"
		if opts.EntryFrom != "" {
			detail += fmt.Sprintf(" The entry is named by %s.", opts.EntryFrom)
			hint = fmt.Sprintf("if the entry was renamed or moved, update %s: %s", opts.EntryFrom, hint)
		}
		return nil, nil, diag.Diagnostics{{Severity: diag.Error, Summary: "No TSX entry file", Detail: detail, Suggestion: hint}}
	}

	engine := opts.Engine
	if engine == nil {
		engine = Goja()
	}
	// The built-in engine is given the bundle without its source map, which
	// is made only when a message needs a position (see bundleMapLater).
	ge, builtIn := engine.(gojaEngine)
	mapLater := builtIn && !ge.asIs

	// The converter reads the entry for positions; it is read on another
	// core while esbuild bundles.
	entrySource := make(chan *sourceFile, 1)
	go func() { entrySource <- readSourceFile(entry) }()
	b, diags := bundleEntry(entry, dir, !mapLater)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	var mapped func() string
	if mapLater {
		if mayReadStacks(b.code) {
			// The script may format an exception's stack itself, and the
			// positions there must be the sources' from the start.
			if b, diags = bundleEntry(entry, dir, true); diags.HasErrors() {
				return nil, nil, diags
			}
		} else {
			mapped = bundleMapLater(entry, dir, b.code)
		}
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	} else if timeout < 0 {
		timeout = 0
	}
	src := newSources(dir)
	src.files[displayName(entry, dir)] = <-entrySource
	assets := newAssetSet(dir)
	start := time.Now()
	out, err := engine.Run(ctx, Script{
		Name:    bundleName,
		Code:    b.code,
		Env:     opts.Env,
		Dir:     dir,
		Timeout: timeout,
		Log:     opts.Log,
		Asset:   assets.build,
		mapped:  mapped,
	})
	if err != nil {
		var se *ScriptError
		if errors.As(err, &se) {
			return nil, nil, diag.Diagnostics{scriptDiag(se, src)}
		}
		return nil, nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Evaluation failed", Detail: err.Error()}}
	}
	// The timeout covers reading the rendered values too: they may be
	// huge, or have getters that run JavaScript.
	cctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithDeadline(ctx, start.Add(timeout))
		defer cancel()
	}
	cfg, diags, c := convertSafely(cctx, timeout, out, src, displayName(entry, dir))
	if diags.HasErrors() {
		return nil, nil, sameMistakeOnce(diags, src)
	}
	for _, d := range b.warnings {
		diags = append(diags, src.withFrame(d))
	}
	seen := map[string]int{}
	for _, d := range sameMistakeOnce(checkConfig(cfg, opts.Target == "opentofu"), src) {
		c.sameSiteCallers(d, seen)
		diags = append(diags, src.withFrame(d))
	}
	if diags.HasErrors() {
		return nil, nil, diags
	}
	return cfg, assets, diags
}

// sameMistakeOnce gives once a mistake of the configuration check that the
// elements rendered from one line of code (a .map(...), a component used
// in a loop) each repeat: the same message at the same place, differing
// only in the address. The first is kept and names the others, as the
// engines report a mistake of a counted resource once (the mistakes the
// conversion found in a composite used several times too). The others are
// named before the code frame of src, when the detail has one.
func sameMistakeOnce(ds diag.Diagnostics, src *sources) diag.Diagnostics {
	first := map[mistakeKey]*diag.Diagnostic{}
	others := map[*diag.Diagnostic][]string{}
	out := ds[:0:0]
	for _, d := range ds {
		if d.Subject == nil || d.Path == "" || len(d.Related) > 0 {
			out = append(out, d)
			continue
		}
		k := mistakeOf(d)
		if f, ok := first[k]; ok {
			if f.Path != d.Path {
				others[f] = append(others[f], d.Path)
			}
			continue
		}
		first[k] = d
		out = append(out, d)
	}
	for d, paths := range others {
		const shown = 5
		list := strings.Join(paths[:min(len(paths), shown)], ", ")
		if len(paths) > shown {
			list += fmt.Sprintf(" and %d more", len(paths)-shown)
		}
		same := fmt.Sprintf(" The same holds for %s, rendered from this line too.", list)
		if fr := src.frame(*d.Subject); fr != "" && strings.HasSuffix(d.Detail, "\n"+fr) {
			d.Detail = strings.TrimSuffix(d.Detail, "\n"+fr) + same + "\n" + fr
		} else {
			d.Detail += same
		}
	}
	return out
}

// mistakeKey is what two diagnostics of the same mistake at the same
// place share.
type mistakeKey struct {
	severity                    diag.Severity
	summary, detail, suggestion string
	file                        string
	at                          hcl.Pos
}

// mistakeOf is the mistakeKey of d, which has a subject.
func mistakeOf(d *diag.Diagnostic) mistakeKey {
	return mistakeKey{d.Severity, d.Summary, d.Detail, d.Suggestion, d.Subject.Filename, d.Subject.Start}
}

// bundleName is the bundle's name in stack traces. Source map entries are
// resolved relative to it, so it sits in the working directory.
const bundleName = "tfkit-bundle.js"

// rangeAt is a one-character range at a position.
func rangeAt(file string, line, col int) hcl.Range {
	return hcl.Range{Filename: file, Start: hcl.Pos{Line: line, Column: col}, End: hcl.Pos{Line: line, Column: col + 1}}
}

// convertSafely converts the tree, reporting a JavaScript exception thrown
// while its values are read (by a getter or a proxy trap) like any other,
// and stopping when ctx is done.
func convertSafely(ctx context.Context, timeout time.Duration, tree Value, src *sources, entry string) (cfg *config.Config, diags diag.Diagnostics, c *converter) {
	c = &converter{src: src, binding: map[int]*node{}, g: guard{ctx: ctx, timeout: timeout}, entry: entry}
	if w, ok := tree.(watcher); ok {
		defer w.watch(ctx)()
	}
	defer func() {
		if r := recover(); r != nil {
			if stop, ok := r.(convStop); ok {
				c.diags = nil
				c.stopDiag(stop.err)
				cfg, diags = nil, c.diags
				return
			}
			if err := ctx.Err(); err != nil {
				if se, ok := interruptError(r, err, timeout, tree); ok {
					if len(se.Stack) == 0 {
						c.diags = nil
						c.stopDiag(err)
						cfg, diags = nil, c.diags
						return
					}
					cfg, diags = nil, diag.Diagnostics{c.readingDiag(scriptDiag(se, src))}
					return
				}
			}
			se, ok := recoverScriptError(r, tree)
			if !ok {
				panic(r)
			}
			cfg, diags = nil, diag.Diagnostics{c.readingDiag(scriptDiag(se, src))}
		}
	}()
	cfg, diags = convert(c, tree)
	return cfg, diags, c
}

// IsEntry reports whether a project's "app" setting names a TSX entry file
// (main.tsx, src/app.ts) rather than a command to run: one path, without
// spaces, ending in .tsx or .ts.
func IsEntry(app string) bool {
	if app == "" || strings.ContainsAny(app, " \t\n") {
		return false
	}
	ext := strings.ToLower(filepath.Ext(app))
	return ext == ".tsx" || ext == ".ts"
}

// EnvMap turns an environment list (os.Environ()) into the map
// Options.Env takes. Later entries win, as in the environment itself.
func EnvMap(environ []string) map[string]string {
	env := make(map[string]string, len(environ))
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
			env[k] = v
		}
	}
	return env
}
