package tfkit_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/render"
)

// FuzzAPIModel drives the Go API from fuzz input, one byte per step, to
// build stacks of every element kind with values, references, meta-arguments
// and nested blocks chosen by the input. Whatever the API accepts without a
// diagnostic must render to HCL and to JSON that parse again.
func FuzzAPIModel(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, "web-${var.v}")
	f.Add([]byte{12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25}, "plain text")
	f.Add([]byte{2, 2, 7, 9, 3, 8, 5}, "a\"b\\c\n${")
	f.Add([]byte{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, "%{ if true }x%{ endif }")
	f.Fuzz(func(t *testing.T, ops []byte, text string) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		app := tfkit.NewApp()
		st := tfkit.NewStack(app, "fuzz")
		var resources []*tfkit.Resource
		var refs []tfkit.Expr
		value := func(op byte) any {
			switch op % 6 {
			case 0:
				return text
			case 1:
				return tfkit.Literal(text)
			case 2:
				if len(refs) > 0 {
					return refs[int(op)%len(refs)]
				}
				return int(op)
			case 3:
				return []any{tfkit.Literal(text), op, op%2 == 0}
			case 4:
				return map[string]any{"k": tfkit.Literal(text), "n": float64(op) / 3}
			default:
				return tfkit.Fn("join", ",", []any{tfkit.Literal(text), tfkit.Var("v")})
			}
		}
		tfkit.NewVariable(st, "v", tfkit.VariableConfig{Type: "string", Default: tfkit.Literal(text)})
		for i, op := range ops {
			name := fmt.Sprintf("e%d", i)
			switch op % 12 {
			case 0, 1:
				r := tfkit.NewResource(st, "null_resource", name, tfkit.Attrs{"triggers": map[string]any{"a": value(op / 12)}})
				resources = append(resources, r)
				refs = append(refs, r.Ref("id"))
			case 2:
				d := tfkit.NewDataSource(st, "external", name, tfkit.Attrs{"program": []any{"echo", value(op / 12)}})
				refs = append(refs, d.Ref("result"))
			case 3:
				l := tfkit.NewLocals(st, tfkit.Attrs{name: value(op / 12)})
				refs = append(refs, l.Ref(name))
			case 4:
				tfkit.NewOutput(st, name, tfkit.OutputConfig{Value: value(op / 12), Sensitive: op%2 == 0})
			case 5:
				if len(resources) > 0 {
					resources[len(resources)-1].Count(int(op % 3))
				}
			case 6:
				if len(resources) > 1 {
					resources[len(resources)-1].DependsOn(resources[0])
				}
			case 7:
				if len(resources) > 0 {
					resources[len(resources)-1].Lifecycle(tfkit.Lifecycle{
						CreateBeforeDestroy: true,
						IgnoreChanges:       []string{"triggers"},
					})
				}
			case 8:
				if len(resources) > 0 {
					resources[len(resources)-1].Provisioner(tfkit.Provisioner{
						Type:   "local-exec",
						Config: tfkit.Attrs{"command": value(op / 12)},
					})
				}
			case 9:
				r := tfkit.NewResource(st, "aws_security_group", name, tfkit.Attrs{"name": value(op / 12)}).
					Dynamic("ingress", tfkit.Dynamic{ForEach: []any{1, 2}, Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value")}})
				resources = append(resources, r)
			case 10:
				tfkit.NewModule(st, name, tfkit.ModuleConfig{Source: "./m", Inputs: tfkit.Attrs{"x": value(op / 12)}})
			case 11:
				tfkit.NewResource(st, "null_resource", name, tfkit.RawBody(fmt.Sprintf("triggers = { v = %q }\n", text)))
			}
		}
		if app.Validate() != nil {
			return // a diagnostic is a fine answer; only accepted models must render
		}
		hclText, err := render.HCL(st.Config())
		if err != nil {
			return // refusing a model with a diagnostic is fine too
		}
		if _, diags := hclsyntax.ParseConfig(hclText, "main.tf", hcl.InitialPos); diags.HasErrors() {
			t.Fatalf("rendered HCL does not parse: %s\n%s", diags, hclText)
		}
		jsonText, err := render.JSON(st.Config())
		if err != nil {
			return
		}
		if _, diags := hcljson.Parse(jsonText, "main.tf.json"); diags.HasErrors() {
			t.Fatalf("rendered JSON does not parse: %s\n%s", diags, jsonText)
		}
	})
}
