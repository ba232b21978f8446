package rendertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/tfrules"
)

// HCLRoundTrip parses the rendered HCL back into the model and
// requires the same configuration.
func HCLRoundTrip(t testing.TB, cfg *config.Config, out []byte) {
	t.Helper()
	back, err := ParseHCL(out)
	if err != nil {
		t.Fatalf("rendered HCL does not parse: %v\n%s", err, out)
	}
	if want, got := DumpConfig(cfg), DumpConfig(back); want != got {
		t.Errorf("HCL round trip changed the model:\n%s", LineDiff(want, got))
	}
}

// TopSchema is Terraform's top-level block structure, for decoding JSON in
// tests. Nested bodies are decoded with a schema taken from the expected
// model (a provider's schema would say the same about its blocks).
var TopSchema = config.TopSchema()

// JSONRoundTrip decodes the rendered JSON the way Terraform does and
// requires the same blocks, labels and argument names, and arguments that
// read back as the same expressions.
func JSONRoundTrip(t testing.TB, cfg *config.Config, out []byte) {
	t.Helper()
	f, diags := hcljson.Parse(out, "main.tf.json")
	if diags.HasErrors() {
		t.Fatalf("rendered JSON does not parse: %s", diags.Error())
	}
	content, diags := f.Body.Content(TopSchema)
	if diags.HasErrors() {
		t.Fatalf("rendered JSON does not decode with Terraform's top-level schema: %s", diags.Error())
	}
	for _, p := range compareBlocks(nil, cfg.Blocks, content.Blocks, "") {
		t.Error(p)
	}
}

// blockKey groups blocks whose relative order JSON keeps: the same type and
// labels, or all provisioners of a body.
func blockKey(typ string, labels []string) string {
	if typ == "provisioner" {
		return typ
	}
	return typ + " " + strings.Join(labels, " ")
}

func compareBlocks(types []string, want []*config.Block, got hcl.Blocks, where string) []string {
	var problems []string
	wantBy := map[string][]*config.Block{}
	var order []string
	for _, b := range want {
		k := blockKey(b.Type, b.Labels)
		if _, ok := wantBy[k]; !ok {
			order = append(order, k)
		}
		wantBy[k] = append(wantBy[k], b)
	}
	gotBy := map[string][]*hcl.Block{}
	for _, b := range got {
		k := blockKey(b.Type, b.Labels)
		gotBy[k] = append(gotBy[k], b)
		if _, ok := wantBy[k]; !ok {
			problems = append(problems, fmt.Sprintf("%s: unexpected block %s %q", where, b.Type, b.Labels))
		}
	}
	for _, k := range order {
		ws, gs := wantBy[k], gotBy[k]
		if len(ws) != len(gs) {
			problems = append(problems, fmt.Sprintf("%s: %d blocks %q, want %d", where, len(gs), k, len(ws)))
			continue
		}
		for i, w := range ws {
			g := gs[i]
			at := where + "/" + w.Type + fmt.Sprint(w.Labels)
			if fmt.Sprint(g.Labels) != fmt.Sprint(w.Labels) {
				problems = append(problems, fmt.Sprintf("%s: labels %q, want %q", at, g.Labels, w.Labels))
				continue
			}
			problems = append(problems, compareBody(append(types[:len(types):len(types)], w.Type), w, g.Body, at)...)
		}
	}
	return problems
}

func compareBody(types []string, want *config.Block, body hcl.Body, where string) []string {
	var problems []string
	var attrs hcl.Attributes
	var blocks hcl.Blocks
	if len(types) == 1 && want.Type == config.KindLocals.Type {
		var diags hcl.Diagnostics
		attrs, diags = body.JustAttributes()
		if diags.HasErrors() {
			return []string{where + ": " + diags.Error()}
		}
	} else {
		schema := &hcl.BodySchema{}
		seen := map[string]bool{}
		for _, it := range want.Body.Items {
			switch it := it.(type) {
			case *config.Attribute:
				schema.Attributes = append(schema.Attributes, hcl.AttributeSchema{Name: it.Name})
			case *config.Block:
				if !seen[it.Type] {
					seen[it.Type] = true
					names := make([]string, len(it.Labels))
					for i := range names {
						names[i] = fmt.Sprintf("label%d", i)
					}
					schema.Blocks = append(schema.Blocks, hcl.BlockHeaderSchema{Type: it.Type, LabelNames: names})
				}
			}
		}
		content, diags := body.Content(schema)
		if diags.HasErrors() {
			return []string{where + ": " + diags.Error()}
		}
		attrs, blocks = content.Attributes, content.Blocks
	}
	wantAttrs := want.Body.Attributes()
	if len(attrs) != len(wantAttrs) {
		problems = append(problems, fmt.Sprintf("%s: %d arguments, want %d", where, len(attrs), len(wantAttrs)))
	}
	for _, a := range wantAttrs {
		g, ok := attrs[a.Name]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: argument %s is missing", where, a.Name))
			continue
		}
		rule := tfrules.For(types, a.Name)
		lit := tfrules.LiteralValue(types, a.Name, a.Expr)
		wantExpr := tfrules.Static(rule, a.Name, a.Expr, nil)
		if lit {
			// Read literally, a constant expression is its value: the
			// JSON renderer writes that ("a${1}" as "a1").
			if v, ok := config.ConstValue(wantExpr); ok {
				wantExpr = &config.Literal{Val: v}
			}
		}
		wantDump := DumpExpr(canon(wantExpr))
		gotExpr, err := jsonArgument(g.Expr, rule, lit)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s.%s: %v", where, a.Name, err))
			continue
		}
		// As the expected side is: a string "null.west" parses as an
		// attribute of the null keyword, which the rules read as the null
		// provider's name.
		gotExpr = tfrules.Static(rule, a.Name, gotExpr, nil)
		if _, wantConst := wantExpr.(*config.Literal); lit && wantConst {
			// Compared as values, the order of an object's keys is not
			// compared: {x = 1, a = 2} is the value {a = 2, x = 1}.
			if v, ok := config.ConstValue(gotExpr); ok {
				gotExpr = &config.Literal{Val: v}
			}
		}
		if gotDump := DumpExpr(canon(gotExpr)); gotDump != wantDump {
			problems = append(problems, fmt.Sprintf("%s.%s reads back as\n    %s\nwant\n    %s", where, a.Name, gotDump, wantDump))
		}
	}
	var nested []*config.Block
	for _, it := range want.Body.Items {
		if b, ok := it.(*config.Block); ok {
			nested = append(nested, b)
		}
	}
	return append(problems, compareBlocks(types, nested, blocks, where)...)
}

// jsonArgument reads a JSON argument back into the model as Terraform
// reads it: static references from strings, literal arguments as values,
// and everything else as values whose strings are templates.
func jsonArgument(e hcl.Expression, rule tfrules.Rule, lit bool) (config.Expr, error) {
	switch rule {
	case tfrules.Ref, tfrules.Keyword, tfrules.Type:
		return jsonStatic(e)
	case tfrules.RefList:
		return jsonStaticList(e)
	case tfrules.IgnoreChanges:
		if _, err := hcl.ExprList(e); err != nil {
			return jsonStatic(e)
		}
		return jsonStaticList(e)
	case tfrules.Providers:
		pairs, diags := hcl.ExprMap(e)
		if diags.HasErrors() {
			return nil, diags
		}
		o := &config.Object{}
		for _, p := range pairs {
			// A key is a provider's local name, read as a traversal as
			// Terraform reads it: "null" is the null provider, not the
			// null keyword.
			var k config.Expr
			var err error
			if tr, d := hcl.AbsTraversalForExpr(p.Key); !d.HasErrors() {
				k = &config.Reference{Traversal: tr}
			} else if k, err = jsonStatic(p.Key); err != nil {
				return nil, err
			}
			v, err := jsonStatic(p.Value)
			if err != nil {
				return nil, err
			}
			o.Items = append(o.Items, config.ObjectItem{Key: k, Value: v})
		}
		return o, nil
	case tfrules.RequiredProvider:
		pairs, diags := hcl.ExprMap(e)
		if diags.HasErrors() {
			return jsonValue(e, true)
		}
		o := &config.Object{}
		for _, p := range pairs {
			k, err := jsonValue(p.Key, true)
			if err != nil {
				return nil, err
			}
			var v config.Expr
			if s, _ := config.LiteralString(k); s == "configuration_aliases" {
				v, err = jsonStaticList(p.Value)
			} else {
				v, err = jsonValue(p.Value, true)
			}
			if err != nil {
				return nil, err
			}
			o.Items = append(o.Items, config.ObjectItem{Key: k, Value: v})
		}
		return o, nil
	}
	return jsonValue(e, lit)
}

func jsonStatic(e hcl.Expression) (config.Expr, error) {
	v, diags := e.Value(nil)
	if diags.HasErrors() {
		return nil, diags
	}
	if v.Type() != cty.String {
		return nil, fmt.Errorf("a static reference must be a JSON string, got %s", v.Type().FriendlyName())
	}
	pe, pd := config.ParseExpression(v.AsString(), "", hcl.Pos{})
	if pd.HasErrors() {
		return nil, pd
	}
	return pe, nil
}

func jsonStaticList(e hcl.Expression) (config.Expr, error) {
	items, diags := hcl.ExprList(e)
	if diags.HasErrors() {
		return nil, diags
	}
	t := &config.Tuple{}
	for _, it := range items {
		x, err := jsonStatic(it)
		if err != nil {
			return nil, err
		}
		t.Items = append(t.Items, x)
	}
	return t, nil
}

// jsonValue maps a JSON value to the model: arrays to tuples, objects to
// objects, strings to templates (or literal strings when lit), the rest to
// literals.
func jsonValue(e hcl.Expression, lit bool) (config.Expr, error) {
	if items, diags := hcl.ExprList(e); !diags.HasErrors() {
		t := &config.Tuple{Items: []config.Expr{}}
		for _, it := range items {
			x, err := jsonValue(it, lit)
			if err != nil {
				return nil, err
			}
			t.Items = append(t.Items, x)
		}
		return t, nil
	}
	if pairs, diags := hcl.ExprMap(e); !diags.HasErrors() {
		o := &config.Object{}
		for _, p := range pairs {
			k, err := jsonValue(p.Key, lit)
			if err != nil {
				return nil, err
			}
			v, err := jsonValue(p.Value, lit)
			if err != nil {
				return nil, err
			}
			o.Items = append(o.Items, config.ObjectItem{Key: k, Value: v})
		}
		return o, nil
	}
	v, diags := e.Value(nil)
	if diags.HasErrors() {
		return nil, diags
	}
	if v.Type() == cty.String && !v.IsNull() && !lit {
		pe, pd := config.ParseTemplate(v.AsString(), "", hcl.Pos{})
		if pd.HasErrors() {
			return nil, pd
		}
		return pe, nil
	}
	return &config.Literal{Val: v}, nil
}

// CompareBlocks compares top-level blocks decoded from JSON with the
// model's, returning one line per difference.
func CompareBlocks(want []*config.Block, got hcl.Blocks) []string {
	return compareBlocks(nil, want, got, "")
}
