package render

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	hcljson "github.com/hashicorp/hcl/v2/json"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// FuzzRender parses arbitrary HCL into the model, renders it both ways and
// requires output that parses again: HCL that round-trips to the same
// model and that terraform fmt leaves alone, JSON that Terraform's JSON
// reader decodes into the same blocks and arguments. A model the renderers
// refuse must be refused with diagnostics, never a panic.
func FuzzRender(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "*", "main.tf"))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		src, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	f.Add("locals {\n  a = \"$${x}$\"\n  b = \"a$${\"$\"}\"\n}\n")
	f.Add("resource \"x\" \"y\" {\n  a = <<EOT\n  x\nEOT\n  b = [for k, v in c : -v if !k]\n}\n")
	f.Fuzz(func(t *testing.T, src string) {
		body, diags := config.ParseBody(src, "fuzz.tf", hcl.Pos{})
		if diags.HasErrors() {
			return
		}
		cfg := &config.Config{}
		for _, it := range body.Items {
			if b, ok := it.(*config.Block); ok {
				cfg.Add(b)
			}
		}

		hclOut, err := HCL(cfg)
		if err != nil {
			requireDiagnostics(t, err)
		} else {
			if f := hclwrite.Format(hclOut); !bytes.Equal(f, hclOut) {
				t.Fatalf("HCL output is not formatted:\n%s", rendertest.LineDiff(string(hclOut), string(f)))
			}
			rendertest.HCLRoundTrip(t, cfg, hclOut)
		}

		jsonOut, err := JSON(cfg)
		if err != nil {
			requireDiagnostics(t, err)
			return
		}
		file, jd := hcljson.Parse(jsonOut, "main.tf.json")
		if jd.HasErrors() {
			t.Fatalf("JSON output does not parse: %s\n%s", jd.Error(), jsonOut)
		}
		if !jsonComparable(cfg) {
			return
		}
		content, jd := file.Body.Content(rendertest.TopSchema)
		if jd.HasErrors() {
			t.Fatalf("JSON output does not decode: %s\n%s", jd.Error(), jsonOut)
		}
		for _, p := range rendertest.CompareBlocks(cfg.Blocks, content.Blocks) {
			t.Error(p)
		}
	})
}

func requireDiagnostics(t *testing.T, err error) {
	t.Helper()
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || !ds.HasErrors() {
		t.Fatalf("renderer failed without diagnostics: %v", err)
	}
	for _, d := range ds {
		if d.Summary == "" || d.Path == "" && d.Subject == nil {
			t.Fatalf("diagnostic without summary or location: %#v", d)
		}
	}
}

// jsonComparable reports whether a model can be compared with its JSON by
// schema: top-level blocks Terraform knows with the right number of labels,
// and no body that uses one name for an argument and a block or repeats an
// argument (JSON cannot tell those apart without a provider schema).
func jsonComparable(cfg *config.Config) bool {
	labels := map[string]int{}
	for _, b := range rendertest.TopSchema.Blocks {
		labels[b.Type] = len(b.LabelNames)
	}
	for _, b := range cfg.Blocks {
		n, ok := labels[b.Type]
		if !ok || n != len(b.Labels) || !bodyComparable(b) {
			return false
		}
		if b.Type == "locals" && len(b.Body.Attributes()) != len(b.Body.Items) {
			return false
		}
	}
	return true
}

func bodyComparable(b *config.Block) bool {
	attrs := map[string]bool{}
	blockLabels := map[string]int{}
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if attrs[it.Name] {
				return false
			}
			attrs[it.Name] = true
		case *config.Block:
			if n, ok := blockLabels[it.Type]; ok && n != len(it.Labels) {
				return false
			}
			blockLabels[it.Type] = len(it.Labels)
			if !bodyComparable(it) {
				return false
			}
		}
	}
	for name := range blockLabels {
		if attrs[name] {
			return false
		}
	}
	return true
}
