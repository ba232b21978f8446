package validate

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// Children are the child modules of a configuration's module calls, by
// the call's name, as ReadChildren reads them. A call it does not name is
// not checked.
type Children map[string]*Child

// Child is what was read of the child module of one module call.
type Child struct {
	// Outputs are the names of the outputs the module declares, sorted.
	Outputs []string
	// Diagnostics are what the engine reports when it cannot load the
	// module: its directory is not there, or its files do not parse.
	// The engine then checks nothing else of the configuration.
	Diagnostics diag.Diagnostics
}

// ReadChildren reads the child modules of cfg, the module in directory
// dir, whose module calls give a local path as source (./ or ../),
// reading their files as engine does. Other sources (a registry, a
// repository) are not read: references to their outputs are not checked.
//
// A child whose directory is not there, or whose files do not parse, is
// reported as the engine's validate reports it once init has run: a
// directory that cannot be read is "Module not installed" at the module
// block, and the files' own errors are at their places, named as the
// files of cfg are (modules/net/main.tf beside main.tf).
func ReadChildren(dir string, cfg *config.Config, engine tffile.Engine) Children {
	var out Children
	for _, b := range cfg.Blocks {
		if b.Type != config.KindModule.Type || len(b.Labels) != 1 {
			continue
		}
		src, ok := b.Body.StringAttr("source")
		if !ok || !(strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../")) {
			continue
		}
		if out == nil {
			out = Children{}
		}
		out[b.Labels[0]] = readChild(dir, b, src, engine)
	}
	return out
}

// readChild reads the child module that the module block b calls with
// the local source src.
func readChild(dir string, b *config.Block, src string, engine tffile.Engine) *Child {
	// The engine names the directory by the source from the root
	// module's directory (./modules/net/ is modules/net), and the child's
	// files below it; here they are named from where cfg's files are.
	rel := path.Clean(src)
	childDir := filepath.Join(dir, filepath.FromSlash(rel))
	shownDir := filepath.Join(filepath.Dir(b.DeclRange.Filename), filepath.FromSlash(rel))
	if b.DeclRange.Filename == "" {
		shownDir = childDir
	}
	primary, overrides, err := tffile.DirNamesFor(childDir, engine)
	if err == nil {
		var fi os.FileInfo
		if fi, err = os.Stat(childDir); err == nil && !fi.IsDir() {
			err = fmt.Errorf("%s is not a directory", childDir)
		}
	}
	if err != nil {
		return &Child{Diagnostics: notInstalled(b, rel, shownDir, src, engine)}
	}
	var srcs []tffile.Source
	for _, n := range append(primary, overrides...) {
		text, err := os.ReadFile(filepath.Join(childDir, n))
		if err != nil {
			return &Child{Diagnostics: notInstalled(b, rel, shownDir, src, engine)}
		}
		srcs = append(srcs, tffile.Source{Name: filepath.Join(shownDir, n), Src: text})
	}
	// A directory without configuration files is an empty module, as
	// for the engine: it declares no outputs.
	outputs := []string{}
	if len(srcs) == 0 {
		return &Child{Outputs: outputs}
	}
	m, ds := tffile.Read(srcs, tffile.Options{Engine: engine})
	if ds.HasErrors() {
		return &Child{Diagnostics: ds}
	}
	for _, ob := range m.Config.Blocks {
		if ob.Type == "output" && len(ob.Labels) == 1 {
			outputs = append(outputs, ob.Labels[0])
		}
	}
	slices.Sort(outputs)
	return &Child{Outputs: outputs}
}

// notInstalled is the engine's error for a module call whose local
// directory rel (shown as shownDir) cannot be read, at the call's
// declaration.
func notInstalled(b *config.Block, rel, shownDir, src string, engine tffile.Engine) diag.Diagnostics {
	command := "terraform"
	if engine == tffile.OpenTofu {
		command = "tofu"
	}
	d := &diag.Diagnostic{
		Severity: diag.Error,
		Summary:  "Module not installed",
		Detail: fmt.Sprintf("This module's local cache directory %s could not be read. Run %q to install all modules required by this configuration.",
			rel, command+" init"),
		Path:       b.Address(),
		Suggestion: fmt.Sprintf("there is no module directory %s (source = %q): create it, or correct the source", shownDir, src),
	}
	if r := b.DeclRange; r.Filename != "" || r.Start.Line != 0 {
		d.Subject = &r
	}
	return diag.Diagnostics{d}
}

// loadErrors are the diagnostics of the child modules that cannot be
// loaded, in the order of the calls' names, as the engine reports them.
func (cs Children) loadErrors() diag.Diagnostics {
	names := make([]string, 0, len(cs))
	for name, c := range cs {
		if c != nil && c.Diagnostics.HasErrors() {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var out diag.Diagnostics
	for _, name := range names {
		out = append(out, cs[name].Diagnostics...)
	}
	return out
}
