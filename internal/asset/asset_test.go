package asset

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func write(t *testing.T, dir string, files map[string]string, mode os.FileMode, mtime time.Time) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
}

var tree = map[string]string{
	"index.js":       "exports.handler = async () => 'hi';\n",
	"lib/util.js":    "module.exports = 1;\n",
	"lib/z/deep.txt": "deep\n",
	".git/HEAD":      "ref: refs/heads/main\n",
}

// Identical content gives identical hashes, paths and bytes, whatever the
// files' times, modes and where the directory is.
func TestDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	write(t, a, tree, 0o644, time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC))
	write(t, b, tree, 0o755, time.Now())
	for _, k := range []Kind{Directory, Archive} {
		x, err := Build("fn", a, "", k)
		if err != nil {
			t.Fatal(err)
		}
		y, err := Build("fn", filepath.Base(b), filepath.Dir(b), k)
		if err != nil {
			t.Fatal(err)
		}
		if x.Hash != y.Hash || x.Path != y.Path || len(x.Files) != len(y.Files) {
			t.Fatalf("%v: %s %s differ from %s %s", k, x.Hash, x.Path, y.Hash, y.Path)
		}
		for p, data := range x.Files {
			if !bytes.Equal(data, y.Files[p]) {
				t.Errorf("%v: %s differs", k, p)
			}
		}
	}
}

func TestDirectory(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, tree, 0o644, time.Now())
	a, err := Build("site", dir, "", Directory)
	if err != nil {
		t.Fatal(err)
	}
	want := "assets/site/" + a.Hash
	if a.Path != want || len(a.Hash) != 64 {
		t.Fatalf("path %s, want %s", a.Path, want)
	}
	var names []string
	for p := range a.Files {
		names = append(names, strings.TrimPrefix(p, want+"/"))
	}
	if len(names) != 3 || string(a.Files[want+"/lib/z/deep.txt"]) != "deep\n" {
		t.Fatalf("files %v", names)
	}
	// A renamed file changes the hash even with the same contents.
	if err := os.Rename(filepath.Join(dir, "index.js"), filepath.Join(dir, "main.js")); err != nil {
		t.Fatal(err)
	}
	b, err := Build("site", dir, "", Directory)
	if err != nil {
		t.Fatal(err)
	}
	if b.Hash == a.Hash {
		t.Fatal("renaming a file kept the hash")
	}
}

func TestArchive(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, tree, 0o755, time.Now())
	a, err := Build("lambda", dir, "", Archive)
	if err != nil {
		t.Fatal(err)
	}
	data := a.Files[a.Path]
	sum := sha256.Sum256(data)
	if a.Path != "assets/lambda/"+a.Hash+"/archive.zip" || hex.EncodeToString(sum[:]) != a.Hash {
		t.Fatalf("path %s hash %s, sum %x", a.Path, a.Hash, sum)
	}
	r, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
		if !f.Modified.Equal(Epoch) || f.Mode().Perm() != 0o644 {
			t.Errorf("%s: time %v mode %v", f.Name, f.Modified, f.Mode())
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if string(got) != tree[f.Name] {
			t.Errorf("%s: %q", f.Name, got)
		}
	}
	if strings.Join(names, ",") != "index.js,lib/util.js,lib/z/deep.txt" {
		t.Fatalf("entries %v", names)
	}
	// An archive of one file holds it under its name.
	one, err := Build("one", filepath.Join(dir, "index.js"), "", Archive)
	if err != nil {
		t.Fatal(err)
	}
	r, _ = zip.NewReader(bytes.NewReader(one.Files[one.Path]), int64(len(one.Files[one.Path])))
	if len(r.File) != 1 || r.File[0].Name != "index.js" {
		t.Fatalf("one-file archive: %v", r.File)
	}
}

func TestFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"t/user_data.sh": "#!/bin/sh\necho hi\n"}, 0o755, time.Now())
	a, err := Build("boot", "t/user_data.sh", dir, File)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("#!/bin/sh\necho hi\n"))
	if a.Hash != hex.EncodeToString(sum[:]) || a.Path != "assets/boot/"+a.Hash+"/user_data.sh" || len(a.Files) != 1 {
		t.Fatalf("%+v", a)
	}
}

func TestMistakes(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"f.txt": "x"}, 0o644, time.Now())
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, source string
		kind         Kind
		summary      string
	}{
		{"a", "missing", File, "Asset not found"},
		{"a", ".", File, "Asset is a directory"},
		{"a", "f.txt", Directory, "Asset is not a directory"},
		{"a", "empty", Directory, "Empty asset directory"},
		{"a", "empty", Archive, "Empty asset directory"},
		{"../x", "f.txt", File, "Invalid asset name"},
		{"a", "f.txt", Kind(7), "Invalid asset type"},
	} {
		_, err := Build(c.name, c.source, dir, c.kind)
		e, ok := err.(*Error)
		if !ok || e.Summary != c.summary {
			t.Errorf("%s %s %v: %v, want %s", c.name, c.source, c.kind, err, c.summary)
		}
	}
}

func TestLinkedDirectory(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"a/f.txt": "x", "b/g.txt": "y"}, 0o644, time.Now())
	if err := os.Symlink(filepath.Join(dir, "b"), filepath.Join(dir, "a", "b")); err != nil {
		t.Skip(err)
	}
	_, err := Build("a", filepath.Join(dir, "a"), "", Directory)
	if e, ok := err.(*Error); !ok || e.Summary != "Linked directory in an asset" {
		t.Fatalf("got %v", err)
	}
}

func TestKindNames(t *testing.T) {
	for _, k := range []Kind{File, Directory, Archive} {
		if got, ok := ParseKind(k.String()); !ok || got != k {
			t.Errorf("%v", k)
		}
	}
	if _, ok := ParseKind("zip"); ok {
		t.Error("zip parsed")
	}
}

// FuzzZip holds the archive writer to writing what it is given: any names
// and contents read back equal, and twice the same input gives the same
// bytes.
func FuzzZip(f *testing.F) {
	f.Add("a.txt", []byte("hello"), "b/c.bin", []byte{0, 1, 2})
	f.Add("x", []byte{}, "y", []byte("\xff\xfe"))
	f.Fuzz(func(t *testing.T, n1 string, d1 []byte, n2 string, d2 []byte) {
		if n1 == "" || n2 == "" || n1 == n2 {
			return
		}
		entries := []entry{{n1, d1}, {n2, d2}}
		z1, err := zipEntries(entries)
		if err != nil {
			return
		}
		z2, _ := zipEntries(entries)
		if !bytes.Equal(z1, z2) {
			t.Fatal("two archives of the same entries differ")
		}
		r, err := zip.NewReader(bytes.NewReader(z1), int64(len(z1)))
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range r.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(rc)
			rc.Close()
			if f.Name != entries[i].name || !bytes.Equal(got, entries[i].data) {
				t.Fatalf("entry %d: %q %q", i, f.Name, got)
			}
		}
	})
}
