package localmod

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// Files the stack reads.
//
// A root module reads files by paths relative to its own directory
// (templatefile("${path.module}/user_data.sh", {...})) or to the directory
// the engine runs in (file("policy.json")); in the project both are the
// project directory. The stack runs from its own directory in the synth
// output (and from a copy under .tfkit/), where such a path names nothing:
// the engine would fail with "no file exists". So the files a stack names
// this way are copied into it, at the same path, and the expressions stay
// as written. Only what the configuration names statically counts (see
// reads.go): a template that begins with path.module or path.root, the
// path argument of Terraform's file functions (file, templatefile,
// fileset, filebase64, fileexists, filemd5, ...), local values made of
// them, and the directory a path the engine completes begins in
// ("${path.module}/scripts/${each.value}" takes scripts/). Files and
// directories inside the project are copied (an archive's source_dir =
// "${path.module}/lambda" takes the directory's files, except .git,
// .terraform and .tfkit directories, state files, and a directory holding
// a synth output, which holds manifest.json beside stacks/ or its stack).
// What lies outside the project (${path.module}/../templates/x.tpl) cannot
// keep its path in the stack and is reported as a warning, with what to do
// instead (an asset). The project directory itself is never copied. The
// local modules a stack calls read files the same way; Assets copies what
// they read outside their own directories.

// Files returns the files of the project directory base that cfg names by
// a static path (see above): slash-separated paths relative to the stack's
// directory → content; and a warning for each named file outside the
// project. Paths in skip (the stack's own files: its configuration, assets
// and module copies) are not taken.
func Files(cfg *config.Config, base string, skip map[string][]byte) (map[string][]byte, diag.Diagnostics) {
	rs := reads(cfg, false)
	if len(rs) == 0 {
		return nil, nil
	}
	files := map[string][]byte{}
	var ds diag.Diagnostics
	warned := map[string]bool{}
	for _, r := range sortReads(rs) {
		// In the root module, path.module is the root's directory.
		switch take(files, base, r.rel, r.rel, r.open, skip) {
		case tookOutside:
			if warned[r.rel] {
				continue
			}
			warned[r.rel] = true
			site := r.site
			what := filepath.FromSlash(r.rel)
			if r.open {
				what = "a path in " + what
			}
			ds = append(ds, &diag.Diagnostic{Severity: diag.Warning, Summary: "File outside the project not copied",
				Detail: fmt.Sprintf("The configuration reads %s (relative to the project directory), which lies outside it; "+
					"tfkit copies the files a stack reads into its directory at the same path, which it cannot do outside the project, "+
					"so the stack cannot read this one.", what),
				Suggestion: "move the file into the project, or make it an asset and read the asset's path",
				Subject:    &site})
		}
	}
	return files, ds
}

// sortReads orders reads by path, those named first first among equals,
// so that output and warnings do not depend on the order of blocks.
func sortReads(rs []read) []read {
	rs = append([]read(nil), rs...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].rel < rs[j].rel })
	return rs
}

// took is what take did with a path.
type took int

const (
	tookNothing took = iota // copied, or nothing there
	tookOutside             // it lies outside the project: not copied
	tookProject             // it is the project directory: not copied
)

// take adds the file or directory rel (relative to the project directory
// base; for open, the directory a computed path begins in) to files at to,
// slash-separated, in the stack, unless to is in skip or taken already,
// when it lies in the project and is not the project itself. What does not
// exist is left alone: a file written at apply, or one the engine reports
// missing as it would in the project.
func take(files map[string][]byte, base, rel, to string, open bool, skip map[string][]byte) took {
	switch {
	case !exists(base, rel, open):
		return tookNothing
	case rel == ".":
		return tookProject
	case outside(rel):
		return tookOutside
	}
	copyPath(files, base, rel, to, skip)
	return tookNothing
}

// exists reports whether rel, relative to base, is a file or a directory;
// a directory only for open.
func exists(base, rel string, open bool) bool {
	st, err := os.Stat(filepath.Join(base, filepath.FromSlash(rel)))
	return err == nil && (st.IsDir() || st.Mode().IsRegular() && !open)
}

// copyPath adds the file or directory rel (relative to base) to files at
// to, unless to is in skip or taken already.
func copyPath(files map[string][]byte, base, rel, to string, skip map[string][]byte) {
	if _, ok := files[to]; ok {
		return
	}
	if _, ok := skip[to]; ok {
		return
	}
	abs := filepath.Join(base, filepath.FromSlash(rel))
	st, err := os.Stat(abs)
	switch {
	case err != nil:
	case st.IsDir():
		copyDir(files, abs, to, skip)
	case st.Mode().IsRegular() && !skipFile(path.Base(rel)):
		if data, err := os.ReadFile(abs); err == nil {
			files[to] = data
		}
	}
}

// copyDir adds the files of the directory abs to files, under rel, but
// not those at paths in skip.
func copyDir(files map[string][]byte, abs, rel string, skip map[string][]byte) {
	_ = filepath.WalkDir(abs, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // what cannot be read is not copied
		}
		if e.IsDir() {
			if p != abs && (e.Name() == ".git" || e.Name() == ".terraform" || e.Name() == ".tfkit") || synthOutput(p) {
				return filepath.SkipDir
			}
			return nil
		}
		if skipFile(e.Name()) || !e.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		r, err := filepath.Rel(abs, p)
		if err != nil {
			return nil
		}
		to := path.Join(rel, filepath.ToSlash(r))
		if _, ok := skip[to]; !ok {
			files[to] = data
		}
		return nil
	})
}

// synthOutput says whether dir holds a synth output: manifest.json beside
// the stacks directory or a stack's configuration.
func synthOutput(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		return false
	}
	for _, n := range []string{"stacks", "main.tf", "main.tf.json"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			return true
		}
	}
	return false
}
