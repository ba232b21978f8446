package docstore_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/tfkit/tfkit/examples/provider-docstore/docstore"
	"github.com/tfkit/tfkit/provider/providertest"
)

func TestDocumentLifecycle(t *testing.T) {
	root := t.TempDir()
	cfg := func(content, name string) string {
		return `
provider "docstore" {
  root = "` + filepath.ToSlash(root) + `"
}

resource "docstore_document" "doc" {
  name    = "` + name + `"
  content = ` + content + `
  tags    = { env = "test" }
}

data "docstore_document" "read" {
  name = docstore_document.doc.name
}

output "canonical" {
  value = provider::docstore::canonical_json("{ \"b\": 1,  \"a\": [true, null] }")
}

output "read_sha" {
  value = data.docstore_document.read.sha256
}
`
	}
	providertest.Test(t, providertest.Case{
		Provider: docstore.New(),
		Source:   docstore.Source,
		Steps: []providertest.Step{
			{
				Config:        cfg(`"{\"a\": 1, \"b\": {\"c\": [1, 2]}}"`, "settings"),
				ExpectActions: map[string]string{"docstore_document.doc": "create"},
				Check: func(t testing.TB, s *providertest.State) {
					if got := s.Attr(t, "docstore_document.doc", "revision"); got != 1.0 {
						t.Errorf("revision = %v, want 1", got)
					}
					got := s.Attr(t, "docstore_document.doc", "sha256")
					if got != sha(`{"a":1,"b":{"c":[1,2]}}`) {
						t.Errorf("sha256 = %v, want %s", got, sha(`{"a":1,"b":{"c":[1,2]}}`))
					}
					if got := s.Attr(t, "docstore_document.doc", "id"); got != "settings" {
						t.Errorf("id = %v", got)
					}
					if got := s.Outputs["canonical"]; got != `{"a":[true,null],"b":1}` {
						t.Errorf("canonical_json = %v", got)
					}
					if got := s.Outputs["read_sha"]; got != sha(`{"a":1,"b":{"c":[1,2]}}`) {
						t.Errorf("data source sha256 = %v", got)
					}
					if _, err := os.Stat(filepath.Join(root, "settings.json")); err != nil {
						t.Error(err)
					}
				},
			},
			{
				// Only whitespace and key order change: nothing to do.
				Config:          cfg("<<-EOT\n    {\n      \"b\": { \"c\": [1, 2] },\n      \"a\": 1\n    }\n  EOT", "settings"),
				PlanOnly:        true,
				ExpectNoChanges: true,
			},
			{
				Config:        cfg(`"{\"a\": 2, \"b\": {\"c\": [1, 2]}}"`, "settings"),
				ExpectActions: map[string]string{"docstore_document.doc": "update"},
				Check: func(t testing.TB, s *providertest.State) {
					if got := s.Attr(t, "docstore_document.doc", "revision"); got != 2.0 {
						t.Errorf("revision = %v, want 2", got)
					}
				},
			},
			{
				Config:        cfg(`"{\"a\": 2, \"b\": {\"c\": [1, 2]}}"`, "renamed"),
				ExpectActions: map[string]string{"docstore_document.doc": "replace"},
				Check: func(t testing.TB, s *providertest.State) {
					if got := s.Attr(t, "docstore_document.doc", "revision"); got != 1.0 {
						t.Errorf("revision after replace = %v, want 1", got)
					}
					if _, err := os.Stat(filepath.Join(root, "settings.json")); !os.IsNotExist(err) {
						t.Errorf("the old document is still there: %v", err)
					}
				},
			},
			{
				Config:         cfg(`"{not json"`, "renamed"),
				ExpectError:    regexp.MustCompile(`invalid normalized JSON`),
				ErrorAttribute: "content",
			},
		},
	})
}

func TestDocumentImport(t *testing.T) {
	root := t.TempDir()
	// A document written by someone else, pretty-printed, before each
	// engine imports it (the run with the one before destroyed it).
	existing := func(t testing.TB) {
		if err := os.WriteFile(filepath.Join(root, "existing.json"), []byte("{\n  \"content\": {\"z\": 1, \"a\": \"x\"},\n  \"revision\": 7\n}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := `
provider "docstore" {
  root = "` + filepath.ToSlash(root) + `"
}

resource "docstore_document" "doc" {
  name    = "existing"
  content = jsonencode({ a = "x", z = 1 })
}
`
	providertest.Test(t, providertest.Case{
		Provider: docstore.New(),
		Source:   docstore.Source,
		Setup:    existing,
		Steps: []providertest.Step{{
			Config:        cfg,
			ImportID:      "existing",
			ImportAddress: "docstore_document.doc",
			Check: func(t testing.TB, s *providertest.State) {
				if got := s.Attr(t, "docstore_document.doc", "revision"); got != 7.0 {
					t.Errorf("revision = %v, want 7", got)
				}
			},
		}},
	})
}
