// Package outdir writes generated directories without ever leaving a
// half-written or emptied one behind: new content is staged beside the
// destination and moved in with renames.
//
// Two kinds of directories are written. Write replaces a directory that
// holds nothing but generated files (typed bindings) as a whole. A
// synthesis output (Output, Update) is shared with the user and the
// engine, which keep .terraform, lock files and state there: only the files
// its manifest.json names are tfkit's, and only those are ever replaced or
// removed. Such a directory is locked while it is written, so two runs
// never interleave.
//
// It must never decide what is written; callers pass complete file sets.
package outdir

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Stage creates an empty directory beside dst (same parent, so a rename can
// move it into place) for new content to be written into.
func Stage(dst string) (string, error) {
	parent := filepath.Dir(filepath.Clean(dst))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("create output parent: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dst)+".new-")
	if err != nil {
		return "", fmt.Errorf("create staging directory: %w", err)
	}
	return tmp, nil
}

// Replace moves the staged directory to dst. A previous dst is moved aside
// first and removed only after the new one is in place; if the swap fails the
// previous content is put back.
func Replace(dst, staged string) error {
	dst = filepath.Clean(dst)
	old := ""
	if _, err := os.Lstat(dst); err == nil {
		aside, err := os.MkdirTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".old-")
		if err != nil {
			return fmt.Errorf("prepare to replace %s: %w", dst, err)
		}
		old = filepath.Join(aside, "prev")
		if err := os.Rename(dst, old); err != nil {
			os.Remove(aside)
			return fmt.Errorf("move previous %s aside: %w", dst, err)
		}
	}
	if err := os.Rename(staged, dst); err != nil {
		if old != "" {
			_ = os.Rename(old, dst)
			os.RemoveAll(filepath.Dir(old))
		}
		return fmt.Errorf("move new output into %s: %w", dst, err)
	}
	if old != "" {
		os.RemoveAll(filepath.Dir(old))
	}
	return nil
}

// WriteFiles writes files (relative slash paths → content) into dir, which
// must exist, in a stable order.
func WriteFiles(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("create directory for %s: %w", n, err)
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return fmt.Errorf("write %s: %w", n, err)
		}
	}
	return nil
}

// Write replaces dst with exactly files, atomically.
func Write(dst string, files map[string][]byte) error {
	staged, err := Stage(dst)
	if err != nil {
		return err
	}
	if err := WriteFiles(staged, files); err != nil {
		os.RemoveAll(staged)
		return err
	}
	if err := Replace(dst, staged); err != nil {
		os.RemoveAll(staged)
		return err
	}
	return nil
}
