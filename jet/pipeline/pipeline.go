package pipeline

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/tfkit/tfkit/jet/config"
	jettypes "github.com/tfkit/tfkit/jet/types"
)

// File is one generated file, its path relative to the output directory
// (slash-separated).
type File struct {
	Path string
	Data []byte
}

// Generate builds the configuration and returns every generated file,
// sorted by path. Configuration mistakes come back as the diagnostics of
// config.Provider.Build (the error is a diag.Diagnostics then).
func Generate(p *config.Provider) ([]File, error) {
	rs, ds := p.Build()
	if ds.HasErrors() {
		return nil, ds.Errs()
	}
	pkgs, err := jettypes.Build(p, rs)
	if err != nil {
		return nil, err
	}
	category, _, _ := strings.Cut(p.RootGroup, ".")

	// Every job makes one file; jobs are independent, so they run on
	// every CPU and land in their own slots: the order of the output does
	// not depend on scheduling.
	type job struct {
		path string
		run  func() (string, []byte, error)
	}
	var jobs []job
	fixed := func(path string, f func() ([]byte, error)) job {
		return job{path: path, run: func() (string, []byte, error) { b, err := f(); return path, b, err }}
	}
	for _, pkg := range pkgs {
		dir := "apis/" + pkg.ShortGroup + "/" + pkg.Version + "/"
		jobs = append(jobs,
			fixed(dir+"zz_groupversion_info.go", func() ([]byte, error) { return groupVersionFile(pkg) }),
			fixed(dir+"zz_generated.deepcopy.go", func() ([]byte, error) { return deepcopyFile(pkg) }),
			fixed(dir+"zz_generated.terraformed.go", func() ([]byte, error) { return terraformedFile(pkg) }),
			fixed(dir+"zz_generated.resolvers.go", func() ([]byte, error) { return resolversFile(pkg) }),
		)
		for _, k := range pkg.Kinds {
			jobs = append(jobs,
				fixed(dir+"zz_"+strings.ToLower(k.Name)+"_types.go", func() ([]byte, error) { return typesFile(pkg, k) }),
				job{run: func() (string, []byte, error) { return crdFile(pkg, k, category) }},
			)
		}
	}
	pcFiles, pcCRD := providerConfigFiles(p.RootGroup, category)
	for path, f := range pcFiles {
		jobs = append(jobs, fixed(path, f))
	}
	pcPath := providerConfigPath(p.ModulePath)
	jobs = append(jobs,
		job{run: pcCRD},
		fixed("apis/zz_register.go", func() ([]byte, error) { return registerFile(pkgs, pcPath) }),
		fixed("controller/zz_setup.go", func() ([]byte, error) { return setupFile(pkgs, pcPath) }),
	)
	files := make([]File, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				path, data, err := jobs[i].run()
				files[i], errs[i] = File{Path: path, Data: data}, err
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	out := files[:0]
	for i, f := range files {
		if errs[i] != nil && jobs[i].path == "" {
			return nil, errs[i] // a CRD's job, whose error names it
		}
		if errs[i] != nil {
			return nil, fmt.Errorf("%s: %w", jobs[i].path, errs[i])
		}
		if f.Data != nil {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	for i := 1; i < len(out); i++ {
		if out[i].Path == out[i-1].Path {
			return nil, fmt.Errorf("pipeline: two generated files named %s", out[i].Path)
		}
	}
	return out, nil
}

// Owned reports whether a path (relative to the output directory) is one
// the pipeline writes: zz_ files under apis/ and controller/, and CRDs
// under package/crds/. Run removes owned files it did not produce this
// time; everything else in the directory is left alone.
func Owned(path string) bool {
	path = filepath.ToSlash(path)
	base := filepath.Base(path)
	switch {
	case strings.HasPrefix(path, "apis/"), strings.HasPrefix(path, "controller/"):
		return strings.HasPrefix(base, "zz_") && strings.HasSuffix(base, ".go")
	case strings.HasPrefix(path, "package/crds/"):
		return strings.HasSuffix(base, ".yaml")
	}
	return false
}

// Run generates every file and writes them under outDir, then removes the
// files of an earlier generation that are no longer produced (kinds taken
// out of the configuration). Nothing is written when generation fails;
// files whose content is unchanged are not rewritten.
//
// When outDir is inside a Go module, Provider.ModulePath must be the import
// path of outDir in that module (the module path of the nearest go.mod
// above it, joined with the directories in between); otherwise nothing is
// written and the error names both, since the generated imports would not
// resolve.
func Run(p *config.Provider, outDir string) error {
	files, err := Generate(p)
	if err != nil {
		return err
	}
	if err := checkModulePath(p.ModulePath, outDir); err != nil {
		return err
	}
	produced := map[string]bool{}
	for _, f := range files {
		produced[f.Path] = true
		dst := filepath.Join(outDir, filepath.FromSlash(f.Path))
		if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := writeAtomic(dst, f.Data); err != nil {
			return err
		}
	}
	for _, dir := range []string{"apis", "controller", "package/crds"} {
		root := filepath.Join(outDir, dir)
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) {
					return nil
				}
				return err
			}
			if d.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(outDir, path)
			rel = filepath.ToSlash(rel)
			if Owned(rel) && !produced[rel] {
				return os.Remove(path)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("remove stale generated files: %w", err)
		}
	}
	return nil
}

// checkModulePath compares modulePath with the import path outDir has in
// the Go module that holds it. A directory in no module is not checked.
func checkModulePath(modulePath, outDir string) error {
	abs, err := filepath.Abs(outDir)
	if err != nil {
		return nil
	}
	var rel []string
	for dir := abs; ; {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			mod := moduleLine(data)
			if mod == "" {
				return nil
			}
			want := strings.Join(append([]string{mod}, rel...), "/")
			if want == modulePath {
				return nil
			}
			return fmt.Errorf("pipeline: Provider.ModulePath is %q, but the output directory %s has the import path %q (module %s of %s): set ModulePath to %q, or generate into the directory of %q",
				modulePath, abs, want, mod, filepath.Join(dir, "go.mod"), want, modulePath)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		rel = append([]string{filepath.Base(dir)}, rel...)
		dir = parent
	}
}

// moduleLine returns the module path a go.mod file declares, or "".
func moduleLine(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		line = strings.TrimSpace(line)
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if rest, ok := strings.CutPrefix(line, "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`+"`")
		}
	}
	return ""
}

// writeAtomic writes a file through a temporary file and a rename, so a
// reader never sees half of it.
func writeAtomic(dst string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", dst, err)
	}
	return nil
}
