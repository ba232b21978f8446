package validate

import (
	"fmt"
	"maps"
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
	// Diagnostics are what reading the module gave: when it cannot be
	// loaded (its directory is not there, its files do not parse, it
	// calls itself) the errors the engine reports, after which it checks
	// nothing else of the configuration; else the warnings of its files.
	Diagnostics diag.Diagnostics
	// Config is the module's configuration, checked with the root
	// module's by AsEngine; nil when it was not loaded (or not given).
	Config *config.Config
	// Files are the module's files as read (tffile.Module.Files), each
	// as written, before override files are merged: what the static
	// checks of a module's files read; nil when it was not loaded.
	Files []*tffile.File
	// Module is the module's address, as the engine names it in its
	// words and paths: module.net, module.net.module.subnets.
	Module string
	// Variables are the names of the module's input variables, each true
	// when it is required (declared without a default).
	Variables map[string]bool
	// Children are the module's own local child modules, read the same
	// way.
	Children Children
}

// ReadChildren reads the child modules of cfg, the module in directory
// dir, whose module calls give a local path as source (./ or ../),
// reading their files as engine does, and so on down: the local child
// modules of a child are read too. Other sources (a registry, a
// repository) are not read: references to their outputs are not checked.
//
// A child whose directory is not there, or whose files do not parse, is
// reported as the engine's validate reports it once init has run: a
// directory that cannot be read is "Module not installed" at the module
// block, and the files' own errors are at their places, named as the
// files of cfg are (modules/net/main.tf beside main.tf). A module that
// calls itself, through any number of local calls, is an error at the
// call that closes the circle; the engine would install it without end.
func ReadChildren(dir string, cfg *config.Config, engine tffile.Engine) Children {
	return readChildren(dir, "", "", cfg, engine, []string{realDir(dir)})
}

// readChildren reads the local child modules of cfg, the module of the
// call module (module.net; "" for the root module) in directory dir,
// which the engine names rel from the root module's directory ("" for the
// root module). open are the directories of the modules being read, the
// root module's first, to find a module that calls itself.
func readChildren(dir, rel, module string, cfg *config.Config, engine tffile.Engine, open []string) Children {
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
		addr := "module." + b.Labels[0]
		if module != "" {
			addr = module + "." + addr
		}
		out[b.Labels[0]] = readChild(dir, rel, addr, b, src, engine, open)
	}
	return out
}

// readChild reads the child module, of address addr, that the module
// block b of the module in directory dir (rel from the root module's)
// calls with the local source src.
func readChild(dir, rel, addr string, b *config.Block, src string, engine tffile.Engine, open []string) *Child {
	// The engine names the directory by the source from the root
	// module's directory (./modules/net/ is modules/net, its ./subnets
	// modules/net/subnets), and the child's files below it; here they
	// are named from where the calling module's files are.
	rel = path.Join(rel, src)
	childDir := filepath.Join(dir, filepath.FromSlash(src))
	shownDir := filepath.Join(filepath.Dir(b.DeclRange.Filename), filepath.FromSlash(src))
	if b.DeclRange.Filename == "" {
		shownDir = childDir
	}
	child := &Child{Module: addr}
	primary, overrides, err := tffile.DirNamesFor(childDir, engine)
	if err == nil {
		var fi os.FileInfo
		if fi, err = os.Stat(childDir); err == nil && !fi.IsDir() {
			err = fmt.Errorf("%s is not a directory", childDir)
		}
	}
	if err != nil {
		child.Diagnostics = notInstalled(b, addr, rel, shownDir, src, engine)
		return child
	}
	real := realDir(childDir)
	if i := slices.Index(open, real); i >= 0 {
		child.Diagnostics = callsItself(b, addr, src, i)
		return child
	}
	var srcs []tffile.Source
	for _, n := range append(primary, overrides...) {
		text, err := os.ReadFile(filepath.Join(childDir, n))
		if err != nil {
			child.Diagnostics = notInstalled(b, addr, rel, shownDir, src, engine)
			return child
		}
		srcs = append(srcs, tffile.Source{Name: filepath.Join(shownDir, n), Src: text})
	}
	// A directory without configuration files is an empty module, as
	// for the engine: it declares no outputs.
	child.Outputs = []string{}
	child.Variables = map[string]bool{}
	if len(srcs) == 0 {
		child.Config = &config.Config{}
		return child
	}
	m, ds := tffile.Read(srcs, tffile.Options{Engine: engine})
	child.Diagnostics = ds
	if ds.HasErrors() {
		child.Outputs, child.Variables = nil, nil
		return child
	}
	child.Config = m.Config
	child.Files = m.Files
	for _, ob := range m.Config.Blocks {
		switch {
		case ob.Type == "output" && len(ob.Labels) == 1:
			child.Outputs = append(child.Outputs, ob.Labels[0])
		case ob.Type == "variable" && len(ob.Labels) == 1:
			child.Variables[ob.Labels[0]] = ob.Body.Attribute("default") == nil
		}
	}
	slices.Sort(child.Outputs)
	child.Children = readChildren(childDir, rel, addr, m.Config, engine, append(slices.Clip(open), real))
	return child
}

// realDir is dir as an absolute path with its symbolic links resolved,
// to tell whether two module calls name one directory; dir itself when
// it cannot be resolved.
func realDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// callsItself is the error for the module call b, of address addr, whose
// local source src is the directory of a module it is in: the root module
// (depth 0), or the depth-th module down the calls to it.
func callsItself(b *config.Block, addr, src string, depth int) diag.Diagnostics {
	outer := "the root module"
	if depth > 0 {
		outer = strings.Join(strings.Split(addr, ".")[:2*depth], ".")
	}
	d := tffile.ModuleCallsItself(b.Labels[0], src, outer)
	d.Path = addr
	if r := b.DeclRange; r.Filename != "" || r.Start.Line != 0 {
		d.Subject = &r
	}
	return diag.Diagnostics{d}
}

// notInstalled is the engine's error for the module call b, of address
// addr, whose local directory rel (shown as shownDir) cannot be read, at
// the call's declaration.
func notInstalled(b *config.Block, addr, rel, shownDir, src string, engine tffile.Engine) diag.Diagnostics {
	command := "terraform"
	if engine == tffile.OpenTofu {
		command = "tofu"
	}
	d := &diag.Diagnostic{
		Severity: diag.Error,
		Summary:  "Module not installed",
		Detail: fmt.Sprintf("This module's local cache directory %s could not be read. Run %q to install all modules required by this configuration.",
			rel, command+" init"),
		Path:       addr,
		Suggestion: fmt.Sprintf("there is no module directory %s (source = %q): create it, or correct the source", shownDir, src),
	}
	if r := b.DeclRange; r.Filename != "" || r.Start.Line != 0 {
		d.Subject = &r
	}
	return diag.Diagnostics{d}
}

// names are the names of the calls in cs, sorted: the order in which
// the engine reads the child modules.
func (cs Children) names() []string {
	names := make([]string, 0, len(cs))
	for name, c := range cs {
		if c != nil {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// loadDiagnostics are the diagnostics of reading the child modules of cs
// and their own, depth first in the order of the calls' names, as the
// engine reports them: when one is an error, none of the modules loads,
// and the engine checks nothing more.
func (cs Children) loadDiagnostics() diag.Diagnostics {
	var out diag.Diagnostics
	for _, name := range cs.names() {
		out = append(out, cs[name].Diagnostics...)
		out = append(out, cs[name].Children.loadDiagnostics()...)
	}
	return out
}

// callArguments checks the arguments of the module calls of cfg against
// the input variables of the child modules in cs, and so on down: a
// required variable not given is "Missing required argument" at the
// call's opening brace, an argument the child has no variable for
// "Unsupported argument" at its name, in the engine's words (its
// did-you-mean is the hint). The engine checks them before anything else
// and stops there, reporting those of one call (which one varies from run
// to run); here every call's are reported, depth first in the order of
// the calls' names.
func (cs Children) callArguments(cfg *config.Config) diag.Diagnostics {
	if len(cs) == 0 || cfg == nil {
		return nil
	}
	calls := map[string]*config.Block{}
	for _, b := range cfg.Blocks {
		if b.Type == config.KindModule.Type && len(b.Labels) == 1 {
			calls[b.Labels[0]] = b
		}
	}
	var out diag.Diagnostics
	for _, name := range cs.names() {
		child, b := cs[name], calls[name]
		if child.Config == nil || child.Variables == nil || b == nil {
			continue
		}
		addr := child.Module
		if addr == "" {
			addr = b.Address()
		}
		given := map[string]bool{}
		var unsupported diag.Diagnostics
		variables := slices.Sorted(maps.Keys(child.Variables))
		for _, a := range b.Body.Attributes() {
			if config.KindModule.Owns(a.Name) {
				continue
			}
			given[a.Name] = true
			if _, ok := child.Variables[a.Name]; ok {
				continue
			}
			r := where(a.Range, b.DeclRange)
			unsupported = append(unsupported, &diag.Diagnostic{Severity: diag.Error, Summary: unsupportedArgument,
				Detail:  fmt.Sprintf("An argument named %q is not expected here.", a.Name),
				Subject: &r, Path: addr + "." + a.Name,
				Suggestion: diag.DidYouMean(a.Name, variables)})
		}
		for _, v := range variables {
			if !child.Variables[v] || given[v] {
				continue
			}
			r := missingRange(b, b.DeclRange)
			out = append(out, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument",
				Detail:  fmt.Sprintf("The argument %q is required, but no definition was found.", v),
				Subject: &r, Path: addr + "." + v,
				Suggestion: fmt.Sprintf("set %s = ... in the module block: the module's variable %q has no default", v, v)})
		}
		out = append(out, unsupported...)
		out = append(out, child.Children.callArguments(child.Config)...)
	}
	return out
}
