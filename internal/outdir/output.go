package outdir

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tfkit/tfkit/manifest"
)

// PendingFile lists, while Commit moves files into an output directory,
// every file that belongs to tfkit there (the previous synthesis's and the
// new one's), so that a run that dies half-way leaves no file the next one
// does not recognise as its own.
const PendingFile = ".tfkit-pending"

// lockPoll is how often Lock tries again while another process holds the
// output directory.
const lockPoll = 100 * time.Millisecond

// Output is a synthesis output directory held locked by this process: a
// directory tfkit shares with whatever else the user keeps there, such as
// the engine's .terraform directory, its lock file and terraform.tfstate
// when the user runs terraform in it. tfkit's files are the ones the
// manifest.json found there lists, and the manifest itself; everything
// else is never touched.
type Output struct {
	dir     string
	lock    *os.File
	created bool
}

// Lock takes the output directory dst for this process, creating it when
// needed, and removes what crashed runs left: staging directories beside
// it (see Stage) and, from older versions, directories moved aside. While
// another process holds dst, Lock calls wait once and waits for it, until
// ctx is done. The lock is an advisory lock on the directory itself
// (released by Unlock or when the process ends, so a crash leaves no stale
// lock); where the platform has none, Lock does not wait.
func Lock(ctx context.Context, dst string, wait func()) (*Output, error) {
	dst = filepath.Clean(dst)
	said := false
	for {
		created := false
		if st, err := os.Stat(dst); err == nil && !st.IsDir() {
			return nil, fmt.Errorf("the output path %s exists and is not a directory", dst)
		}
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return nil, fmt.Errorf("create output directory: %w", err)
			}
			created = true
		}
		f, err := tryLock(dst)
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed by the holder's Unlock in the meantime
		}
		if err != nil {
			return nil, fmt.Errorf("lock output directory %s: %w", dst, err)
		}
		if f != nil {
			// The holder may have removed the directory (see Unlock)
			// between our open and our lock: lock the one there now.
			held, err1 := f.Stat()
			now, err2 := os.Stat(dst)
			if err1 != nil || err2 != nil || !os.SameFile(held, now) {
				f.Close()
				continue
			}
			o := &Output{dir: dst, lock: f, created: created}
			o.removeLeftovers()
			return o, nil
		}
		if !said && wait != nil {
			wait()
			said = true
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for another tfkit writing %s: %w", dst, ctx.Err())
		case <-time.After(lockPoll):
		}
	}
}

// Dir returns the output directory.
func (o *Output) Dir() string { return o.dir }

// Unlock releases the lock. An output directory Lock created that is still
// empty (the run failed before writing anything) is removed.
func (o *Output) Unlock() {
	if o.lock == nil {
		return
	}
	if o.created {
		os.Remove(o.dir) // only when empty
	}
	o.lock.Close()
	o.lock = nil
}

// stagePrefix and asidePrefix name the directories Stage and older
// versions' Replace create beside dst.
func stagePrefix(dst string) string { return "." + filepath.Base(dst) + ".new-" }
func asidePrefix(dst string) string { return "." + filepath.Base(dst) + ".old-" }

// removeLeftovers removes staging directories beside the output directory:
// with the lock held, none of them belongs to a live run.
func (o *Output) removeLeftovers() {
	parent := filepath.Dir(o.dir)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() && (strings.HasPrefix(n, stagePrefix(o.dir)) || strings.HasPrefix(n, asidePrefix(o.dir))) {
			os.RemoveAll(filepath.Join(parent, n))
		}
	}
}

// Stage creates an empty directory beside the output directory for a new
// synthesis to be written into (with the usual permissions, as its files
// are moved into the output directory).
func (o *Output) Stage() (string, error) {
	dir, err := Stage(o.dir)
	if err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// Own returns tfkit's files in the synthesis output directory dst,
// slash-separated and sorted: manifest.json and the files it lists (and
// those of a run that died while moving files in). It is empty when there
// is no manifest.
func Own(dst string) ([]string, error) {
	own, _, err := (&Output{dir: filepath.Clean(dst)}).own()
	if err != nil {
		return nil, err
	}
	list := make([]string, 0, len(own))
	for p := range own {
		list = append(list, p)
	}
	sort.Strings(list)
	return list, nil
}

// own returns tfkit's files in the output directory, each with the SHA-256
// the manifest records for it ("" when it records none).
func (o *Output) own() (map[string]string, *manifest.Manifest, error) {
	own := map[string]string{}
	m, err := manifest.Read(o.dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, nil, fmt.Errorf("%s: %w (tfkit cannot tell which files there are its own; move the directory away, or remove that manifest.json and the files it wrote)", filepath.Join(o.dir, manifest.Name), err)
	default:
		own[manifest.Name] = ""
		for _, s := range m.Stacks {
			for _, f := range s.Files {
				if localPath(f.Path) {
					own[f.Path] = f.SHA256
				}
			}
		}
	}
	if data, err := os.ReadFile(filepath.Join(o.dir, PendingFile)); err == nil {
		var pending []string
		_ = json.Unmarshal(data, &pending) // a damaged list only leaves files behind
		for _, p := range pending {
			if _, ok := own[p]; !ok && localPath(p) {
				own[p] = ""
			}
		}
	}
	return own, m, nil
}

// localPath reports whether p is a clean, slash-separated path of a file
// inside the output directory.
func localPath(p string) bool {
	return p != "" && p != "." && path.Clean(p) == p && filepath.IsLocal(filepath.FromSlash(p)) &&
		!strings.Contains(p, "\\") && p != PendingFile
}

// Result says what Commit did beyond writing the new files.
type Result struct {
	// Edited lists tfkit's files that had been changed since the previous
	// synthesis (their SHA-256 differed from the manifest's) and were
	// replaced or removed all the same, slash-separated and sorted.
	Edited []string
	// Removed lists tfkit's files of the previous synthesis that the new
	// one no longer writes, which Commit removed.
	Removed []string
}

// Commit moves the synthesis staged in staged (manifest.json and exactly
// the files it lists) into the output directory and removes the previous
// synthesis's files that the new one no longer writes; every other file
// in the output directory stays as it was. staged is removed.
//
// Everything is checked before anything changes: a staged file that the
// manifest does not list, or a new file whose path holds something that is
// not tfkit's (a directory, or a file with other content), fails Commit
// with the output directory untouched. Each file is then replaced by a
// rename, so no file is ever half-written, and manifest.json is replaced
// last.
func (o *Output) Commit(staged string) (*Result, error) {
	defer os.RemoveAll(staged)
	newM, err := manifest.Read(staged)
	if err != nil {
		return nil, fmt.Errorf("read the new %s: %w", manifest.Name, err)
	}
	want := map[string]bool{manifest.Name: true}
	for _, s := range newM.Stacks {
		for _, f := range s.Files {
			if !localPath(f.Path) {
				return nil, fmt.Errorf("%s lists %q, which is not a clean path inside the output directory", manifest.Name, f.Path)
			}
			want[f.Path] = true
		}
	}
	stagedFiles, err := listFiles(staged)
	if err != nil {
		return nil, err
	}
	for _, p := range stagedFiles {
		if !want[p] {
			return nil, fmt.Errorf("%s was written but %s does not list it", p, manifest.Name)
		}
	}
	old, _, err := o.own()
	if err != nil {
		return nil, err
	}
	res := &Result{}
	for p := range want {
		if err := o.checkTarget(p, staged, old); err != nil {
			return nil, err
		}
	}
	for p, sum := range old {
		if sum == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(o.dir, filepath.FromSlash(p)))
		if err != nil {
			continue // gone: nothing of the user's to lose
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != sum {
			res.Edited = append(res.Edited, p)
		}
	}
	sort.Strings(res.Edited)

	// Record old and new files as tfkit's while they move.
	pending := make([]string, 0, len(old)+len(want))
	for p := range old {
		pending = append(pending, p)
	}
	for p := range want {
		if _, ok := old[p]; !ok {
			pending = append(pending, p)
		}
	}
	sort.Strings(pending)
	data, _ := json.Marshal(pending)
	pendingPath := filepath.Join(o.dir, PendingFile)
	if err := os.WriteFile(pendingPath, append(data, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("write %s: %w", pendingPath, err)
	}
	moves := make([]string, 0, len(want))
	for p := range want {
		if p != manifest.Name {
			moves = append(moves, p)
		}
	}
	sort.Strings(moves)
	moves = append(moves, manifest.Name)
	for _, p := range moves {
		dst := filepath.Join(o.dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, fmt.Errorf("create directory for %s: %w", p, err)
		}
		if err := os.Rename(filepath.Join(staged, filepath.FromSlash(p)), dst); err != nil {
			return nil, fmt.Errorf("move %s into %s: %w", p, o.dir, err)
		}
	}
	var stale []string
	for p := range old {
		if !want[p] {
			stale = append(stale, p)
		}
	}
	sort.Strings(stale)
	for _, p := range stale {
		full := filepath.Join(o.dir, filepath.FromSlash(p))
		if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("remove %s: %w", full, err)
		}
		res.Removed = append(res.Removed, p)
		o.removeEmptyParents(path.Dir(p))
	}
	if err := os.Remove(pendingPath); err != nil {
		return nil, err
	}
	return res, nil
}

// checkTarget fails when writing tfkit's file p into the output directory
// would replace something that is not tfkit's: a directory, a file that
// no manifest names with content other than the new one, or a file where
// one of p's parent directories would go.
func (o *Output) checkTarget(p, staged string, old map[string]string) error {
	full := filepath.Join(o.dir, filepath.FromSlash(p))
	// Every parent must be a directory (or not exist yet).
	for dir := path.Dir(p); dir != "."; dir = path.Dir(dir) {
		st, err := os.Lstat(filepath.Join(o.dir, filepath.FromSlash(dir)))
		if err == nil && !st.IsDir() && st.Mode()&fs.ModeSymlink == 0 {
			return fmt.Errorf("cannot write %s: %s is a file that tfkit did not write; move it away", filepath.Join(o.dir, filepath.FromSlash(p)), filepath.Join(o.dir, filepath.FromSlash(dir)))
		}
	}
	st, err := os.Lstat(full)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case st.IsDir():
		return fmt.Errorf("cannot write %s: a directory of that name is in the way; move it away", full)
	}
	if _, ours := old[p]; ours {
		return nil
	}
	have, err1 := os.ReadFile(full)
	neu, err2 := os.ReadFile(filepath.Join(staged, filepath.FromSlash(p)))
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if string(have) != string(neu) {
		return fmt.Errorf("cannot write %s: a file that tfkit did not write is there; move it away or rename it", full)
	}
	return nil
}

// removeEmptyParents removes dir (slash-separated, relative to the output
// directory) and its parents while they are empty; a directory that
// holds anything else, such as a stack's terraform.tfstate, stays.
func (o *Output) removeEmptyParents(dir string) {
	for ; dir != "." && dir != "/"; dir = path.Dir(dir) {
		if os.Remove(filepath.Join(o.dir, filepath.FromSlash(dir))) != nil {
			return
		}
	}
}

// listFiles returns the slash-separated paths of the files under root,
// sorted.
func listFiles(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(out)
	return out, err
}

// Update writes a synthesis (files: manifest.json and exactly the files it
// lists) into dst: it locks dst, stages the files beside it and commits
// them (see Commit), keeping every file tfkit did not write.
func Update(dst string, files map[string][]byte) (*Result, error) {
	o, err := Lock(context.Background(), dst, nil)
	if err != nil {
		return nil, err
	}
	defer o.Unlock()
	staged, err := o.Stage()
	if err != nil {
		return nil, err
	}
	if err := WriteFiles(staged, files); err != nil {
		os.RemoveAll(staged)
		return nil, err
	}
	return o.Commit(staged)
}
