package tfkit_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// buildMixed declares an IAM policy document whose statements are literal
// and dynamic blocks interleaved (interleaved is false: the literal one
// last), an instance mixing both, and objects whose keys are expressions. The policy document is computed by the provider without a
// call to AWS, so its JSON shows the order Terraform saw the statements in.
func buildMixed(s *tfkit.Stack, interleaved bool) {
	tfkit.NewProvider(s, "aws", tfkit.Ordered(
		"region", "eu-west-1",
		"access_key", "test",
		"secret_key", "test",
		"skip_credentials_validation", true,
		"skip_requesting_account_id", true,
		"skip_metadata_api_check", true,
		"skip_region_validation", true,
		"skip_get_ec2_platforms", true,
	)).Source("hashicorp/aws", "3.3.0")
	tfkit.NewVariable(s, "name", tfkit.VariableConfig{Type: "string", Default: "web"})
	tfkit.NewVariable(s, "extra", tfkit.VariableConfig{Type: "list(string)", Default: []string{"B", "C"}})
	statement := func(sid any) tfkit.Body {
		return tfkit.Ordered("sid", sid, "actions", []string{"s3:GetObject"}, "resources", []string{"*"})
	}
	items := []tfkit.BlockItem{
		tfkit.Block(statement("A")),
		tfkit.Dynamic{ForEach: tfkit.Var("extra"), Content: statement(tfkit.Ref("statement.value"))},
		&tfkit.Dynamic{ForEach: []string{"D"}, Iterator: "st", Content: statement(tfkit.Ref("st.value"))},
		tfkit.Block(statement("E")),
	}
	if !interleaved {
		items = append(items[1:], items[0])
	}
	doc := tfkit.NewDataSource(s, "aws_iam_policy_document", "doc", tfkit.Ordered("statement", items))
	// Counted out: validated, never created.
	tfkit.NewResource(s, "aws_instance", "web", tfkit.Ordered(
		"ami", "ami-123",
		"instance_type", "t3.micro",
		"ebs_block_device", []tfkit.BlockItem{
			tfkit.Dynamic{
				ForEach: map[string]int{"/dev/sdb": 10, "/dev/sdc": 20},
				Content: tfkit.Ordered("device_name", tfkit.Ref("ebs_block_device.key"), "volume_size", tfkit.Ref("ebs_block_device.value")),
			},
			tfkit.Block(tfkit.Ordered("device_name", "/dev/sdd", "volume_size", 30)),
		},
		"tags", tfkit.Object(tfkit.Var("name"), "yes", "${var.name}-role", tfkit.Fn("upper", tfkit.Var("name")), "Name", "web"),
	)).Count(0)
	tfkit.NewOutput(s, "policy", tfkit.OutputConfig{Value: tfkit.Fn("jsondecode", doc.Ref("json"))})
	tfkit.NewOutput(s, "keyed", tfkit.OutputConfig{
		Value: tfkit.Fn("tomap", tfkit.Object(tfkit.Var("name"), 1, "${var.name}-x", 2, tfkit.Fn("upper", tfkit.Var("name")), 3)),
	})
}

// TestMixedBlocksEngine runs terraform validate and apply on the HCL and
// the JSON of buildMixed: both are valid, the HCL gives the statements in
// the order written, the JSON in the order its syntax can say, and the
// object with expression keys has the same value in both.
func TestMixedBlocksEngine(t *testing.T) {
	enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	for _, interleaved := range []bool{true, false} {
		app := tfkit.NewApp()
		s := tfkit.NewStack(app, "mixed")
		buildMixed(s, interleaved)
		if ds := app.Validate(); len(ds) > 0 {
			t.Fatalf("unexpected diagnostics:\n%s", ds)
		}
		hclText, err := render.HCL(s.Config())
		if err != nil {
			t.Fatal(err)
		}
		jsonText, err := render.JSON(s.Config())
		if err != nil {
			t.Fatal(err)
		}
		rendertest.HCLRoundTrip(t, s.Config(), hclText)
		rendertest.JSONRoundTrip(t, s.Config(), jsonText)
		sids := map[string]string{}
		for name, text := range map[string][]byte{"main.tf": hclText, "main.tf.json": jsonText} {
			w := enginetest.Workspace(t, map[string]string{name: string(text)})
			w.Init()
			w.Validate()
			w.Apply()
			outs := w.Outputs()
			var policy struct{ Statement []struct{ Sid string } }
			if err := json.Unmarshal(outs["policy"].Value, &policy); err != nil {
				t.Fatalf("%s: policy output %s: %v", name, outs["policy"].Value, err)
			}
			var order []string
			for _, st := range policy.Statement {
				order = append(order, st.Sid)
			}
			sids[name] = strings.Join(order, " ")
			var keyed bytes.Buffer
			if err := json.Compact(&keyed, outs["keyed"].Value); err != nil || keyed.String() != `{"WEB":3,"web":1,"web-x":2}` {
				t.Errorf("%s: keyed = %s (%v)", name, outs["keyed"].Value, err)
			}
		}
		want := "A B C D E"
		if !interleaved {
			want = "B C D E A"
		}
		if sids["main.tf"] != want {
			t.Errorf("interleaved %t: HCL gives the statements %q, want %q", interleaved, sids["main.tf"], want)
		}
		t.Logf("interleaved %t: HCL gives %q, JSON %q", interleaved, sids["main.tf"], sids["main.tf.json"])
		if !interleaved && sids["main.tf.json"] != want {
			t.Errorf("JSON gives the statements %q, want %q", sids["main.tf.json"], want)
		}
	}
}

// TestMixedBlocksMistakes: what cannot be a block item or an object key is
// reported at its Go line.
func TestMixedBlocksMistakes(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "bad")
	tfkit.NewLocals(s, tfkit.Ordered(
		"blocks", []any{[]tfkit.BlockItem{tfkit.Block(nil)}},
		"odd", tfkit.Object("a", 1, "b"),
		"nil_key", tfkit.Object(nil, 1),
		"null_key", tfkit.Object(tfkit.Null, 1),
		"list_key", tfkit.Object([]string{"a"}, 1),
		"dup", tfkit.Object("a", 1, "b", 2, "a", 3),
		"dup_number", tfkit.Object(1, 1, "1", 2),
		"bad_value", tfkit.Object(tfkit.Var("k"), struct{}{}),
	))
	got := app.Validate().Error()
	for _, want := range []string{
		"Nested block used as a value (at locals.blocks[0])",
		"Odd number of arguments to Object",
		"Key 1 of Object is missing (nil)",
		"Key 1 of Object is null",
		"Key 1 of Object is a collection",
		`Object was given the key "a" twice (pairs 1 and 3)`,
		`Object was given the key "1" twice (pairs 1 and 2)`,
		"Unsupported value (at locals.bad_value)",
		"blockitem_test.go:",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, got)
		}
	}
}
