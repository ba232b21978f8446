// Package asset makes files travel with a synthesized stack: a file, a
// directory, or a zip archive of either, read when the front end declares
// it and copied into the stack's output under
// assets/<name>/<content hash>/, so that a Lambda bundle, a template or a
// directory of scripts is found beside the configuration that names it,
// wherever the stack is run from.
//
// Identical content gives an identical hash, path and archive: directory
// entries are sorted, and archives hold regular files only, with a fixed
// modification time (1980-01-01 00:00:00 UTC, the zip epoch) and mode
// 0644. The hash is the SHA-256 of what is written: the file's content,
// the archive's bytes, or, for a directory, a digest of its sorted paths
// and contents.
//
// It reads the file system and never writes it: Build returns the files to
// write, which the synthesis path writes with the rest of the stack
// (through internal/outdir, all or nothing).
package asset

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"time"
)

// Kind is what an asset copies.
type Kind int

const (
	// File copies one file: Path names the copy.
	File Kind = iota
	// Directory copies a directory's files: Path names the copy of the
	// directory.
	Directory
	// Archive writes a zip archive of a file or of a directory's files:
	// Path names the archive.
	Archive
)

// String is the kind's name as users write it: file, directory, archive.
func (k Kind) String() string {
	switch k {
	case File:
		return "file"
	case Directory:
		return "directory"
	case Archive:
		return "archive"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// ParseKind reads a kind's name; ok is false for anything else.
func ParseKind(s string) (Kind, bool) {
	for _, k := range []Kind{File, Directory, Archive} {
		if k.String() == s {
			return k, true
		}
	}
	return 0, false
}

// Dir is the directory, relative to a stack's directory, that holds its
// assets.
const Dir = "assets"

// ArchiveName is the file name of an archive asset inside its directory.
const ArchiveName = "archive.zip"

// Epoch is the modification time of every entry of an archive.
var Epoch = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Asset is a built asset.
type Asset struct {
	Name string
	Kind Kind
	// Source is the file or directory read, as given.
	Source string
	// Hash is the SHA-256 of the content, 64 hex digits.
	Hash string
	// Path is where the stack finds the asset, slash-separated and
	// relative to the stack's directory:
	// assets/<name>/<hash>/<file name> for a file, assets/<name>/<hash>
	// for a directory, assets/<name>/<hash>/archive.zip for an archive.
	Path string
	// Files are the files to write, by slash-separated path relative to
	// the stack's directory.
	Files map[string][]byte
}

// validName is what an asset may be called: it becomes a directory name.
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// ValidName reports whether name can name an asset.
func ValidName(name string) bool { return validName.MatchString(name) }

// Error is a mistake in declaring an asset: Summary and Detail say what,
// Suggestion how to fix it. The front end places it at the declaring line.
type Error struct {
	Summary, Detail, Suggestion string
}

func (e *Error) Error() string { return e.Summary + ": " + e.Detail }

// skipped are directory entries never copied: version control and the
// engine's working data, which a directory may hold but which belong to no
// asset.
var skipped = map[string]bool{".git": true, ".terraform": true}

// Build reads source (relative to base unless absolute) as an asset of
// kind k named name. A missing source, a directory given as a file or a
// file given as a directory, an empty directory, a symbolic link to a
// directory inside one and an invalid name are *Error.
func Build(name, source, base string, k Kind) (*Asset, error) {
	if !ValidName(name) {
		return nil, &Error{Summary: "Invalid asset name",
			Detail:     fmt.Sprintf("%q cannot name an asset: the name becomes a directory name.", name),
			Suggestion: "use letters, digits, '-', '_' and '.', starting with a letter or digit"}
	}
	if k < File || k > Archive {
		return nil, &Error{Summary: "Invalid asset type", Detail: fmt.Sprintf("%v is not an asset type.", k),
			Suggestion: "use file, directory or archive"}
	}
	full := source
	if !filepath.IsAbs(full) {
		full = filepath.Join(base, source)
	}
	fi, err := os.Stat(full)
	if err != nil {
		return nil, &Error{Summary: "Asset not found",
			Detail:     fmt.Sprintf("The asset %q reads %s, which cannot be read: %v.", name, source, unwrap(err)),
			Suggestion: "give a path relative to the project directory"}
	}
	switch {
	case k == File && fi.IsDir():
		return nil, &Error{Summary: "Asset is a directory",
			Detail:     fmt.Sprintf("The file asset %q reads %s, which is a directory.", name, source),
			Suggestion: "declare it as a directory or an archive asset"}
	case k == Directory && !fi.IsDir():
		return nil, &Error{Summary: "Asset is not a directory",
			Detail:     fmt.Sprintf("The directory asset %q reads %s, which is a file.", name, source),
			Suggestion: "declare it as a file or an archive asset"}
	}
	var entries []entry
	if fi.IsDir() {
		if entries, err = readDir(full); err != nil {
			return nil, err
		}
		if len(entries) == 0 {
			return nil, &Error{Summary: "Empty asset directory",
				Detail:     fmt.Sprintf("The asset %q reads %s, which holds no files.", name, source),
				Suggestion: "add the files the stack needs, or remove the asset"}
		}
	} else {
		data, err := os.ReadFile(full)
		if err != nil {
			return nil, &Error{Summary: "Asset not readable", Detail: fmt.Sprintf("The asset %q reads %s: %v.", name, source, unwrap(err))}
		}
		entries = []entry{{name: filepath.Base(full), data: data}}
	}
	a := &Asset{Name: name, Kind: k, Source: source, Files: map[string][]byte{}}
	switch k {
	case File:
		sum := sha256.Sum256(entries[0].data)
		a.Hash = hex.EncodeToString(sum[:])
		a.Path = path.Join(Dir, name, a.Hash, entries[0].name)
		a.Files[a.Path] = entries[0].data
	case Directory:
		a.Hash = dirHash(entries)
		a.Path = path.Join(Dir, name, a.Hash)
		for _, e := range entries {
			a.Files[path.Join(a.Path, e.name)] = e.data
		}
	case Archive:
		zipped, err := zipEntries(entries)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(zipped)
		a.Hash = hex.EncodeToString(sum[:])
		a.Path = path.Join(Dir, name, a.Hash, ArchiveName)
		a.Files[a.Path] = zipped
	}
	return a, nil
}

// entry is one file of an asset: its slash-separated path inside the
// asset and its content.
type entry struct {
	name string
	data []byte
}

// readDir reads the regular files under dir (following links to files),
// sorted by path.
func readDir(dir string) ([]entry, error) {
	var out []entry
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && skipped[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.IsDir():
			return &Error{Summary: "Linked directory in an asset",
				Detail:     fmt.Sprintf("%s is a symbolic link to a directory, which an asset does not follow.", p),
				Suggestion: "copy the directory in, or declare it as an asset of its own"}
		case !fi.Mode().IsRegular():
			return nil // sockets, devices and pipes are no part of an asset
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, entry{name: rel, data: data})
		return nil
	})
	if err != nil {
		if _, ok := err.(*Error); ok {
			return nil, err
		}
		return nil, &Error{Summary: "Asset not readable", Detail: err.Error() + "."}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// dirHash digests sorted entries: each path and content, length-prefixed
// so that no two directories share a digest by moving bytes between
// names and contents.
func dirHash(entries []entry) string {
	h := sha256.New()
	var n [8]byte
	for _, e := range entries {
		binary.BigEndian.PutUint64(n[:], uint64(len(e.name)))
		h.Write(n[:])
		h.Write([]byte(e.name))
		binary.BigEndian.PutUint64(n[:], uint64(len(e.data)))
		h.Write(n[:])
		h.Write(e.data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// zipEntries writes entries, in their order, as a zip archive of regular files
// with the fixed time Epoch and mode 0644, deflated.
func zipEntries(entries []entry) ([]byte, error) {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: Epoch}
		h.SetMode(0o644)
		f, err := w.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := f.Write(e.data); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func unwrap(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
