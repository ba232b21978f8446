package tsx

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/synth"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/schema"
)

// Output formats of Synth and Files.
const (
	FormatHCL  = "hcl"  // main.tf
	FormatJSON = "json" // main.tf.json
)

// ManifestName is the name of the manifest Synth writes beside main.tf.
const ManifestName = manifest.Name

// Files renders cfg as the files of an output directory: main.tf (or
// main.tf.json), the copies of local modules (a module source such as
// "./modules/greet" names a directory relative to dir, the project
// directory; it is copied to modules/greet/ and the source rewritten to
// it), and manifest.json naming them as the one stack, called stack.
// Paths are slash-separated. The files of assets (from BuildWithAssets)
// are written with them. Mistakes, such as a local module that is not a
// directory (located at the <Module> element) or an unknown format, make
// the error diag.Diagnostics.
func Files(cfg *config.Config, format, stack, dir string, assets ...Asset) (map[string][]byte, error) {
	return files(cfg, format, stack, dir, Options{}, nil, assets)
}

// files is the one synthesis path (package internal/synth) for a
// configuration Build returned: the schema check when opts has schemas,
// rendering, local modules and the manifest. warn receives the warnings
// of the schema check.
func files(cfg *config.Config, format, stack, dir string, opts Options, warn func(diag.Diagnostics), assets []Asset) (map[string][]byte, error) {
	if dir == "" {
		dir = "."
	}
	if format == "" {
		format = FormatHCL
	}
	o := synth.Options{
		Format:           synth.Format(format),
		FormatSuggestion: formatSuggestion,
		ProjectDir:       dir,
		SchemaWarnings:   opts.SchemaWarnings,
		Locate:           func(ds diag.Diagnostics) diag.Diagnostics { return WithFrames(ds, dir) },
		Warn:             warn,
		Engine:           opts.Target,
	}
	if opts.Schemas != nil {
		o.Schemas = func() ([]*schema.Provider, diag.Diagnostics) { return opts.Schemas, nil }
	}
	app := synth.OneStack(stack, cfg)
	app.Stacks[0].Files = assetFiles(assets)
	return synth.Files(app, o)
}

const formatSuggestion = `give "hcl" or "json"`

// StackName is the stack name Synth gives an entry: its file name without
// the extension (main for main.tsx).
func StackName(entry string) string {
	base := filepath.Base(entry)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// Synth builds entry and writes its main.tf (or main.tf.json) and
// manifest.json into outDir, keeping every file there that tfkit did not
// write (the engine's .terraform directory, lock file and state when
// terraform runs in outDir); see App.Synth of package tfkit for the
// rules. When opts has provider schemas, every resource, data source and
// provider body is checked against them first, as App.Synth does. On any
// error outDir is left as it was. Diagnostics (warnings, or the errors
// that stopped the build) are returned; err is a failure to write, or the
// diagnostics when they hold errors.
func Synth(ctx context.Context, entry, outDir, format string, opts Options) (diag.Diagnostics, error) {
	if format != "" {
		if ds := synth.CheckFormat(synth.Format(format), formatSuggestion); ds != nil {
			return ds, ds
		}
	}
	cfg, assets, diags := BuildWithAssets(ctx, entry, opts)
	if diags.HasErrors() {
		return diags, diags
	}
	files, err := files(cfg, format, StackName(entry), opts.Dir, opts, func(ds diag.Diagnostics) { diags = append(diags, ds...) }, assets)
	if err != nil {
		if ds, ok := err.(diag.Diagnostics); ok {
			diags = append(diags, ds...)
			return diags, diags
		}
		return diags, err
	}
	if !filepath.IsAbs(outDir) && opts.Dir != "" {
		outDir = filepath.Join(opts.Dir, outDir)
	}
	edited, err := synth.Write(outDir, files, false)
	if err != nil {
		return diags, err
	}
	for _, p := range edited {
		diags = append(diags, &diag.Diagnostic{
			Severity: diag.Warning, Summary: "Edited output overwritten",
			Detail:     fmt.Sprintf("%s had been edited since the last synth; the edit was overwritten.", filepath.Join(outDir, filepath.FromSlash(p))),
			Suggestion: "change " + entry + " instead of its output",
		})
	}
	return diags, nil
}
