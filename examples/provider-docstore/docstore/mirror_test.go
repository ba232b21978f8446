package docstore_test

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/examples/provider-docstore/docstore"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/schema"
)

// TestInstalledFromMirror uses the provider the way users do: built by
// scripts/install-providers.sh into the filesystem mirror, installed by
// init, run as a plugin process.
func TestInstalledFromMirror(t *testing.T) {
	if testing.Short() {
		t.Skip("engine test")
	}
	enginetest.RequireProvider(t, "tfkit/docstore", docstore.Version)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		t.Setenv(enginetest.EnvTerraform, engine)
		root := filepath.ToSlash(t.TempDir())
		w := enginetest.Workspace(t, map[string]string{"main.tf": `
terraform {
  required_providers {
    docstore = {
      source  = "tfkit/docstore"
      version = "` + docstore.Version + `"
    }
  }
}

provider "docstore" {
  root = "` + root + `"
}

resource "docstore_document" "doc" {
  name    = "settings"
  content = jsonencode({ b = [1, 2], a = "x" })
}

resource "docstore_collection" "c" {
  name = "c"
  item {
    key   = "a"
    value = "1"
  }
  item {
    key = "b"
  }
}

output "sha" {
  value = docstore_document.doc.sha256
}

output "canonical" {
  value = provider::docstore::canonical_json(docstore_document.doc.content)
}
`})
		w.Init()
		w.Validate()
		// The schema the engine reads from the plugin is the one the
		// framework exports without an engine.
		engineSchemas, err := schema.ReadProviders(strings.NewReader(w.Run("providers", "schema", "-json").Stdout))
		if err != nil {
			t.Fatal(err)
		}
		// OpenTofu names the provider after its own registry.
		source := docstore.Source
		if filepath.Base(engine) == "tofu" {
			source = strings.Replace(source, "registry.terraform.io/", "registry.opentofu.org/", 1)
		}
		exported, err := docstore.New().ExportSchema(source)
		if err != nil {
			t.Fatal(err)
		}
		if len(engineSchemas) == 1 && strings.TrimPrefix(engineSchemas[0].Source, "registry.opentofu.org/") == strings.TrimPrefix(exported.Source, "registry.terraform.io/") {
			// OpenTofu names the provider by its own registry's host.
			exported.Source = engineSchemas[0].Source
		}
		if len(engineSchemas) != 1 || !reflect.DeepEqual(engineSchemas[0], exported) {
			got, _ := json.Marshal(engineSchemas)
			want, _ := json.Marshal(exported)
			t.Errorf("the engine sees another schema than ExportSchema gives:\nengine:   %s\nexported: %s", got, want)
		}
		w.Apply()
		if got, want := w.OutputString("canonical"), `{"a":"x","b":[1,2]}`; got != want {
			t.Errorf("canonical = %s, want %s", got, want)
		}
		if got, want := w.OutputString("sha"), sha(`{"a":"x","b":[1,2]}`); got != want {
			t.Errorf("sha256 = %s, want %s", got, want)
		}
		if p := w.Plan(); p.Changes {
			t.Errorf("plan after apply has changes:\n%s", p.Output)
		}
		w.Destroy()
	})
}
