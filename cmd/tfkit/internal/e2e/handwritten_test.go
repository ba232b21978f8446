package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// handwritten uses every provider of the default mirror and the built-in
// terraform_data, with references between them, so that one run proves the
// engine, the mirror and the CLI config work together.
const handwritten = `terraform {
  required_providers {
    null = {
      source  = "hashicorp/null"
      version = "2.1.2"
    }
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
    local = {
      source  = "hashicorp/local"
      version = "2.9.0"
    }
    time = {
      source  = "hashicorp/time"
      version = "0.14.2"
    }
  }
}

variable "greeting" {
  type    = string
  default = "hello"
}

resource "random_pet" "name" {
  length = 2
}

resource "time_static" "created" {
  triggers = {
    name = random_pet.name.id
  }
}

resource "null_resource" "marker" {
  triggers = {
    name = random_pet.name.id
  }
}

resource "local_file" "greeting" {
  filename        = "${path.module}/out/greeting.txt"
  content         = "${var.greeting}, ${random_pet.name.id}\n"
  file_permission = "0644"
}

data "local_file" "read_back" {
  filename = local_file.greeting.filename
}

resource "terraform_data" "echo" {
  input = data.local_file.read_back.content
}

output "name" {
  value = random_pet.name.id
}

output "greeting" {
  value = terraform_data.echo.output
}

output "marker_id" {
  value = null_resource.marker.id
}

output "created_year" {
  value = time_static.created.year
}
`

func TestHandwrittenConfiguration(t *testing.T) {
	w := enginetest.Workspace(t, map[string]string{"main.tf": handwritten})
	w.Init()
	w.Validate()
	if p := w.Plan(); !p.Changes {
		t.Fatalf("plan of an empty state shows no changes:\n%s", p.Output)
	}
	w.Apply()

	outs := w.Outputs()
	name := stringOutput(t, outs, "name")
	if !regexp.MustCompile(`^[a-z]+-[a-z]+$`).MatchString(name) {
		t.Errorf("output name = %q, want two words joined by a hyphen", name)
	}
	want := "hello, " + name + "\n"
	if got := stringOutput(t, outs, "greeting"); got != want {
		t.Errorf("output greeting = %q, want %q", got, want)
	}
	if stringOutput(t, outs, "marker_id") == "" {
		t.Error("output marker_id is empty")
	}
	var year int
	if err := json.Unmarshal(outs["created_year"].Value, &year); err != nil || year < 2000 {
		t.Errorf("output created_year = %s (%v), want a year", outs["created_year"].Value, err)
	}
	file := filepath.Join(w.Dir, "out", "greeting.txt")
	if data, err := os.ReadFile(file); err != nil || string(data) != want {
		t.Errorf("file written by local_file = %q (%v), want %q", data, err, want)
	}

	// Applying again changes nothing: the providers read back what they wrote.
	if p := w.Plan(); p.Changes {
		t.Errorf("plan after apply shows changes:\n%s", p.Output)
	}
	// A changed variable shows up in the plan.
	if p := w.Plan("-var", "greeting=bye"); !p.Changes {
		t.Errorf("plan with a new greeting shows no changes:\n%s", p.Output)
	}

	w.Destroy()
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("destroy left %s behind (%v)", file, err)
	}
	if outs := w.Outputs(); len(outs) != 0 {
		t.Errorf("outputs after destroy: %v", outs)
	}
}

func stringOutput(t *testing.T, outs map[string]enginetest.Output, name string) string {
	t.Helper()
	out, ok := outs[name]
	if !ok {
		t.Fatalf("no output %q among %d", name, len(outs))
	}
	var s string
	if err := json.Unmarshal(out.Value, &s); err != nil {
		t.Fatalf("output %q is %s, not a string", name, out.Value)
	}
	return s
}
