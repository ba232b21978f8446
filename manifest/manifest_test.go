package manifest

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	m := &Manifest{Version: Version, Format: "json", Stacks: []Stack{{
		Name: "web", Directory: "stacks/web",
		Files:        []File{{Path: "stacks/web/main.tf.json", SHA256: strings.Repeat("a", 64)}},
		Dependencies: []string{"network"},
	}}}
	data, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(data), "}\n") || !strings.Contains(string(data), "\n  \"stacks\": [") {
		t.Fatalf("not indented JSON with a final newline:\n%s", data)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, Name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Fatalf("read %+v, wrote %+v", got, m)
	}
}

func TestParseIsStrict(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"version": 2, "format": "hcl", "stacks": []}`, "manifest version 2 is not supported"},
		{`{"version": 1, "format": "hcl", "stacks": [], "extra": 1}`, `unknown field "extra"`},
		{`{"version": 1, "format": "hcl", "stacks": []} {}`, "decode manifest"},
		{`{"version": `, "decode manifest"},
	} {
		if _, err := Parse([]byte(tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%s) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
	if _, err := Read(t.TempDir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Read of an empty directory: %v", err)
	}
}
