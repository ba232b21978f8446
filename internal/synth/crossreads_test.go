package synth_test

import (
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/schema"
)

// line returns the line it is called on.
func line() int {
	_, _, l, _ := runtime.Caller(1)
	return l
}

// sameAsInOneStack checks that got is the diagnostic of the mistake made
// in one stack (want) at the consumer's line, with the producer's
// declaration at prodLine as related information.
func sameAsInOneStack(t *testing.T, got, want *diag.Diagnostic, consumerLine, prodLine int) {
	t.Helper()
	if got.Summary != want.Summary || got.Detail != want.Detail || got.Suggestion != want.Suggestion || got.Path != want.Path {
		t.Errorf("across stacks:\n%s\nin one stack:\n%s", got, want)
	}
	if got.Subject == nil || filepath.Base(got.Subject.Filename) != "crossreads_test.go" || got.Subject.Start.Line != consumerLine {
		t.Errorf("subject %v, want line %d", got.Subject, consumerLine)
	}
	if n := len(got.Related); n == 0 || got.Related[n-1].Message != "declared in stack a here" || got.Related[n-1].Range.Start.Line != prodLine {
		t.Errorf("related %v, want the producer's declaration at line %d", got.Related, prodLine)
	}
}

// A read of another stack's element that the engines refuse (an attribute
// of a counted resource without an instance key) is reported as the same
// mistake in one stack: at the consumer's line that set the argument, with
// its path and hint, and never at the producer's line or at the name of
// the output added for it.
func TestCrossStackReadMistakeAtConsumer(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	c := tfkit.NewStack(app, "c")
	prodLine := line() + 1
	ids := tfkit.NewResource(a, "random_id", "ids", tfkit.Attrs{"byte_length": 4}).Count(2)
	argLine := line() + 1
	tfkit.NewResource(b, "terraform_data", "t", tfkit.Attrs{"input": ids.Ref("hex")})
	later := tfkit.NewResource(b, "terraform_data", "later", nil)
	setLine := line() + 1
	later.Set("input", ids.Ref("hex"))
	nestedLine := line() + 1
	tfkit.NewResource(b, "terraform_data", "n", tfkit.Attrs{"lifecycle": tfkit.Block(tfkit.Attrs{"precondition": tfkit.Block(tfkit.Attrs{"condition": tfkit.Op(ids.Ref("hex"), "!=", ""), "error_message": "x"})})})
	localLine := line() + 1
	tfkit.NewLocals(c, tfkit.Attrs{"l": "${random_id.ids.hex}"})

	// The same mistakes in one stack.
	one := tfkit.NewStack(tfkit.NewApp(), "one")
	own := tfkit.NewResource(one, "random_id", "ids", tfkit.Attrs{"byte_length": 4}).Count(2)
	tfkit.NewResource(one, "terraform_data", "t", tfkit.Attrs{"input": own.Ref("hex")})
	tfkit.NewResource(one, "terraform_data", "later", tfkit.Attrs{"input": own.Ref("hex")})
	tfkit.NewResource(one, "terraform_data", "n", tfkit.Attrs{"lifecycle": tfkit.Block(tfkit.Attrs{"precondition": tfkit.Block(tfkit.Attrs{"condition": tfkit.Op(own.Ref("hex"), "!=", ""), "error_message": "x"})})})
	tfkit.NewLocals(one, tfkit.Attrs{"l": "${random_id.ids.hex}"})
	want := one.Validate().Errs()
	if len(want) != 4 {
		t.Fatalf("in one stack: %s", want)
	}

	if ds := a.Validate(); ds.HasErrors() {
		t.Errorf("the producer has the consumers' mistakes: %s", ds)
	}
	got := b.Validate().Errs()
	if len(got) != 3 {
		t.Fatalf("consumer b: %s", got)
	}
	sameAsInOneStack(t, got[0], want[0], argLine, prodLine)
	sameAsInOneStack(t, got[1], want[1], setLine, prodLine)
	sameAsInOneStack(t, got[2], want[2], nestedLine, prodLine)
	got = c.Validate().Errs()
	if len(got) != 1 {
		t.Fatalf("consumer c: %s", got)
	}
	sameAsInOneStack(t, got[0], want[3], localLine, prodLine)
	if all := app.Validate().Errs(); len(all) != 4 {
		t.Errorf("app: %s", all)
	}
}

// What the provider schema refuses in a read of another stack's element
// is reported at the consumer's argument too.
func TestCrossStackReadSchemaMistakeAtConsumer(t *testing.T) {
	providers, err := schema.ReadProvidersFile(filepath.Join("..", "..", "..", "shared", "schemas", "random-3.9.0.json"))
	if err != nil {
		t.Skip("no random schema:", err)
	}
	app := tfkit.NewApp(tfkit.WithSchemas(providers))
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	prodLine := line() + 1
	pet := tfkit.NewResource(a, "random_pet", "p", nil)
	argLine := line() + 1
	tfkit.NewResource(b, "terraform_data", "t", tfkit.Attrs{"input": pet.Ref("nmae")})

	one := tfkit.NewStack(tfkit.NewApp(tfkit.WithSchemas(providers)), "one")
	tfkit.NewResource(one, "terraform_data", "t", tfkit.Attrs{"input": tfkit.NewResource(one, "random_pet", "p", nil).Ref("nmae")})
	_, err = one.App().Files()
	var want diag.Diagnostics
	if !errors.As(err, &want) || len(want.Errs()) != 1 {
		t.Fatalf("in one stack: %v", err)
	}

	_, err = app.Files()
	var got diag.Diagnostics
	if !errors.As(err, &got) || len(got.Errs()) != 1 {
		t.Fatalf("across stacks: %v", err)
	}
	sameAsInOneStack(t, got.Errs()[0], want.Errs()[0], argLine, prodLine)
}

// Another stack's ephemeral variable cannot be read (the engines refuse the
// output it would need, at a name the app never wrote): it is refused at
// the consumer, as another stack's ephemeral resource is.
func TestCrossStackEphemeralVariable(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	prodLine := line() + 1
	token := tfkit.NewVariable(a, "token", tfkit.VariableConfig{Type: "string", Ephemeral: true})
	tfkit.NewVariable(a, "name", tfkit.VariableConfig{Type: "string"})
	handleLine := line() + 1
	tfkit.NewResource(b, "terraform_data", "h", tfkit.Attrs{"input": token.Ref()})
	textLine := line() + 1
	tfkit.NewResource(b, "terraform_data", "t", tfkit.Attrs{"input": "${var.token}-${var.name}"})
	ds := app.Validate().Errs()
	if len(ds) != 2 {
		t.Fatalf("diagnostics: %s", ds)
	}
	for i, l := range []int{handleLine, textLine} {
		d := ds[i]
		if d.Summary != "Cross-stack reference to an ephemeral variable" || d.Subject == nil || d.Subject.Start.Line != l ||
			!strings.Contains(d.Detail, `refers to var.token of stack "a"`) || !strings.Contains(d.Detail, "an ephemeral variable's value is never stored") ||
			len(d.Related) != 1 || d.Related[0].Range.Start.Line != prodLine {
			t.Errorf("diagnostic %d, want at line %d: %s", i, l, d)
		}
	}
	// No output is added for it; the other variable crosses.
	if text := configOf(t, a); strings.Contains(text, "var_token") || !strings.Contains(text, "cross_stack_output_var_name") {
		t.Errorf("producer:\n%s", text)
	}
}

func configOf(t *testing.T, s *tfkit.Stack) string {
	t.Helper()
	text, err := render.HCL(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// A splat of another stack's for_each resource is refused as in one stack
// (the engines refuse it only at plan: the instances are a map, which [*]
// takes as one value), at the consumer's line.
func TestCrossStackSplatOfForEach(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	prodLine := line() + 1
	ids := tfkit.NewResource(a, "random_id", "ids", tfkit.Attrs{"byte_length": 4}).ForEach(map[string]any{"x": 1})
	counted := tfkit.NewResource(a, "random_id", "counted", tfkit.Attrs{"byte_length": 4}).Count(2)
	argLine := line() + 1
	tfkit.NewResource(b, "terraform_data", "t", tfkit.Attrs{"input": tfkit.Splat(ids, "hex")})
	tfkit.NewResource(b, "terraform_data", "ok", tfkit.Attrs{"input": tfkit.Splat(counted, "hex")})

	one := tfkit.NewStack(tfkit.NewApp(), "one")
	own := tfkit.NewResource(one, "random_id", "ids", tfkit.Attrs{"byte_length": 4}).ForEach(map[string]any{"x": 1})
	tfkit.NewResource(one, "terraform_data", "t", tfkit.Attrs{"input": tfkit.Splat(own, "hex")})
	want := one.Validate().Errs()
	if len(want) != 1 {
		t.Fatalf("in one stack: %s", want)
	}
	got := app.Validate().Errs()
	if len(got) != 1 {
		t.Fatalf("app: %s", got)
	}
	sameAsInOneStack(t, got[0], want[0], argLine, prodLine)
	_, err := app.Files()
	var files diag.Diagnostics
	if !errors.As(err, &files) || len(files.Errs()) != 1 || files.Errs()[0].Summary != want[0].Summary {
		t.Errorf("files: %v, want the mistake once", err)
	}
}
