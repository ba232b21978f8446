package tfkit_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// FuzzAPIModel drives the Go API from fuzz input to build a stack of every
// element kind (resources, data sources, ephemeral resources, locals,
// outputs, variables with validations, modules, providers with aliases, a
// terraform block with required_providers, backend or cloud, moved,
// import, removed and check blocks), with meta-arguments (count, for_each,
// depends_on, provider, lifecycle with conditions, provisioners, dynamic
// blocks, alone or mixed with literal blocks of their type) and values
// built by every expression helper (Cond, For, Splat, Op, Not, Neg, Index,
// Fn, Object, Raw). The input is read a byte at a time: each
// step's first byte picks what to declare, the next ones its details.
//
// Whatever the API and config.Validate accept must render to HCL and to
// JSON: HCL that parses, that terraform fmt leaves alone and that reads
// back as the same model, and JSON that parses. A model that validates but
// does not render is a failure: the mistake should have been reported.
func FuzzAPIModel(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, "web-${var.v}")
	f.Add([]byte{12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25}, "plain text")
	f.Add([]byte{2, 2, 7, 9, 3, 8, 5}, "a\"b\\c\n${")
	f.Add([]byte{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, "%{ if true }x%{ endif }")
	f.Fuzz(func(t *testing.T, ops []byte, text string) {
		if len(ops) > 96 {
			ops = ops[:96]
		}
		b := buildModel(ops, text, nil)
		if b.app.Validate() != nil {
			return // a diagnostic is a fine answer; only accepted models must render
		}
		cfg := b.st.Config()
		hclText, err := render.HCL(cfg)
		if err != nil {
			t.Fatalf("a model that validates does not render to HCL: %v", err)
		}
		if _, diags := hclsyntax.ParseConfig(hclText, "main.tf", hcl.InitialPos); diags.HasErrors() {
			t.Fatalf("rendered HCL does not parse: %s\n%s", diags, hclText)
		}
		rendertest.Formatted(t, hclText)
		rendertest.HCLRoundTrip(t, cfg, hclText)
		jsonText, err := render.JSON(cfg)
		if err != nil {
			t.Fatalf("a model that validates does not render to JSON: %v", err)
		}
		if _, diags := hcljson.Parse(jsonText, "main.tf.json"); diags.HasErrors() {
			t.Fatalf("rendered JSON does not parse: %s\n%s", diags, jsonText)
		}
	})
}

// The kinds of steps and values modelBuilder chooses from.
const (
	stepKinds  = 25
	valueKinds = 17
)

// buildModel builds a stack from fuzz input, recording what it builds in
// seen when that is not nil.
func buildModel(ops []byte, text string, seen map[string]bool) *modelBuilder {
	if len(ops) > 96 {
		ops = ops[:96]
	}
	b := &modelBuilder{ops: ops, text: text, seen: seen}
	b.app = tfkit.NewApp()
	b.st = tfkit.NewStack(b.app, "fuzz")
	tfkit.NewVariable(b.st, "v", tfkit.VariableConfig{Type: "string", Default: tfkit.Literal(text)})
	b.refs = append(b.refs, tfkit.Var("v"))
	for i := 0; b.more(); i++ {
		b.step(fmt.Sprintf("e%d", i))
	}
	return b
}

// TestAPIModelSeedsReachEveryKind keeps the committed corpus of
// FuzzAPIModel useful: among its inputs that build a model config.Validate
// accepts, so that rendering is checked, every kind of step and of value
// is built at least once.
func TestAPIModelSeedsReachEveryKind(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzAPIModel", "*"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ops, text, ok := corpusEntry(string(data))
		if !ok {
			t.Fatalf("%s is not a corpus entry of FuzzAPIModel", f)
		}
		valid := map[string]bool{}
		if b := buildModel(ops, text, valid); b.app.Validate() == nil {
			maps.Copy(seen, valid)
		}
	}
	for i := range stepKinds {
		if k := fmt.Sprintf("step %d", i); !seen[k] {
			t.Errorf("no seed that validates builds %s", k)
		}
	}
	for i := range valueKinds {
		if k := fmt.Sprintf("value %d", i); !seen[k] {
			t.Errorf("no seed that validates builds %s", k)
		}
	}
}

// corpusEntry reads a corpus file of FuzzAPIModel ([]byte, string).
func corpusEntry(data string) ([]byte, string, bool) {
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	if len(lines) != 3 || lines[0] != "go test fuzz v1" {
		return nil, "", false
	}
	ops, ok1 := strings.CutPrefix(lines[1], "[]byte(")
	text, ok2 := strings.CutPrefix(lines[2], "string(")
	if !ok1 || !ok2 {
		return nil, "", false
	}
	o, err1 := strconv.Unquote(strings.TrimSuffix(ops, ")"))
	s, err2 := strconv.Unquote(strings.TrimSuffix(text, ")"))
	return []byte(o), s, err1 == nil && err2 == nil
}

// modelBuilder builds one stack from fuzz input.
type modelBuilder struct {
	ops  []byte
	text string

	app        *tfkit.App
	st         *tfkit.Stack
	resources  []*tfkit.Resource
	data       []*tfkit.DataSource
	ephemerals []*tfkit.Ephemeral
	modules    []*tfkit.Module
	providers  []*tfkit.Provider // aliased ones
	refs       []tfkit.Expr
	// seen, when not nil, records the step and value kinds built, for
	// choosing seeds.
	seen map[string]bool
}

func (b *modelBuilder) more() bool { return len(b.ops) > 0 }

// next consumes one byte of input; 0 once it is used up.
func (b *modelBuilder) next() byte {
	if len(b.ops) == 0 {
		return 0
	}
	op := b.ops[0]
	b.ops = b.ops[1:]
	return op
}

// pick returns a number below n from the input.
func (b *modelBuilder) pick(n int) int { return int(b.next()) % n }

func (b *modelBuilder) lastResource() *tfkit.Resource {
	if len(b.resources) == 0 {
		return nil
	}
	return b.resources[len(b.resources)-1]
}

// ref returns one of the references made so far.
func (b *modelBuilder) ref() tfkit.Expr { return b.refs[b.pick(len(b.refs))] }

// value builds a value of any kind the API accepts, nesting up to depth.
func (b *modelBuilder) value(depth int) any {
	kind := b.pick(valueKinds)
	if depth > 2 && kind >= 5 {
		kind %= 5
	}
	if b.seen != nil {
		b.seen[fmt.Sprintf("value %d", kind)] = true
	}
	switch kind {
	case 0:
		return b.text // read as a template
	case 1:
		return tfkit.Literal(b.text)
	case 2:
		return b.ref()
	case 3:
		return int(b.next()) - 100
	case 4:
		return float64(b.next()) / 3
	case 5:
		return []any{b.value(depth + 1), b.value(depth + 1), b.next()%2 == 0}
	case 6:
		return map[string]any{"k": b.value(depth + 1), "text": tfkit.Literal(b.text)}
	case 7:
		return tfkit.Ordered("z", b.value(depth+1), "a", b.value(depth+1))
	case 8:
		return tfkit.Fn("join", ",", []any{tfkit.Literal(b.text), b.value(depth + 1)})
	case 9:
		return tfkit.Cond(tfkit.Op(b.ref(), "==", b.value(depth+1)), b.value(depth+1), b.value(depth+1))
	case 10:
		ops := []string{"||", "&&", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"}
		return tfkit.Op(b.value(depth+1), ops[b.pick(len(ops))], b.value(depth+1))
	case 11:
		if b.next()%2 == 0 {
			return tfkit.Not(b.value(depth + 1))
		}
		return tfkit.Neg(b.value(depth + 1))
	case 12:
		if b.next()%2 == 0 {
			fe := tfkit.For("x", []any{b.value(depth + 1), b.text})
			return fe.If(tfkit.Op(fe.Value(), "!=", "")).List(tfkit.Fn("upper", fe.Value()))
		}
		fe := tfkit.For("k, v", map[string]any{"a": b.value(depth + 1)})
		if b.next()%2 == 0 {
			return fe.MapGrouped(fe.Key(), fe.Value())
		}
		return fe.Map(tfkit.Fn("upper", fe.Key()), tfkit.Cond(true, fe.Value(), tfkit.Null))
	case 13:
		if r := b.lastResource(); r != nil && b.next()%2 == 0 {
			return tfkit.Splat(r, "id")
		}
		return tfkit.Splat(b.ref(), "")
	case 14:
		switch b.pick(3) {
		case 0:
			return tfkit.Index(b.ref(), b.value(depth+1))
		case 1:
			return b.ref().Index(int(b.next()))
		}
		return tfkit.Index([]any{b.value(depth + 1)}, 0).Attr("name")
	case 16:
		// Keys that are expressions, templates and names.
		return tfkit.Object(b.ref(), b.value(depth+1), b.text, b.value(depth+1), "name", b.value(depth+1))
	}
	return tfkit.Raw(b.text)
}

// condition builds a condition that refers to something, as the engines
// require: a comparison of terraform.workspace with a value.
func (b *modelBuilder) condition() any {
	return tfkit.Op(tfkit.Ref("terraform.workspace"), "!=", b.value(1))
}

// conditions builds 0 to 2 custom conditions.
func (b *modelBuilder) conditions() []tfkit.Condition {
	var out []tfkit.Condition
	for range b.pick(3) {
		out = append(out, tfkit.Condition{Condition: b.condition(), ErrorMessage: b.value(2)})
	}
	return out
}

// step declares one element or changes the last one.
func (b *modelBuilder) step(name string) {
	st := b.st
	kind := b.pick(stepKinds)
	if b.seen != nil {
		b.seen[fmt.Sprintf("step %d", kind)] = true
	}
	switch kind {
	case 0:
		r := tfkit.NewResource(st, "null_resource", name, tfkit.Attrs{"triggers": map[string]any{"a": b.value(0)}})
		b.resources = append(b.resources, r)
		b.refs = append(b.refs, r.Ref("id"))
	case 1:
		r := tfkit.NewResource(st, "null_resource", name, tfkit.Ordered("triggers", tfkit.Ordered("b", b.value(1), "a", b.value(1)), "name", b.value(0))).
			Append(tfkit.Attrs{"extra": b.value(0)}).
			Set("name", b.value(0))
		b.resources = append(b.resources, r)
		b.refs = append(b.refs, r.Ref("triggers"))
	case 2:
		d := tfkit.NewDataSource(st, "external", name, tfkit.Attrs{"program": []any{"echo", b.value(0)}})
		b.data = append(b.data, d)
		b.refs = append(b.refs, d.Ref("result"))
		if b.next()%2 == 0 {
			d.ForEach(map[string]any{"a": b.value(1)})
		}
	case 3:
		l := tfkit.NewLocals(st, tfkit.Attrs{name: b.value(0)})
		b.refs = append(b.refs, l.Ref(name))
	case 4:
		cfg := tfkit.OutputConfig{Value: b.value(0), Sensitive: b.next()%2 == 0, Description: b.text, Preconditions: b.conditions()}
		if r := b.lastResource(); r != nil && b.next()%2 == 0 {
			cfg.DependsOn = []tfkit.Element{r}
		}
		tfkit.NewOutput(st, name, cfg)
	case 5:
		if r := b.lastResource(); r != nil {
			if b.next()%2 == 0 {
				r.Count(int(b.next() % 3))
			} else {
				r.Count(tfkit.Fn("length", b.value(1)))
			}
		}
	case 6:
		if r := b.lastResource(); r != nil {
			switch b.pick(3) {
			case 0:
				r.ForEach(map[string]any{"a": b.value(1), b.text: 1})
			case 1:
				r.ForEach(tfkit.Fn("toset", []any{b.text, b.value(1)}))
			default:
				r.ForEach(b.ref())
			}
			r.Set("name", tfkit.EachKey)
		}
	case 7:
		if len(b.resources) > 1 {
			b.lastResource().DependsOn(b.resources[b.pick(len(b.resources))])
		}
	case 8:
		if r := b.lastResource(); r != nil {
			l := tfkit.Lifecycle{
				CreateBeforeDestroy: b.next()%2 == 0,
				PreventDestroy:      b.next()%3 == 0,
				Preconditions:       b.conditions(),
				Postconditions:      b.conditions(),
			}
			switch b.pick(3) {
			case 0:
				l.IgnoreChanges = []string{"triggers", `triggers["a"]`}
			case 1:
				l.IgnoreAllChanges = true
			}
			if len(b.resources) > 1 && b.next()%2 == 0 {
				l.ReplaceTriggeredBy = []any{b.resources[0], b.resources[0].Ref("id")}
			}
			r.Lifecycle(l)
		}
	case 9:
		if r := b.lastResource(); r != nil {
			p := tfkit.Provisioner{Type: "local-exec", Config: tfkit.Attrs{"command": b.value(0)}}
			if b.next()%2 == 0 {
				p.When, p.OnFailure = "destroy", "continue"
				p.Connection = tfkit.Attrs{"type": "ssh", "host": tfkit.Self("id")}
			}
			r.Provisioner(p)
		}
	case 10:
		dyn := tfkit.Dynamic{ForEach: []any{1, b.value(1)}, Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value")}}
		if b.next()%2 == 0 {
			dyn.Iterator = "rule"
			dyn.Content = tfkit.Attrs{"from_port": tfkit.Ref("rule.value"), "key": tfkit.Ref("rule.key")}
		}
		r := tfkit.NewResource(st, "aws_security_group", name, tfkit.Attrs{"name": b.value(0)}).Dynamic("ingress", dyn)
		b.resources = append(b.resources, r)
	case 11:
		cfg := tfkit.ModuleConfig{Source: "./m", Inputs: tfkit.Attrs{"x": b.value(0)}}
		if len(b.providers) > 0 && b.next()%2 == 0 {
			cfg.Providers = map[string]*tfkit.Provider{"aws": b.providers[b.pick(len(b.providers))]}
		}
		m := tfkit.NewModule(st, name, cfg)
		out := m.Output("out")
		if b.next()%2 == 0 {
			m.ForEach(map[string]any{"one": b.value(1)})
			out = m.Ref().Index("one").Attr("out") // an instance's output
		}
		b.modules = append(b.modules, m)
		b.refs = append(b.refs, out)
	case 12:
		tfkit.NewResource(st, "null_resource", name, tfkit.RawBody(fmt.Sprintf("triggers = { v = %q }\n", b.text)))
	case 13:
		p := tfkit.NewProvider(st, "aws", tfkit.Attrs{"region": b.value(0)}).Alias("a" + name)
		b.providers = append(b.providers, p)
	case 14:
		if r := b.lastResource(); r != nil && len(b.providers) > 0 {
			r.Provider(b.providers[b.pick(len(b.providers))])
		}
	case 15:
		cfg := tfkit.TerraformConfig{RequiredVersion: ">= 1.0"}
		if b.next()%2 == 0 {
			cfg.RequiredProviders = map[string]tfkit.ProviderRequirement{"null": {Source: "hashicorp/null", Version: b.text}}
		}
		switch b.pick(3) {
		case 0:
			cfg.Backend = tfkit.Backend("local", tfkit.Attrs{"path": b.value(2)})
		case 1:
			cfg.Cloud = tfkit.Attrs{"organization": b.value(2), "workspaces": tfkit.Block(tfkit.Attrs{"name": b.text})}
		}
		tfkit.NewTerraform(st, cfg)
	case 16:
		if r := b.lastResource(); r != nil {
			tfkit.NewMoved(st, "null_resource.old_"+name, r)
		}
	case 17:
		if r := b.lastResource(); r != nil {
			imp := tfkit.NewImport(st, r, b.value(0))
			if len(b.providers) > 0 && b.next()%2 == 0 {
				imp.Provider(b.providers[b.pick(len(b.providers))])
			}
		}
	case 18:
		tfkit.NewRemoved(st, "null_resource.gone_"+name, b.next()%2 == 0)
	case 19:
		ch := tfkit.NewCheck(st, name, tfkit.Condition{Condition: b.condition(), ErrorMessage: b.value(2)})
		if b.next()%2 == 0 {
			d := ch.Data("http", name, tfkit.Attrs{"url": b.value(1)})
			ch.Assert(tfkit.Condition{Condition: tfkit.Op(d.Ref("status_code"), "==", 200), ErrorMessage: b.text})
		}
	case 20:
		e := tfkit.NewEphemeral(st, "random_password", name, tfkit.Attrs{"length": b.value(1)})
		if b.next()%2 == 0 {
			e.Lifecycle(tfkit.Lifecycle{Postconditions: b.conditions()})
		}
		b.ephemerals = append(b.ephemerals, e)
		tfkit.NewLocals(st, tfkit.Attrs{name: e.Ref("result")})
	case 21:
		types := []any{"string", "number", "list(string)", "map(any)", "object({ a = optional(string, \"x\") })", "any"}
		v := tfkit.NewVariable(st, name, tfkit.VariableConfig{
			Type:        types[b.pick(len(types))],
			Description: b.text,
			Sensitive:   b.next()%2 == 0,
			Nullable:    tfkit.Ptr(b.next()%2 == 0),
			Validations: []tfkit.Condition{{
				Condition:    tfkit.Op(tfkit.Fn("length", tfkit.Fn("tostring", tfkit.Var(name))), ">", b.next()),
				ErrorMessage: b.text,
			}},
		})
		b.refs = append(b.refs, v.Ref())
	case 22:
		if len(b.data) > 0 {
			d := b.data[b.pick(len(b.data))]
			d.Lifecycle(tfkit.Lifecycle{Preconditions: b.conditions(), Postconditions: b.conditions()})
		}
	case 23:
		if len(b.modules) > 0 && len(b.resources) > 0 {
			b.modules[b.pick(len(b.modules))].DependsOn(b.resources[b.pick(len(b.resources))])
		}
	case 24:
		// Literal and dynamic blocks of one type, mixed in an order the
		// input picks.
		var items []tfkit.BlockItem
		for range 1 + b.pick(4) {
			if b.next()%2 == 0 {
				items = append(items, tfkit.Block(tfkit.Attrs{"from_port": b.value(1)}))
				continue
			}
			items = append(items, tfkit.Dynamic{ForEach: []any{b.value(2)}, Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value")}})
		}
		r := tfkit.NewResource(st, "aws_security_group", name, tfkit.Ordered("name", b.value(0), "ingress", items))
		b.resources = append(b.resources, r)
	}
}
