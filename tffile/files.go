package tffile

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// Engine is the engine whose reading of a directory Names follows: which
// files are configuration depends on it.
type Engine string

// The engines. The zero Engine reads as Terraform does.
const (
	Terraform Engine = "terraform"
	OpenTofu  Engine = "opentofu"
)

// EngineOf is the engine a binary's name or path stands for: tofu (or a
// path to it) and opentofu are OpenTofu, anything else Terraform.
func EngineOf(binary string) Engine {
	switch strings.TrimSuffix(filepath.Base(binary), ".exe") {
	case "tofu", "opentofu":
		return OpenTofu
	}
	return Terraform
}

// String names the engine in messages: "Terraform", "OpenTofu".
func (e Engine) String() string {
	if e == OpenTofu {
		return "OpenTofu"
	}
	return "Terraform"
}

// fileSuffixes are the names of configuration files, by syntax; the
// .tofu forms are OpenTofu's alone, which reads x.tofu instead of x.tf and
// x.tofu.json instead of x.tf.json (Names applies that rule, since it sees
// every name of a directory at once).
var fileSuffixes = []struct {
	suffix     string
	json, tofu bool
}{
	{".tf.json", true, false},
	{".tf", false, false},
	{".tofu.json", true, true},
	{".tofu", false, true},
}

// Kind tells what a file name is to Terraform: whether it is a
// configuration file at all, in JSON syntax, and an override file
// (override.tf, *_override.tf and their JSON forms). Hidden files and
// editor backups (.name, name~, #name#) are not configuration, as in
// Terraform. KindFor tells the same for another engine.
func Kind(name string) (config, json, override bool) {
	return KindFor(name, Terraform)
}

// KindFor is Kind for engine e: OpenTofu also reads .tofu and .tofu.json
// files (override.tofu and *_override.tofu are override files).
func KindFor(name string, e Engine) (config, json, override bool) {
	c, j, o, _ := kind(name, e == OpenTofu)
	return c, j, o
}

// kind is Kind for either engine, and the suffix that matched.
func kind(name string, tofu bool) (config, json, override bool, suffix string) {
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasPrefix(base, "#") && strings.HasSuffix(base, "#") {
		return false, false, false, ""
	}
	for _, s := range fileSuffixes {
		if s.tofu && !tofu {
			continue
		}
		if stem, ok := strings.CutSuffix(base, s.suffix); ok {
			return true, s.json, stem == "override" || strings.HasSuffix(stem, "_override"), s.suffix
		}
	}
	return false, false, false, ""
}

// Names picks the configuration files among the names of a directory's
// entries (directories excluded by the caller), as Terraform reads them:
// the primary files in name order, then the override files in name
// order, which is the order Terraform reads and merges them in. NamesFor
// VariablesFile reports whether Terraform reads the file name of a root
// module's directory for variable values by its name alone:
// terraform.tfvars(.json), or, when auto, *.auto.tfvars(.json).
func VariablesFile(name string) (ok, auto bool) {
	if strings.HasSuffix(name, ".auto.tfvars") || strings.HasSuffix(name, ".auto.tfvars.json") {
		return true, true
	}
	return name == "terraform.tfvars" || name == "terraform.tfvars.json", false
}

// picks them as another engine does.
func Names(names []string) (primary, overrides []string) {
	return NamesFor(names, Terraform)
}

// NamesFor is Names for engine e. OpenTofu reads .tofu and .tofu.json
// files too, and a x.tofu file hides x.tf (x.tofu.json hides x.tf.json),
// override files alike, so that one directory can hold a configuration
// for both engines.
func NamesFor(names []string, e Engine) (primary, overrides []string) {
	tofu := e == OpenTofu
	present := make(map[string]bool, len(names))
	if tofu {
		for _, n := range names {
			present[n] = true
		}
	}
	for _, n := range names {
		ok, _, over, suffix := kind(n, tofu)
		if !ok {
			continue
		}
		if tofu && (suffix == ".tf" || suffix == ".tf.json") &&
			present[strings.TrimSuffix(n, suffix)+strings.Replace(suffix, ".tf", ".tofu", 1)] {
			continue // OpenTofu reads the .tofu file instead
		}
		if over {
			overrides = append(overrides, n)
		} else {
			primary = append(primary, n)
		}
	}
	sort.Strings(primary)
	sort.Strings(overrides)
	return primary, overrides
}

// DirNames lists the configuration files of dir as Names orders them,
// without the directory.
func DirNames(dir string) (primary, overrides []string, err error) {
	return DirNamesFor(dir, Terraform)
}

// DirNamesFor lists the configuration files of dir as NamesFor orders
// them for engine e, without the directory.
func DirNamesFor(dir string, e Engine) (primary, overrides []string, err error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	primary, overrides = NamesFor(names, e)
	return primary, overrides, nil
}

// Source is one file to read: its name as diagnostics give it (the
// syntax and the override rule follow the name) and its text.
type Source struct {
	Name string
	Src  []byte
}

// Dir reads the configuration files of dir (not its subdirectories) into
// one module, those that opts.Engine reads. Files are named dir/name in
// diagnostics. A directory without configuration files is an error. The
// module is never nil.
func Dir(dir string, opts Options) (*Module, diag.Diagnostics) {
	var ds diag.Diagnostics
	primary, overrides, err := DirNamesFor(dir, opts.Engine)
	if err != nil {
		return &Module{Config: &config.Config{}}, ds.Errorf(nil, "Cannot read directory %s: %v", dir, err)
	}
	var srcs []Source
	for _, n := range append(primary, overrides...) {
		p := filepath.Join(dir, n)
		src, err := os.ReadFile(p)
		if err != nil {
			ds = ds.Errorf(nil, "Cannot read %s: %v", p, err)
			continue
		}
		srcs = append(srcs, Source{Name: p, Src: src})
	}
	if len(primary)+len(overrides) == 0 {
		what := ".tf"
		if opts.Engine == OpenTofu {
			what = ".tf or .tofu"
		}
		return &Module{Config: &config.Config{}}, ds.Errorf(nil, "No %s files in %s", what, dir)
	}
	m, ds2 := Read(srcs, opts)
	return m, append(ds, ds2...)
}
