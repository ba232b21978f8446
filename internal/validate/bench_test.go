package validate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/schema"
)

// awsSchema is the whole aws 3.3.0 schema, kept beside the repository
// (../shared/schemas) rather than in it for its size.
var awsSchema = filepath.Join("..", "..", "..", "shared", "schemas", "aws-3.3.0.json")

// BenchmarkValidateAWS10k checks a 10,000-resource configuration against
// the aws 3.3.0 schema: every resource type in turn, each body holding its
// required arguments and blocks plus one optional argument, as literals of
// the right type, so every value is type-checked. Reading the schema is
// left out: a CLI run reads it once.
func BenchmarkValidateAWS10k(b *testing.B) {
	if _, err := os.Stat(awsSchema); err != nil {
		b.Skip("no aws schema at", awsSchema)
	}
	f, err := os.Open(awsSchema)
	if err != nil {
		b.Fatal(err)
	}
	providers, err := schema.ReadProviders(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	cfg := sampleConfig(providers[0], 10000)
	if ds := Config(cfg, providers); ds.HasErrors() {
		b.Fatalf("the sample configuration is not valid: %s", ds[:1])
	}
	b.ReportAllocs()
	for b.Loop() {
		Config(cfg, providers)
	}
}

// sampleConfig declares n resources of p's types, cycling through them.
func sampleConfig(p *schema.Provider, n int) *config.Config {
	cfg := &config.Config{}
	for i := 0; i < n; i++ {
		r := p.Resources[i%len(p.Resources)]
		b := config.NewBlock("resource", r.Type, fmt.Sprintf("r%d", i))
		sampleBody(b.Body, r.Block)
		cfg.Add(b)
	}
	return cfg
}

func sampleBody(body *config.Body, sch *schema.Block) {
	optional := false
	for _, a := range sch.Attributes {
		if a.Required || (!optional && a.Optional && !a.Deprecated) {
			optional = optional || !a.Required
			body.Set(a.Name, &config.Literal{Val: sampleValue(a.Type)})
		}
	}
	for _, nb := range sch.Blocks {
		for j := 0; j < nb.MinItems; j++ {
			child := config.NewBlock(nb.Name)
			if nb.Nesting == schema.NestingMap {
				child.Labels = []string{fmt.Sprintf("k%d", j)}
			}
			sampleBody(child.Body, nb.Block)
			body.AppendBlock(child)
		}
	}
}

// sampleValue is a value of type t.
func sampleValue(t cty.Type) cty.Value {
	switch {
	case t == cty.String:
		return cty.StringVal("x")
	case t == cty.Number:
		return cty.NumberIntVal(1)
	case t == cty.Bool:
		return cty.True
	case t.IsListType():
		return cty.ListVal([]cty.Value{sampleValue(t.ElementType())})
	case t.IsSetType():
		return cty.SetVal([]cty.Value{sampleValue(t.ElementType())})
	case t.IsMapType():
		return cty.MapVal(map[string]cty.Value{"k": sampleValue(t.ElementType())})
	case t.IsObjectType():
		attrs := map[string]cty.Value{}
		for n, at := range t.AttributeTypes() {
			attrs[n] = sampleValue(at)
		}
		return cty.ObjectVal(attrs)
	}
	return cty.StringVal("x")
}

// BenchmarkReadAWSSchema reads the aws 3.3.0 schema JSON (1.4 MB) into the
// schema model, the fixed cost of every validate run against it.
func BenchmarkReadAWSSchema(b *testing.B) {
	data, err := os.ReadFile(awsSchema)
	if err != nil {
		b.Skip("no aws schema at", awsSchema)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := schema.ReadProviders(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
