package schemacache

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tfkit/tfkit/schema"
)

// documents are the schema documents of schema's tests, and the aws one of
// ../shared when it is there.
func documents(t testing.TB) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "..", "schema", "testdata", "providers", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no schema documents: %v", err)
	}
	if aws := filepath.Join("..", "..", "..", "shared", "schemas", "aws-3.3.0.json"); fileExists(aws) {
		names = append(names, aws)
	}
	out := map[string][]byte{}
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = src
	}
	return out
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func cached(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestReadIsReadProviders: the first read (which writes the copy) and the
// second (which reads it) give the model schema.ReadProviders gives,
// nil slices and all.
func TestReadIsReadProviders(t *testing.T) {
	for name, src := range documents(t) {
		t.Run(name, func(t *testing.T) {
			want, err := schema.ReadProviders(bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for i, what := range []string{"first read", "from the cache"} {
				got, err := Read(src, dir)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: the model differs from schema.ReadProviders'", what)
				}
				if files := cached(t, dir); len(files) != 1 || filepath.Ext(files[0]) != ".bin" {
					t.Fatalf("after read %d: cache holds %v, want one .bin file", i+1, files)
				}
			}
			// The copy is what the second read decoded.
			files := cached(t, dir)
			data, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			got, err := decode(data, writer())
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("decode of the copy: %v, equal %v", err, reflect.DeepEqual(got, want))
			}
		})
	}
}

// TestBrokenCopiesAreRebuilt: a truncated, altered, foreign or stale copy
// is not used; the read gives the right model and writes a good copy.
func TestBrokenCopiesAreRebuilt(t *testing.T) {
	src := documents(t)["random-3.9.0.json"]
	want, err := schema.ReadProviders(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := Read(src, dir); err != nil {
		t.Fatal(err)
	}
	path := cached(t, dir)[0]
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)-10] ^= 0x20
	stale := encode(want, "another build")
	for name, data := range map[string][]byte{
		"empty":                    {},
		"truncated":                good[:len(good)/2],
		"one bit changed":          flipped,
		"written by another tfkit": stale,
		"not a copy":               []byte("{}"),
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := decode(data, writer()); err == nil {
				t.Fatal("decode accepted the broken copy")
			}
			got, err := Read(src, dir)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("Read: %v, equal %v", err, reflect.DeepEqual(got, want))
			}
			again, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(again, good) {
				t.Fatalf("the copy was not rewritten: %v", err)
			}
		})
	}
}

// TestErrorsAreReadProviders: a document that does not read gives
// schema.ReadProviders' error, and nothing is cached.
func TestErrorsAreReadProviders(t *testing.T) {
	for name, src := range map[string]string{
		"syntax":         `{"format_version": "1.0", "provider_schemas": {`,
		"wrong type":     `{"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"r": {"block": {"attributes": {"a": {"type": "string", "required": "yes"}}}}}}}}`,
		"empty name":     `{"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"": {"block": {}}}}}}`,
		"bad version":    `{"format_version": "9.0", "provider_schemas": {}}`,
		"nesting mode":   `{"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"r": {"block": {"block_types": {"b": {"nesting_mode": "tree", "block": {}}}}}}}}}`,
		"no type at all": `{"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"r": {"block": {"attributes": {"a": {"required": true}}}}}}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, want := schema.ReadProviders(bytes.NewReader([]byte(src)))
			if want == nil {
				t.Fatal("schema.ReadProviders accepted the document")
			}
			dir := t.TempDir()
			for range 2 {
				_, err := Read([]byte(src), dir)
				if err == nil || err.Error() != want.Error() {
					t.Fatalf("Read: %v\nwant: %v", err, want)
				}
			}
			if files := cached(t, dir); len(files) != 0 {
				t.Fatalf("cached after an error: %v", files)
			}
		})
	}
}

func TestDir(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	base, err := os.UserCacheDir()
	if err == nil {
		if got, want := Dir(getenv), filepath.Join(base, "tfkit", "schemas"); got != want {
			t.Errorf("Dir() = %q, want %q", got, want)
		}
	}
	env[EnvDir] = "/some/where"
	if got := Dir(getenv); got != "/some/where" {
		t.Errorf("Dir() with %s set = %q", EnvDir, got)
	}
	env[EnvDir] = "off"
	if got := Dir(getenv); got != "" {
		t.Errorf("Dir() with %s=off = %q, want none", EnvDir, got)
	}
}

// FuzzDecode: whatever the bytes of a cached copy, decoding returns a
// model or an error, never a panic; a copy that decodes encodes back to
// the same bytes.
func FuzzDecode(f *testing.F) {
	docs := documents(f)
	for _, name := range []string{"null-2.1.2.json", "features.json", "time-0.14.2.json"} {
		ps, err := schema.ReadProviders(bytes.NewReader(docs[name]))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(encode(ps, "s"))
	}
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := decode(data, "s")
		if err != nil {
			return
		}
		if again := encode(ps, "s"); again != nil && !bytes.Equal(again, data) {
			// Types may be spelled differently and still be equal; the
			// model read back from the new form must then be the same.
			back, err := decode(again, "s")
			if err != nil || !reflect.DeepEqual(back, ps) {
				t.Fatalf("the model of a decoded copy does not survive encoding: %v", err)
			}
		}
	})
}

func BenchmarkReadAWS(b *testing.B) {
	src, ok := documents(b)["aws-3.3.0.json"]
	if !ok {
		b.Skip("no aws schema in ../shared/schemas")
	}
	for _, c := range []struct {
		name string
		dir  string
	}{{"json", ""}, {"cached", b.TempDir()}} {
		b.Run(c.name, func(b *testing.B) {
			if _, err := Read(src, c.dir); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Read(src, c.dir); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
