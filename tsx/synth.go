package tsx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/localmod"
	"github.com/tfkit/tfkit/internal/outdir"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/render"
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
// Paths are slash-separated. A local module that is not a directory makes
// the error diag.Diagnostics located at the <Module> element.
func Files(cfg *config.Config, format, stack, dir string) (map[string][]byte, error) {
	var (
		name string
		data []byte
		err  error
	)
	if dir == "" {
		dir = "."
	}
	cfg, assets, ds := localmod.Assets(cfg, dir)
	if ds.HasErrors() {
		return nil, WithFrames(ds, dir)
	}
	switch format {
	case FormatHCL, "":
		format, name = FormatHCL, "main.tf"
		data, err = render.HCL(cfg)
	case FormatJSON:
		name = "main.tf.json"
		data, err = render.JSON(cfg)
	default:
		return nil, fmt.Errorf("unknown output format %q (want hcl or json)", format)
	}
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	// One stack whose directory is the output directory itself.
	st := manifest.Stack{
		Name:         stack,
		Directory:    ".",
		Files:        []manifest.File{{Path: name, SHA256: hex.EncodeToString(sum[:])}},
		Dependencies: []string{},
	}
	files := map[string][]byte{name: data}
	paths := make([]string, 0, len(assets))
	for p := range assets {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		files[p] = assets[p]
		sum := sha256.Sum256(assets[p])
		st.Files = append(st.Files, manifest.File{Path: p, SHA256: hex.EncodeToString(sum[:])})
	}
	m := manifest.Manifest{Version: manifest.Version, Format: format, Stacks: []manifest.Stack{st}}
	mdata, err := m.Marshal()
	if err != nil {
		return nil, err
	}
	files[ManifestName] = mdata
	return files, nil
}

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
// rules. On any error outDir is left as it was. Diagnostics (warnings, or the errors that stopped the build)
// are returned; err is a failure to write, or the diagnostics when they
// hold errors.
func Synth(ctx context.Context, entry, outDir, format string, opts Options) (diag.Diagnostics, error) {
	if format != FormatHCL && format != FormatJSON && format != "" {
		return nil, fmt.Errorf("unknown output format %q (want hcl or json)", format)
	}
	cfg, diags := BuildContext(ctx, entry, opts)
	if diags.HasErrors() {
		return diags, diags
	}
	files, err := Files(cfg, format, StackName(entry), opts.Dir)
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
	res, err := outdir.Update(outDir, files)
	if err != nil {
		return diags, err
	}
	for _, p := range res.Edited {
		diags = append(diags, &diag.Diagnostic{
			Severity: diag.Warning, Summary: "Edited output overwritten",
			Detail:     fmt.Sprintf("%s had been edited since the last synth; the edit was overwritten.", filepath.Join(outDir, filepath.FromSlash(p))),
			Suggestion: "change " + entry + " instead of its output",
		})
	}
	return diags, nil
}
