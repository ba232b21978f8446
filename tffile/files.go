package tffile

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// fileSuffixes are the names of configuration files, by syntax. OpenTofu
// adds .tofu and .tofu.json, where a .tofu file replaces the .tf file of
// the same base name: that rule belongs in Names, which sees every name
// of a directory at once.
var fileSuffixes = []struct {
	suffix string
	json   bool
}{
	{".tf.json", true},
	{".tf", false},
}

// Kind tells what a file name is to Terraform: whether it is a
// configuration file at all, in JSON syntax, and an override file
// (override.tf, *_override.tf and their JSON forms). Hidden files and
// editor backups (.name, name~) are not configuration, as in Terraform.
func Kind(name string) (config, json, override bool) {
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
		return false, false, false
	}
	for _, s := range fileSuffixes {
		if stem, ok := strings.CutSuffix(base, s.suffix); ok {
			return true, s.json, stem == "override" || strings.HasSuffix(stem, "_override")
		}
	}
	return false, false, false
}

// Names picks the configuration files among the names of a directory's
// entries (directories excluded by the caller): the primary files in name
// order, then the override files in name order, which is the order
// Terraform reads and merges them in.
func Names(names []string) (primary, overrides []string) {
	for _, n := range names {
		ok, _, over := Kind(n)
		switch {
		case !ok:
		case over:
			overrides = append(overrides, n)
		default:
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
	primary, overrides = Names(names)
	return primary, overrides, nil
}

// Source is one file to read: its name as diagnostics give it (the
// syntax and the override rule follow the name) and its text.
type Source struct {
	Name string
	Src  []byte
}

// Dir reads the configuration files of dir (not its subdirectories) into
// one module. Files are named dir/name in diagnostics. A directory without
// configuration files is an error. The module is never nil.
func Dir(dir string, opts Options) (*Module, diag.Diagnostics) {
	var ds diag.Diagnostics
	primary, overrides, err := DirNames(dir)
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
		return &Module{Config: &config.Config{}}, ds.Errorf(nil, "No .tf files in %s", dir)
	}
	m, ds2 := Read(srcs, opts)
	return m, append(ds, ds2...)
}
