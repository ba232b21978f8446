package tfkit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/render"
)

// typedHCL renders one resource whose attribute is v.
func typedHCL(t *testing.T, v any) string {
	t.Helper()
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "s")
	tfkit.NewVariable(s, "x", tfkit.VariableConfig{})
	tfkit.NewResource(s, "t", "r", tfkit.Ordered("a", v))
	if ds := s.Validate(); ds.HasErrors() {
		t.Fatal(ds)
	}
	out, err := render.HCL(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	i := strings.Index(text, `resource "t" "r" {`)
	if i < 0 {
		t.Fatalf("no resource in:\n%s", text)
	}
	return strings.TrimSpace(text[i:])
}

func TestValue(t *testing.T) {
	for _, c := range []struct {
		name string
		v    any
		want string // the body line, or "" when the attribute is left out
	}{
		{"unset", tfkit.Value[string]{}, ""},
		{"string", tfkit.String("web"), `a = "web"`},
		{"template", tfkit.String("web-${var.x}"), `a = "web-${var.x}"`},
		{"number", tfkit.Number(3), `a = 3`},
		{"float", tfkit.Number(float32(0.5)), `a = 0.5`},
		{"bool", tfkit.Bool(false), `a = false`},
		{"list literal", tfkit.V([]string{"a", "b"}), `a = ["a", "b"]`},
		{"expr", tfkit.As[string](tfkit.Var("x")), `a = var.x`},
		{"zero expr", tfkit.As[string](tfkit.Expr{}), ""},
		{"list of values", tfkit.List(tfkit.As[string](tfkit.Var("x")), tfkit.String("b"), tfkit.Value[string]{}), `a = [var.x, "b", null]`},
		{"map of values", tfkit.Map(map[string]tfkit.Value[float64]{"b": tfkit.Number(1), "a": tfkit.As[float64](tfkit.Var("x"))}), "a = {\n    a = var.x\n    b = 1\n  }"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := typedHCL(t, c.v)
			want := "resource \"t\" \"r\" {}"
			if c.want != "" {
				want = "resource \"t\" \"r\" {\n  " + c.want + "\n}"
			}
			if got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestValueAccessors(t *testing.T) {
	var unset tfkit.Value[bool]
	if unset.IsSet() || unset.TerraformValue() != nil || unset.String() != "" || !unset.Expr().IsZero() {
		t.Error("the zero Value is not unset")
	}
	lit := tfkit.String("a")
	if s, ok := lit.Literal(); !ok || s != "a" || !lit.IsSet() {
		t.Errorf("Literal() = %q, %v", s, ok)
	}
	ref := tfkit.As[string](tfkit.Var("x"))
	if _, ok := ref.Literal(); ok {
		t.Error("an expression reports a literal")
	}
	if got := fmt.Sprintf("%s-logs", ref); got != "${var.x}-logs" {
		t.Errorf("interpolation = %q", got)
	}
	if got := ref.Expr().Attr("id").HCL(); got != "var.x.id" {
		t.Errorf("Expr().Attr = %q", got)
	}
	if got := tfkit.Number(2).Expr().HCL(); got != "2" {
		t.Errorf("literal Expr = %q", got)
	}
	if got := tfkit.Number(2).String(); got != "${2}" {
		t.Errorf("literal number String = %q", got)
	}
	if got := fmt.Sprintf("%#v", tfkit.Bool(true)); got != "tfkit.V(true)" {
		t.Errorf("GoString = %q", got)
	}
}

type fieldsRule struct {
	Port tfkit.Value[float64] `tf:"port"`
}

type fieldsOne struct {
	On tfkit.Value[bool] `tf:"on"`
}

type fieldsConfig struct {
	Name    tfkit.Value[string] `tf:"name"`
	Skipped tfkit.Value[string] `tf:"skipped"`
	Untaged string
	One     *fieldsOne   `tf:"one,block"`
	None    *fieldsOne   `tf:"none,block"`
	Rules   []fieldsRule `tf:"rule,block"`
}

func TestFields(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "s")
	tfkit.NewResource(s, "t", "r", tfkit.Fields(fieldsConfig{
		Name:    tfkit.String("x"),
		Untaged: "ignored",
		One:     &fieldsOne{On: tfkit.Bool(true)},
		Rules:   []fieldsRule{{Port: tfkit.Number(80)}, {Port: tfkit.Number(443)}},
	}))
	tfkit.NewResource(s, "t", "nil", tfkit.Fields((*fieldsConfig)(nil)))
	out, err := render.HCL(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	want := `resource "t" "r" {
  name = "x"

  one {
    on = true
  }

  rule {
    port = 80
  }

  rule {
    port = 443
  }
}

resource "t" "nil" {}
`
	if string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("Fields of a non-struct did not panic")
		}
	}()
	tfkit.Fields(42)
}

// A config struct as tfkit get generates it, and what a binding's
// constructor does with it.
type exampleBucketConfig struct {
	Bucket tfkit.Value[string]            `tf:"bucket"`
	Tags   tfkit.Value[map[string]string] `tf:"tags"`
	ACL    tfkit.Value[string]            `tf:"acl"`
}

func ExampleValue() {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "dev")
	tfkit.NewVariable(s, "env", tfkit.VariableConfig{Type: "string"})
	logs := tfkit.NewResource(s, "aws_s3_bucket", "logs", tfkit.Fields(exampleBucketConfig{
		Bucket: tfkit.String("logs"),
	}))
	bucketName := tfkit.As[string](logs.Ref("bucket")) // what a getter returns
	tfkit.NewResource(s, "aws_s3_bucket", "app", tfkit.Fields(exampleBucketConfig{
		Bucket: tfkit.String(fmt.Sprintf("%s-app", bucketName)),
		Tags: tfkit.Map(map[string]tfkit.Value[string]{
			"Env":  tfkit.As[string](tfkit.Var("env")),
			"Logs": bucketName,
		}),
	}))
	print(s)
	// Output:
	// variable "env" {
	//   type = string
	// }
	//
	// resource "aws_s3_bucket" "logs" {
	//   bucket = "logs"
	// }
	//
	// resource "aws_s3_bucket" "app" {
	//   bucket = "${aws_s3_bucket.logs.bucket}-app"
	//   tags = {
	//     Env  = var.env
	//     Logs = aws_s3_bucket.logs.bucket
	//   }
	// }
}
