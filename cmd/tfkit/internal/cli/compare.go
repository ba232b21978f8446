package cli

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/tfkit/tfkit/internal/outdir"
)

// treeDiff is how a freshly synthesized directory differs from the current
// one, each list sorted by slash-separated relative path.
type treeDiff struct {
	changed, added, removed []string
}

func (d treeDiff) empty() bool {
	return len(d.changed) == 0 && len(d.added) == 0 && len(d.removed) == 0
}

// compareTrees compares tfkit's files in the output directory current
// (manifest.json and the files it lists; everything else there is the
// user's or the engine's) with the files under fresh; a missing current
// directory counts as empty.
func compareTrees(current, fresh string) (treeDiff, error) {
	var d treeDiff
	old, err := outdir.Own(current)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return d, err
	}
	// A file the manifest lists but that is gone counts as removed only
	// through its absence from fresh; one that is there is compared.
	present := old[:0]
	for _, p := range old {
		if _, err := os.Stat(filepath.Join(current, filepath.FromSlash(p))); err == nil {
			present = append(present, p)
		}
	}
	old = present
	neu, err := listFiles(fresh)
	if err != nil {
		return d, err
	}
	oldSet := map[string]bool{}
	for _, p := range old {
		oldSet[p] = true
	}
	for _, p := range neu {
		if !oldSet[p] {
			d.added = append(d.added, p)
			continue
		}
		delete(oldSet, p)
		a, err := os.ReadFile(filepath.Join(current, filepath.FromSlash(p)))
		if err != nil {
			return d, err
		}
		b, err := os.ReadFile(filepath.Join(fresh, filepath.FromSlash(p)))
		if err != nil {
			return d, err
		}
		if !bytes.Equal(a, b) {
			d.changed = append(d.changed, p)
		}
	}
	for _, p := range old {
		if oldSet[p] {
			d.removed = append(d.removed, p)
		}
	}
	return d, nil
}

// listFiles returns the slash-separated paths of the files under root,
// sorted. Directories count only through the files in them.
func listFiles(root string) ([]string, error) {
	if _, err := os.Stat(root); err != nil {
		return nil, err
	}
	var out []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(out)
	return out, err
}
