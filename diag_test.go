package tfkit_test

import (
	"math"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
)

// here returns the line it is called on.
func here() int {
	_, _, line, _ := runtime.Caller(1)
	return line
}

const thisFile = "diag_test.go"

// want describes one expected error diagnostic.
type want struct {
	summary string // the summary contains this
	line    int    // the subject is thisFile at this line
	path    string // the path, when not empty
}

// checkDiags checks that ds holds exactly the wanted errors, in order, with
// subjects in the calling test's file.
func checkDiags(t *testing.T, ds diag.Diagnostics, wants ...want) {
	t.Helper()
	_, file, _, _ := runtime.Caller(1)
	file = filepath.Base(file)
	errs := ds.Errs()
	if len(errs) != len(wants) {
		t.Fatalf("got %d errors, want %d:\n%s", len(errs), len(wants), ds)
	}
	for i, w := range wants {
		d := errs[i]
		if !strings.Contains(d.Summary, w.summary) {
			t.Errorf("error %d: summary %q does not contain %q", i, d.Summary, w.summary)
		}
		if d.Subject == nil || d.Subject.Filename != file || d.Subject.Start.Line != w.line {
			t.Errorf("error %d (%s): subject %v, want %s:%d", i, d.Summary, d.Subject, file, w.line)
		}
		if w.path != "" && d.Path != w.path {
			t.Errorf("error %d (%s): path %q, want %q", i, d.Summary, d.Path, w.path)
		}
	}
}

func newStack(t *testing.T) (*tfkit.App, *tfkit.Stack) {
	t.Helper()
	app := tfkit.NewApp()
	return app, tfkit.NewStack(app, "test")
}

type notConvertible struct{ A int }

// selfValuer converts to itself, forever.
type selfValuer struct{}

func (s selfValuer) TerraformValue() any { return s }

func TestValueErrors(t *testing.T) {
	cases := []struct {
		name  string
		value any
		want  string
		path  string
	}{
		{"struct", notConvertible{1}, "Unsupported value", "t.n.x"},
		{"func in list", []any{1, func() {}}, "Unsupported value", "t.n.x[1]"},
		{"chan in map", map[string]any{"a b": make(chan int)}, "Unsupported value", `t.n.x["a b"]`},
		{"nested map key", map[string]any{"k": map[string]any{"z": complex(1, 2)}}, "Unsupported value", "t.n.x.k.z"},
		{"int keys", map[int]string{1: "a"}, "Unsupported map key type", "t.n.x"},
		{"NaN", math.NaN(), "Unsupported number", "t.n.x"},
		{"Inf", math.Inf(1), "Unsupported number", "t.n.x"},
		{"bytes", []byte("abc"), "Unsupported value", "t.n.x"},
		{"byte array", [2]byte{1, 2}, "Unsupported value", "t.n.x"},
		{"bad template", "web-${count.index", "Invalid template in string", "t.n.x"},
		{"bad template in list", []string{"ok", "${"}, "Invalid template in string", "t.n.x[1]"},
		{"block in list", []any{tfkit.Block(nil)}, "Nested block used as a value", "t.n.x[0]"},
		{"block in map", map[string]any{"b": tfkit.Blocks(nil)}, "Nested block used as a value", "t.n.x.b"},
		{"dynamic in list", []any{tfkit.Dynamic{}}, "Nested block used as a value", "t.n.x[0]"},
		{"raw body as value", tfkit.RawBody("a = 1"), "HCL body used as a value", "t.n.x"},
		{"self valuer", selfValuer{}, "Value nested too deeply", "t.n.x"},
		{"inside attrs", tfkit.Attrs{"u": notConvertible{}}, "Unsupported value", "t.n.x.u"},
		{"deep in ordered", tfkit.Ordered("a", []any{1, map[string]any{"b c": []any{notConvertible{}}}}), "Unsupported value", `t.n.x.a[1]["b c"][0]`},
		// A Duration is an int64 of nanoseconds; durations in Terraform are text ("30s").
		{"duration", 30 * time.Second, "Unsupported value", "t.n.x"},
		{"duration in map", map[string]any{"timeout": 5 * time.Minute}, "Unsupported value", "t.n.x.timeout"},
		{"duration pointer", func() *time.Duration { d := time.Second; return &d }(), "Unsupported value", "t.n.x"},
		{"time", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), "Unsupported value", "t.n.x"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, s := newStack(t)
			line := here() + 1
			tfkit.NewResource(s, "t", "n", tfkit.Attrs{"x": tc.value})
			checkDiags(t, s.Diagnostics(), want{tc.want, line, tc.path})
		})
	}
}

// TestTimeValueHints: a time.Duration or time.Time has a text form the
// attribute most likely wants; the hint says how to write it.
func TestTimeValueHints(t *testing.T) {
	_, s := newStack(t)
	line := here() + 1
	tfkit.NewResource(s, "time_sleep", "w", tfkit.Attrs{"create_duration": 90 * time.Second, "triggers": map[string]any{"at": time.Unix(0, 0).UTC()}})
	ds := s.Diagnostics()
	checkDiags(t, ds,
		want{"Unsupported value", line, "time_sleep.w.create_duration"},
		want{"Unsupported value", line, "time_sleep.w.triggers.at"})
	errs := ds.Errs()
	for i, w := range []string{`"1m30s"`, "time.RFC3339"} {
		if !strings.Contains(errs[i].Suggestion, w) {
			t.Errorf("error %d: hint %q does not contain %s", i, errs[i].Suggestion, w)
		}
	}
}

// TestValueErrorPaths: values are converted without building their paths,
// and again with them when there is a mistake to report; every mistake is
// reported once, at its own path.
func TestValueErrorPaths(t *testing.T) {
	_, s := newStack(t)
	line := here() + 1
	tfkit.NewResource(s, "t", "n", tfkit.Ordered("a", []any{notConvertible{}, 1, "${"}, "b", map[string]any{"k": 1}, "c", []byte("x")))
	checkDiags(t, s.Diagnostics(),
		want{"Unsupported value", line, "t.n.a[0]"},
		want{"Invalid template in string", line, "t.n.a[2]"},
		want{"Unsupported value", line, "t.n.c"})
}

func TestInvalidAttributeName(t *testing.T) {
	_, s := newStack(t)
	line := here() + 1
	tfkit.NewResource(s, "t", "n", tfkit.Attrs{"bad name": 1, "ok": 2})
	checkDiags(t, s.Diagnostics(), want{"Invalid attribute name", line, `t.n.bad name`})
}

func TestTemplateErrorDetail(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewLocals(s, tfkit.Attrs{"x": "a-${b"})
	d := s.Diagnostics()[0]
	if !strings.Contains(d.Detail, `"a-${b"`) || !strings.Contains(d.Suggestion, "$${") {
		t.Errorf("detail %q / suggestion %q should quote the string and say how to escape", d.Detail, d.Suggestion)
	}
}

func TestRawExpressionError(t *testing.T) {
	_, s := newStack(t)
	rawLine := here() + 1
	bad := tfkit.Raw("var.a +")
	useLine := here() + 1
	tfkit.NewResource(s, "t", "n", tfkit.Attrs{"x": bad})
	ds := s.Diagnostics()
	if len(ds) != 1 {
		t.Fatalf("want one diagnostic, got:\n%s", ds)
	}
	d := ds[0]
	// The subject is inside the raw text, named after the Go line.
	wantFile := "<raw HCL from diag_test.go:" + strconv.Itoa(rawLine) + ">"
	if d.Subject == nil || d.Subject.Filename != wantFile || d.Subject.Start.Line != 1 || d.Subject.Start.Column < 7 {
		t.Errorf("subject %+v, want %s line 1 at the end of the text", d.Subject, wantFile)
	}
	if len(d.Related) != 1 || d.Related[0].Range.Filename != thisFile || d.Related[0].Range.Start.Line != rawLine {
		t.Errorf("related %+v, want the Go line %d", d.Related, rawLine)
	}
	if d.Path != "t.n.x" {
		t.Errorf("path %q, want t.n.x (used at line %d)", d.Path, useLine)
	}
	if !strings.Contains(d.Error(), "raw HCL given at: diag_test.go:"+strconv.Itoa(rawLine)) {
		t.Errorf("message does not name the Go line:\n%s", d.Error())
	}
}

func TestRawBodyError(t *testing.T) {
	_, s := newStack(t)
	line := here() + 1
	tfkit.NewResource(s, "t", "n", tfkit.RawBody(`
name = "ok"
bad = = 1
`))
	ds := s.Diagnostics()
	if len(ds) == 0 {
		t.Fatal("want a diagnostic")
	}
	d := ds[0]
	if d.Subject == nil || d.Subject.Start.Line != 3 || !strings.HasPrefix(d.Subject.Filename, "<raw HCL from diag_test.go:") {
		t.Errorf("subject %+v, want line 3 of the raw text", d.Subject)
	}
	if len(d.Related) != 1 || d.Related[0].Range.Start.Line != line {
		t.Errorf("related %+v, want Go line %d", d.Related, line)
	}
	if !strings.Contains(d.Detail, "bad = = 1") {
		t.Errorf("detail %q should quote the raw line", d.Detail)
	}
}

func TestRawBodyfError(t *testing.T) {
	_, s := newStack(t)
	vpc := tfkit.NewResource(s, "aws_vpc", "main", nil)
	line := here() + 1
	tfkit.NewResource(s, "t", "n", tfkit.RawBodyf("vpc_id = %s\nname = \"x", vpc.Ref("id")))
	ds := s.Diagnostics()
	if len(ds) == 0 || ds[0].Subject.Start.Line != 2 || ds[0].Related[0].Range.Start.Line != line {
		t.Fatalf("want an error on line 2 of the raw text given at line %d, got:\n%s", line, ds)
	}
}

func TestExprErrorsTravel(t *testing.T) {
	_, s := newStack(t)
	madeAt := here() + 1
	e := tfkit.Fn("join", ",", notConvertible{})
	tfkit.NewResource(s, "t", "n", tfkit.Attrs{"x": tfkit.Fn("upper", e)})
	// Reported where the mistake was made, at the attribute that used it.
	checkDiags(t, s.Diagnostics(), want{"Unsupported value", madeAt, "t.n.x"})
	if d := s.Diagnostics()[0]; !strings.Contains(d.Detail, "join() argument 2") {
		t.Errorf("detail %q should say where inside the expression", d.Detail)
	}
}

func TestExprHelperErrors(t *testing.T) {
	cases := []struct {
		name string
		make func() (tfkit.Expr, int)
		want string
	}{
		{"operator", func() (tfkit.Expr, int) { return tfkit.Op(1, "**", 2), here() }, "Invalid operator"},
		{"function name", func() (tfkit.Expr, int) { return tfkit.Fn("no such", 1), here() }, "Invalid function name"},
		{"ref", func() (tfkit.Expr, int) { return tfkit.Ref("a..b"), here() }, "Invalid reference"},
		{"for vars", func() (tfkit.Expr, int) { return tfkit.For("a, b, c", tfkit.Var("x")).List(1), here() }, "Invalid for-expression variables"},
		{"for key", func() (tfkit.Expr, int) { return tfkit.For("v", tfkit.Var("x")).Key(), here() }, "without a key variable"},
		{"splat path", func() (tfkit.Expr, int) { return tfkit.Splat(tfkit.Var("x"), "a..b"), here() }, "Invalid attribute path"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, line := tc.make()
			if len(e.Diagnostics()) == 0 {
				t.Fatal("want diagnostics on the expression")
			}
			_, s := newStack(t)
			tfkit.NewLocals(s, tfkit.Attrs{"x": e})
			checkDiags(t, s.Diagnostics(), want{tc.want, line, "locals.x"})
		})
	}
}

func TestRefPathErrors(t *testing.T) {
	_, s := newStack(t)
	vpc := tfkit.NewResource(s, "aws_vpc", "main", nil)
	l1 := here() + 1
	a := vpc.Ref("id +")
	l2 := here() + 1
	b := vpc.Ref("tags[")
	l3 := here() + 1
	c := vpc.Ref("(x)")
	tfkit.NewLocals(s, tfkit.Attrs{"a": a, "b": b, "c": c})
	checkDiags(t, s.Diagnostics(),
		want{"Invalid attribute path", l1, "locals.a"},
		want{"Invalid attribute path", l2, "locals.b"},
		want{"Invalid attribute path", l3, "locals.c"})
}

func TestOrderedErrors(t *testing.T) {
	_, s := newStack(t)
	line := here() + 1
	o := tfkit.Ordered("a", 1, 2, 3, "odd")
	tfkit.NewResource(s, "t", "n", o)
	checkDiags(t, s.Diagnostics(),
		want{"Odd number of arguments", line, "t.n"},
		want{"Attribute name is not a string", line, "t.n"})
	if o.Len() != 1 {
		t.Errorf("Len = %d, want 1", o.Len())
	}
}

func TestMetaArgumentErrors(t *testing.T) {
	_, s := newStack(t)
	v := tfkit.NewVariable(s, "v", tfkit.VariableConfig{})
	vpc := tfkit.NewResource(s, "aws_vpc", "main", nil)
	r := tfkit.NewResource(s, "t", "n", nil)
	l1 := here() + 1
	r.DependsOn(v, nil)
	l2 := here() + 1
	r.Provider(vpc)
	l3 := here() + 1
	r.Lifecycle(tfkit.Lifecycle{IgnoreChanges: []string{"a..b"}, ReplaceTriggeredBy: []any{42}, IgnoreAllChanges: true})
	l4 := here() + 1
	r.Provisioner(tfkit.Provisioner{})
	l5 := here() + 1
	r.Provisioner(tfkit.Provisioner{Type: "local-exec", When: "later", OnFailure: "retry"})
	l6 := here() + 1
	r.Dynamic("bad type", tfkit.Dynamic{ForEach: []int{1}, Iterator: "1x"})
	l7 := here() + 1
	tfkit.NewDataSource(s, "d", "n", nil).Lifecycle(tfkit.Lifecycle{CreateBeforeDestroy: true})
	checkDiags(t, s.Diagnostics(),
		want{"Invalid dependency", l1, "t.n.depends_on[0]"},
		want{"Nil element", l1, "t.n.depends_on[1]"},
		want{"Not a provider", l2, "t.n.provider"},
		want{"Both IgnoreChanges and IgnoreAllChanges", l3, "t.n.lifecycle.ignore_changes"},
		want{"Invalid replace_triggered_by item", l3, "t.n.lifecycle.replace_triggered_by[0]"},
		want{"Provisioner without type", l4, "t.n.provisioner"},
		want{"Invalid when", l5, `t.n.provisioner["local-exec"].when`},
		want{"Invalid on_failure", l5, `t.n.provisioner["local-exec"].on_failure`},
		want{"Invalid block type", l6, "t.n"},
		want{"Unsupported lifecycle setting", l7, "data.d.n.lifecycle"},
	)
	_ = v
}

func TestElementErrors(t *testing.T) {
	_, s := newStack(t)
	l1 := here() + 1
	tfkit.NewVariable(s, "a", tfkit.VariableConfig{Type: "lst(string)"})
	l2 := here() + 1
	tfkit.NewVariable(s, "b", tfkit.VariableConfig{Type: 42})
	l3 := here() + 1
	tfkit.NewProvider(s, "aws", nil).Alias("not valid")
	l4 := here() + 1
	tfkit.NewMoved(s, "aws_instance.a[", 5)
	out := tfkit.NewOutput(s, "o", tfkit.OutputConfig{Value: 1})
	l5 := here() + 1
	tfkit.NewLocals(s, tfkit.Attrs{"x": out})
	l6 := here() + 1
	tfkit.NewTerraform(s, tfkit.TerraformConfig{Backend: tfkit.Backend("no way", nil)})
	l7 := here() + 1
	tfkit.NewMoved(s, tfkit.Fn("f"), "a.b")
	l8 := here() + 1
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m", Providers: map[string]*tfkit.Provider{"a.b.c": nil, "x": nil}})
	checkDiags(t, s.Diagnostics(),
		want{"Invalid type constraint", l1, "var.a.type"},
		want{"Invalid type constraint", l2, "var.b.type"},
		want{"Invalid provider alias", l3, "provider.aws.alias"},
		want{"Invalid address", l4, "moved.from"},
		want{"Invalid address", l4, "moved.to"},
		want{"Element cannot be referenced", l5, "locals.x"},
		want{"Invalid backend type", l6, "terraform.backend"},
		want{"Invalid address", l7, "moved.from"},
		want{"Nil provider", l8, "module.m.providers.a.b.c"},
		want{"Nil provider", l8, "module.m.providers.x"},
	)
}

// TestCrossStackReference: values may come from another stack (synth
// reads them through terraform_remote_state), arguments that name elements
// of the same configuration may not.
func TestCrossStackReference(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	vpc := tfkit.NewResource(a, "aws_vpc", "main", nil)
	aws := tfkit.NewProvider(a, "aws", nil)
	tfkit.NewResource(b, "aws_subnet", "s", tfkit.Attrs{"vpc_id": vpc.Ref("id")})
	l1 := here() + 1
	tfkit.NewResource(b, "aws_subnet", "t", tfkit.Attrs{"v": vpc}).DependsOn(vpc)
	l2 := here() + 1
	tfkit.NewResource(b, "aws_subnet", "u", nil).Provider(aws)
	l3 := here() + 1
	tfkit.NewResource(b, "aws_subnet", "v", nil).Lifecycle(tfkit.Lifecycle{ReplaceTriggeredBy: []any{vpc}})
	l4 := here() + 1
	tfkit.NewResource(b, "aws_subnet", "w", tfkit.Attrs{"p": aws})
	l5 := here() + 1
	tfkit.NewModule(b, "m", tfkit.ModuleConfig{Source: "./m", Providers: map[string]*tfkit.Provider{"aws": aws}})
	l6 := here() + 1
	tfkit.NewResource(b, "aws_subnet", "x", tfkit.Attrs{"p": aws.Ref()})
	// The app reports each once, with nothing about what was left out.
	checkDiags(t, app.Validate(),
		want{"Reference to another stack", l1, "aws_subnet.t.depends_on"},
		want{"Reference to another stack", l2, "aws_subnet.u.provider"},
		want{"Reference to another stack", l3, "aws_subnet.v.lifecycle.replace_triggered_by"},
		want{"Reference to another stack", l4, "aws_subnet.w"},
		want{"Reference to another stack", l5, "module.m.providers.aws"},
		want{"Reference to another stack", l6, "aws_subnet.x"},
	)
	if len(a.Diagnostics()) != 0 {
		t.Errorf("stack a: %s", a.Diagnostics())
	}
}

// boundResource and boundProvider hold their handles as the bindings tfkit
// get writes do: unexported, reached through Resource and Provider.
type (
	boundResource struct{ h *tfkit.Resource }
	boundProvider struct{ h *tfkit.Provider }
)

func (x *boundResource) Resource() *tfkit.Resource { return x.h }
func (x *boundResource) Block() *config.Block      { return x.h.Block() }
func (x *boundProvider) Provider() *tfkit.Provider { return x.h }
func (x *boundProvider) Block() *config.Block      { return x.h.Block() }

// TestCrossStackTypedBinding: a typed binding's handle belongs to its stack
// as the untyped handle does, also when the consumer declares the same
// address: a value reads the producer's, depends_on and provider are
// refused.
func TestCrossStackTypedBinding(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	pet := &boundResource{tfkit.NewResource(a, "random_pet", "p", nil)}
	random := &boundProvider{tfkit.NewProvider(a, "random", nil).Alias("x")}
	tfkit.NewResource(b, "random_pet", "p", nil)
	tfkit.NewProvider(b, "random", nil).Alias("x")
	tfkit.NewResource(b, "terraform_data", "d", tfkit.Attrs{"input": pet})
	l1 := here() + 1
	tfkit.NewResource(b, "terraform_data", "e", nil).DependsOn(pet)
	l2 := here() + 1
	tfkit.NewResource(b, "random_pet", "q", nil).Provider(random)
	checkDiags(t, app.Validate(),
		want{"Reference to another stack", l1, "terraform_data.e.depends_on"},
		want{"Reference to another stack", l2, "random_pet.q.provider"},
	)
	if got := tfkit.StackOf(pet); got != a {
		t.Errorf("StackOf the typed binding: %v, want stack a", got)
	}
	out, err := render.HCL(b.Config())
	if err != nil {
		t.Fatal(err)
	}
	if want := "input = data.terraform_remote_state.a.outputs.cross_stack_output_random_pet_p\n"; !strings.Contains(string(out), want) {
		t.Errorf("stack b does not read a's random_pet.p (%q):\n%s", want, out)
	}
}

// TestAddressInAnotherStack: a moved, import or removed block given a
// handle of another stack is an error at its line, not an address its own
// configuration does not hold; text is written as given.
func TestAddressInAnotherStack(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	vpc := tfkit.NewResource(a, "aws_vpc", "main", nil)
	own := tfkit.NewResource(b, "aws_vpc", "own", nil)
	tfkit.NewMoved(b, "aws_vpc.old", own)
	tfkit.NewMoved(b, "aws_vpc.main", "aws_vpc.old")
	l1 := here() + 1
	tfkit.NewMoved(b, "aws_vpc.old2", vpc)
	l2 := here() + 1
	tfkit.NewRemoved(b, vpc.Ref(), false)
	l3 := here() + 1
	tfkit.NewImport(b, vpc, "vpc-1")
	l4 := here() + 1
	tfkit.NewImport(b, 42, "vpc-2")
	ds := app.Validate()
	// An address reported as wrong is not also undeclared or missing.
	checkDiags(t, ds,
		want{"Address in another stack", l1, "moved.to"},
		want{"Address in another stack", l2, "removed.from"},
		want{"Address in another stack", l3, "import.to"},
		want{"Invalid address", l4, "import.to"},
	)
	if d := ds.Errs()[0]; !strings.Contains(d.Detail, `is aws_vpc.main of stack "a"`) {
		t.Errorf("detail: %s", d.Detail)
	}
}

func TestProviderSourceConflicts(t *testing.T) {
	_, s := newStack(t)
	first := here() + 1
	tfkit.NewProvider(s, "aws", nil).Source("hashicorp/aws", "~> 5.0")
	l1 := here() + 1
	tfkit.NewProvider(s, "aws", nil).Alias("b").Source("example/aws", "")
	l2 := here() + 1
	tfkit.NewProvider(s, "aws", nil).Alias("c").Source("registry.terraform.io/HashiCorp/aws", "~> 4.0")
	l3 := here() + 1
	s.RequireProvider("x", "", "")
	checkDiags(t, s.Diagnostics(),
		want{"Conflicting provider sources", l1, ""},
		want{"Conflicting provider versions", l2, ""},
		want{"Empty provider source", l3, ""},
	)
	if r := s.Diagnostics()[0].Related; len(r) != 1 || r[0].Range.Start.Line != first {
		t.Errorf("related %+v, want the first requirement at line %d", r, first)
	}
}

func TestProviderSourceConflictsWithTerraformBlock(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewTerraform(s, tfkit.TerraformConfig{RequiredProviders: map[string]tfkit.ProviderRequirement{
		"aws":  {Source: "hashicorp/aws", Version: "~> 5.0"},
		"null": {Source: "hashicorp/null", Version: "2.1.2"},
	}})
	l1 := here() + 1
	tfkit.NewProvider(s, "aws", nil).Source("example/aws", "")
	l2 := here() + 1
	tfkit.NewProvider(s, "null", nil).Source("hashicorp/null", "3.0.0")
	ds := s.Validate()
	checkDiags(t, ds, want{"Conflicting provider sources", l1, ""})
	var warned bool
	for _, d := range ds {
		if d.Severity == diag.Warning && strings.Contains(d.Summary, "Differing provider versions") && d.Subject.Start.Line == l2 {
			warned = true
		}
	}
	if !warned {
		t.Errorf("want a warning about the differing null version at line %d:\n%s", l2, ds)
	}
}

func TestStackErrors(t *testing.T) {
	app := tfkit.NewApp()
	l1 := here() + 1
	tfkit.NewStack(app, "bad/name")
	first := here() + 1
	a := tfkit.NewStack(app, "a")
	l2 := here() + 1
	tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	c := tfkit.NewStack(app, "c")
	l3 := here() + 1
	a.DependsOn(a, nil, tfkit.NewStack(tfkit.NewApp(), "other"))
	a.DependsOn(b, b)
	b.DependsOn(c)
	c.DependsOn(a)
	ds := app.Validate()
	var lines []int
	var summaries []string
	for _, d := range ds {
		summaries = append(summaries, d.Summary)
		if d.Subject != nil {
			lines = append(lines, d.Subject.Start.Line)
		}
	}
	got := strings.Join(summaries, "|")
	wantS := "Invalid stack name|Duplicate stack|Stack dependency cycle|Stack depends on itself|Nil stack|Stack of another app"
	if got != wantS {
		t.Fatalf("summaries\n%s\nwant\n%s\n%s", got, wantS, ds)
	}
	if lines[0] != l1 || lines[1] != l2 || lines[3] != l3 {
		t.Errorf("lines %v, want %d, %d, _, %d", lines, l1, l2, l3)
	}
	if !strings.Contains(ds[2].Detail, "a → b → c → a") {
		t.Errorf("cycle detail %q", ds[2].Detail)
	}
	if ds[1].Related[0].Range.Start.Line != first {
		t.Errorf("duplicate stack related %+v, want line %d", ds[1].Related, first)
	}
	if deps := a.Dependencies(); len(deps) != 1 || deps[0] != b {
		t.Errorf("dependencies of a: %v", deps)
	}
}

func TestNoStacks(t *testing.T) {
	ds := tfkit.NewApp().Validate()
	if len(ds) != 1 || ds[0].Summary != "No stacks" {
		t.Fatalf("got %s", ds)
	}
}

// Validation of the whole configuration (config.Validate) points at Go
// lines too, through the ranges the API records.
func TestValidateDiagnosticsHaveGoLines(t *testing.T) {
	_, s := newStack(t)
	line := here() + 1
	tfkit.NewResource(s, "aws_subnet", "a", tfkit.Attrs{"vpc_id": tfkit.Ref("aws_vpc.missing.id")})
	dup := here() + 1
	tfkit.NewResource(s, "aws_subnet", "a", nil)
	countLine := here() + 1
	tfkit.NewResource(s, "t", "both", nil).Count(1).ForEach(tfkit.Var("x"))
	ds := s.Validate()
	lines := map[int]bool{}
	for _, d := range ds.Errs() {
		if d.Subject == nil || d.Subject.Filename != thisFile {
			t.Errorf("no Go position: %s", d)
			continue
		}
		lines[d.Subject.Start.Line] = true
	}
	for _, l := range []int{line, dup, countLine} {
		if !lines[l] {
			t.Errorf("no diagnostic at line %d:\n%s", l, ds)
		}
	}
}

// TestConflictsNameKindAddressAndBothLines covers every conflict of
// Terraform's duplicate rules through the Go API: the error names the kind
// of block and its address, and points at both Go lines, the second
// declaration as subject and the first as related site.
func TestConflictsNameKindAddressAndBothLines(t *testing.T) {
	cases := []struct {
		name    string
		declare func(s *tfkit.Stack) (first, second int)
		summary string // kind and address
	}{
		{"resource", func(s *tfkit.Stack) (int, int) {
			tfkit.NewResource(s, "aws_vpc", "main", nil)
			first := here()
			tfkit.NewResource(s, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
			return first, here()
		}, `Duplicate resource "aws_vpc.main"`},
		{"data source", func(s *tfkit.Stack) (int, int) {
			tfkit.NewDataSource(s, "aws_ami", "ubuntu", nil)
			first := here()
			tfkit.NewDataSource(s, "aws_ami", "ubuntu", nil)
			return first, here()
		}, `Duplicate data source "aws_ami.ubuntu"`},
		{"ephemeral resource", func(s *tfkit.Stack) (int, int) {
			tfkit.NewEphemeral(s, "random_password", "db", nil)
			first := here()
			tfkit.NewEphemeral(s, "random_password", "db", nil)
			return first, here()
		}, `Duplicate ephemeral resource "random_password.db"`},
		{"variable", func(s *tfkit.Stack) (int, int) {
			tfkit.NewVariable(s, "region", tfkit.VariableConfig{})
			first := here()
			tfkit.NewVariable(s, "region", tfkit.VariableConfig{Type: "string"})
			return first, here()
		}, `Duplicate variable "region"`},
		{"output", func(s *tfkit.Stack) (int, int) {
			tfkit.NewOutput(s, "id", tfkit.OutputConfig{Value: 1})
			first := here()
			tfkit.NewOutput(s, "id", tfkit.OutputConfig{Value: 2})
			return first, here()
		}, `Duplicate output "id"`},
		{"module", func(s *tfkit.Stack) (int, int) {
			tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "./net"})
			first := here()
			tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "./net2"})
			return first, here()
		}, `Duplicate module "net"`},
		{"check", func(s *tfkit.Stack) (int, int) {
			tfkit.NewCheck(s, "c", tfkit.Condition{Condition: tfkit.Op(tfkit.Ref("terraform.workspace"), "!=", ""), ErrorMessage: "x"})
			first := here()
			tfkit.NewCheck(s, "c", tfkit.Condition{Condition: tfkit.Op(tfkit.Ref("terraform.workspace"), "!=", ""), ErrorMessage: "y"})
			return first, here()
		}, `Duplicate check "c"`},
		{"local value", func(s *tfkit.Stack) (int, int) {
			tfkit.NewLocals(s, tfkit.Attrs{"tags": 1})
			first := here()
			tfkit.NewLocals(s, tfkit.Attrs{"tags": 2})
			return first, here()
		}, `Duplicate local value "local.tags"`},
		{"provider type and alias", func(s *tfkit.Stack) (int, int) {
			tfkit.NewProvider(s, "aws", nil) // a default one is fine
			tfkit.NewProvider(s, "aws", nil).Alias("west")
			first := here()
			tfkit.NewProvider(s, "aws", nil).Alias("west")
			return first, here()
		}, `Duplicate provider configuration "aws.west"`},
		{"two providers without alias", func(s *tfkit.Stack) (int, int) {
			tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "a"})
			first := here()
			tfkit.NewProvider(s, "aws", nil).Alias("east") // an aliased one is fine
			tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "b"})
			return first, here()
		}, `Duplicate provider configuration "aws"`},
		{"terraform block", func(s *tfkit.Stack) (int, int) {
			tfkit.NewTerraform(s, tfkit.TerraformConfig{RequiredVersion: ">= 1.0"})
			first := here()
			tfkit.NewTerraform(s, tfkit.TerraformConfig{Backend: tfkit.Backend("local", nil)})
			return first, here()
		}, "Duplicate terraform block"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, s := newStack(t)
			// Lines of the calls: here() is called on the line after each.
			first, second := tc.declare(s)
			first--
			second--
			ds := s.Validate()
			checkDiags(t, ds, want{tc.summary, second, ""})
			d := ds.Errs()[0]
			if len(d.Related) != 1 || d.Related[0].Range.Filename != thisFile || d.Related[0].Range.Start.Line != first {
				t.Errorf("related %+v, want the first declaration at %s:%d", d.Related, thisFile, first)
			}
			text := d.Error()
			for _, frag := range []string{tc.summary, thisFile + ":" + strconv.Itoa(first) + "\n", thisFile + ":" + strconv.Itoa(second) + ":"} {
				if !strings.Contains(text+"\n", frag) {
					t.Errorf("message lacks %q:\n%s", frag, text)
				}
			}
		})
	}
}

// TestAttributeRedefined: a name given twice in one body is an error at
// the Go line that gave it, as Terraform refuses an argument set twice;
// Set replaces on purpose.
func TestAttributeRedefined(t *testing.T) {
	_, s := newStack(t)
	l1 := here() + 1
	tfkit.NewLocals(s, tfkit.Ordered("a", 1, "a", 2))
	l2 := here() + 1
	tfkit.NewResource(s, "t", "n", tfkit.Ordered("x", 1, "y", 2, "x", 3))
	checkDiags(t, s.Diagnostics(),
		want{"Attribute redefined", l1, "locals"},
		want{"Attribute redefined", l2, "t.n"})
	for i, w := range []string{`"a" twice (arguments 1 and 3)`, `"x" twice (arguments 1 and 5)`} {
		if d := s.Diagnostics()[i]; !strings.Contains(d.Detail, w) {
			t.Errorf("detail %q lacks %q", d.Detail, w)
		}
	}

	// Bodies added later to the same element meet in config.Validate,
	// which names both lines.
	_, s = newStack(t)
	first := here() + 1
	r := tfkit.NewResource(s, "t", "n", tfkit.Attrs{"x": 1, "y": 2})
	second := here() + 1
	r.Append(tfkit.Attrs{"x": 3})
	r.Set("y", 4) // replaces
	tfkit.NewResource(s, "t", "m", tfkit.Ordered("x", 1)).Set("x", 2)
	ds := s.Validate()
	checkDiags(t, ds, want{"Attribute redefined", second, "t.n.x"})
	if d := ds.Errs()[0]; !strings.Contains(d.Detail, `"x"`) || len(d.Related) != 1 || d.Related[0].Range.Start.Line != first {
		t.Errorf("want the key and the first line %d:\n%s", first, d)
	}
}

// TestCycleAtReference: a dependency cycle is reported where each
// reference is made, here the DependsOn call that closes it, not where the
// blocks are declared.
func TestCycleAtReference(t *testing.T) {
	_, s := newStack(t)
	a := tfkit.NewResource(s, "t", "a", nil)
	refLine := here() + 1
	tfkit.NewResource(s, "t", "b", tfkit.Attrs{"v": a.Ref("id")})
	b := tfkit.NewResource(s, "t", "c", tfkit.Attrs{"v": tfkit.Ref("t.b.id")})
	depLine := here() + 1
	a.DependsOn(b)
	ds := s.Validate()
	checkDiags(t, ds, want{"Dependency cycle: t.a → t.c → t.b → t.a", depLine, "t.a"})
	rel := ds.Errs()[0].Related
	if len(rel) != 3 || rel[0].Range.Start.Line != depLine || !strings.Contains(rel[0].Message, "t.a refers to t.c in t.a.depends_on") ||
		rel[2].Range.Start.Line != refLine || !strings.Contains(rel[2].Message, "t.b refers to t.a in t.b.v") {
		t.Errorf("related sites %+v, want depends_on at %d and t.b.v at %d", rel, depLine, refLine)
	}
}

// TestLiteralArguments: settings Terraform reads before evaluating
// anything take literal values; an expression there is reported at the Go
// line that gave it (Go builds the value instead). A backend setting may
// read variables and locals alone, which OpenTofu evaluates early.
func TestLiteralArguments(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewVariable(s, "env", tfkit.VariableConfig{})
	tfkit.NewResource(s, "random_pet", "p", nil)
	l1 := here() + 1
	tfkit.NewTerraform(s, tfkit.TerraformConfig{Backend: tfkit.Backend("s3", tfkit.Attrs{"key": "${var.env}/${random_pet.p.id}", "bucket": "b"})})
	l2 := here() + 1
	tfkit.NewVariable(s, "n", tfkit.VariableConfig{Default: tfkit.Op(tfkit.Fn("max", 1, 2), "+", 2)})
	tfkit.NewVariable(s, "day", tfkit.VariableConfig{Default: tfkit.Op(60*60, "*", 24)})      // constants: fine
	tfkit.NewOutput(s, "o", tfkit.OutputConfig{Value: tfkit.Var("env"), Description: "${x}"}) // a literal text
	checkDiags(t, s.Validate(),
		want{"Expression in a literal argument", l1, "terraform.backend.key"},
		want{"Expression in a literal argument", l2, "var.n.default"})
}

// A literal for_each or count that Terraform refuses whatever else the
// configuration says is reported at the Go line (config.Validate, for
// every front end), not when planning: a Go slice given to ForEach is the
// common one.
func TestLiteralCountAndForEachTypes(t *testing.T) {
	_, s := newStack(t)
	l1 := here() + 1
	tfkit.NewResource(s, "terraform_data", "list", nil).ForEach([]string{"a", "b"})
	l2 := here() + 1
	tfkit.NewDataSource(s, "terraform_data", "str", nil).ForEach("a")
	l3 := here() + 1
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"}).ForEach(tfkit.Null)
	l4 := here() + 1
	tfkit.NewResource(s, "terraform_data", "word", nil).Count("two")
	l5 := here() + 1
	tfkit.NewResource(s, "terraform_data", "flag", nil).Count(true)
	l6 := here() + 1
	tfkit.NewResource(s, "terraform_data", "items", nil).Count([]int{1})
	// What Terraform accepts is not reported.
	tfkit.NewResource(s, "terraform_data", "map", nil).ForEach(map[string]int{"a": 1})
	tfkit.NewResource(s, "terraform_data", "set", nil).ForEach(tfkit.Fn("toset", []string{"a"}))
	tfkit.NewResource(s, "terraform_data", "text", nil).Count("2")
	tfkit.NewResource(s, "terraform_data", "none", nil).Count(2).Count(nil)
	checkDiags(t, s.Validate(),
		want{"Invalid for_each argument", l1, "terraform_data.list.for_each"},
		want{"Invalid for_each argument", l2, "data.terraform_data.str.for_each"},
		want{"Invalid for_each argument", l3, "module.m.for_each"},
		want{"Invalid count argument", l4, "terraform_data.word.count"},
		want{"Invalid count argument", l5, "terraform_data.flag.count"},
		want{"Invalid count argument", l6, "terraform_data.items.count"},
	)
	if d := s.Validate().Errs()[0]; !strings.Contains(d.Suggestion, "toset") {
		t.Errorf("the hint for a list does not show toset: %q", d.Suggestion)
	}
}

// TestRemoteStateWithoutBackend: a remote state needs a backend type; an
// empty one is reported at the Go line rather than by Terraform's plan.
func TestRemoteStateWithoutBackend(t *testing.T) {
	_, s := newStack(t)
	l := here() + 1
	tfkit.NewRemoteState(s, "net", "", map[string]any{"path": "x.tfstate"})
	tfkit.NewRemoteState(s, "ok", "local", map[string]any{"path": "y.tfstate"})
	checkDiags(t, s.Diagnostics(), want{"Missing backend", l, "data.terraform_remote_state.net.backend"})
}

// TestMissingInstanceKey: an attribute read straight from a resource with
// count or for_each (what a typed getter such as ID() writes) is refused as
// the engines refuse it, at the Go line that set the attribute holding the
// reference; reads of the whole resource or of one instance are fine.
func TestMissingInstanceKey(t *testing.T) {
	_, s := newStack(t)
	counted := tfkit.NewResource(s, "terraform_data", "counted", nil).Count(2)
	keyed := tfkit.NewResource(s, "terraform_data", "keyed", nil)
	countLine := here() + 1
	tfkit.NewResource(s, "terraform_data", "a", tfkit.Attrs{"input": counted.Ref("id")})
	eachLine := here() + 1
	tfkit.NewOutput(s, "b", tfkit.OutputConfig{Value: tfkit.As[string](keyed.Ref("id"))})
	keyed.ForEach(map[string]string{"x": "y"})
	tfkit.NewResource(s, "terraform_data", "fine", tfkit.Attrs{"input": []any{
		counted.Ref(""), tfkit.Fn("length", counted.Ref("")), tfkit.Splat(counted, "id"),
		counted.Ref("").Index(0).Attr("id"), keyed.Ref("").Index("x").Attr("id"),
	}}).DependsOn(counted, keyed)
	ds := s.Validate()
	checkDiags(t, ds,
		want{"Missing resource instance key", countLine, "terraform_data.a.input"},
		want{"Missing resource instance key", eachLine, "output.b.value"})
	for i, d := range ds.Errs() {
		want := []string{`terraform_data.counted has "count" set`, "terraform_data.counted[count.index]"}
		if i == 1 {
			want = []string{`terraform_data.keyed has "for_each" set`, "terraform_data.keyed[each.key]"}
		}
		for _, w := range want {
			if !strings.Contains(d.Detail, w) {
				t.Errorf("detail %q lacks %q", d.Detail, w)
			}
		}
	}
}

// TestOutputOfSensitiveValue: an output that is not marked sensitive and
// holds a sensitive variable, through locals, functions and conditions, or
// a sensitive(...) call, is refused as terraform validate refuses it, at the
// output's Go line; nonsensitive(...), can, issensitive and a for
// expression's collection do not carry the mark into the value.
func TestOutputOfSensitiveValue(t *testing.T) {
	app, s := newStack(t)
	pw := tfkit.NewVariable(s, "pw", tfkit.VariableConfig{Type: "string", Sensitive: true})
	tfkit.NewVariable(s, "plain", tfkit.VariableConfig{Type: "string", Default: "x"})
	tfkit.NewLocals(s, tfkit.Ordered("l", "a-${var.pw}", "l2", tfkit.Local("l"), "p", tfkit.Var("plain")))
	direct := here() + 1
	tfkit.NewOutput(s, "direct", tfkit.OutputConfig{Value: pw})
	viaLocal := here() + 1
	tfkit.NewOutput(s, "via_local", tfkit.OutputConfig{Value: map[string]any{"k": tfkit.Local("l2")}})
	cond := here() + 1
	tfkit.NewOutput(s, "cond", tfkit.OutputConfig{Value: tfkit.Cond(tfkit.Op(pw, "==", ""), "a", "b")})
	length := here() + 1
	tfkit.NewOutput(s, "len", tfkit.OutputConfig{Value: tfkit.Raw("length(var.pw)")})
	call := here() + 1
	tfkit.NewOutput(s, "sens", tfkit.OutputConfig{Value: tfkit.Fn("sensitive", "x")})
	unmarked := here() + 1
	tfkit.NewOutput(s, "unmarked", tfkit.OutputConfig{Value: pw}).Override("sensitive", false)
	tfkit.NewOutput(s, "marked", tfkit.OutputConfig{Value: pw, Sensitive: true})
	tfkit.NewOutput(s, "nons", tfkit.OutputConfig{Value: tfkit.Fn("nonsensitive", pw)})
	tfkit.NewOutput(s, "raw_nons", tfkit.OutputConfig{Value: tfkit.Raw("nonsensitive(local.l2)")})
	tfkit.NewOutput(s, "can", tfkit.OutputConfig{Value: tfkit.Fn("can", pw)})
	tfkit.NewOutput(s, "is", tfkit.OutputConfig{Value: tfkit.Fn("issensitive", pw)})
	tfkit.NewOutput(s, "for", tfkit.OutputConfig{Value: tfkit.Raw(`[for c in [var.pw] : "x"]`)})
	tfkit.NewOutput(s, "plain", tfkit.OutputConfig{Value: tfkit.Local("p")})
	// A part of a collection that holds a sensitive element may not be
	// that element: the engines accept these (the user is "admin").
	tfkit.NewLocals(s, tfkit.Attrs{"login": tfkit.Raw(`tomap({user = "admin", pass = var.pw})`), "pair": tfkit.Raw(`tolist(["a", var.pw])`)})
	tfkit.NewOutput(s, "part", tfkit.OutputConfig{Value: tfkit.Raw(`tomap({user = "admin", pass = var.pw})["user"]`)})
	tfkit.NewOutput(s, "local_part", tfkit.OutputConfig{Value: tfkit.Raw(`local.login["user"]`)})
	tfkit.NewOutput(s, "local_index", tfkit.OutputConfig{Value: tfkit.Raw(`local.pair[0]`)})
	checkDiags(t, app.Validate(),
		want{"Output refers to sensitive values", direct, "output.direct.value"},
		want{"Output refers to sensitive values", viaLocal, "output.via_local.value"},
		want{"Output refers to sensitive values", cond, "output.cond.value"},
		want{"Output refers to sensitive values", length, "output.len.value"},
		want{"Output refers to sensitive values", call, "output.sens.value"},
		want{"Output refers to sensitive values", unmarked, "output.unmarked.value"})
	if errs := app.Validate().Errs(); len(errs) > 1 && !strings.Contains(errs[1].Detail, "local.l2") {
		t.Errorf("detail %q does not name what is sensitive", errs[1].Detail)
	}
}

// TestForEachKeepsNilValues: a nil value of a for_each map is an instance
// (or a dynamic block) whose value is null, as Terraform has it; left out
// like a nil attribute, the instance would silently be missing.
func TestForEachKeepsNilValues(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewResource(s, "terraform_data", "r", tfkit.Attrs{"input": tfkit.EachValue}).
		ForEach(map[string]any{"a": nil, "b": "x", "c": []string(nil)})
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "git::https://example.com/m.git"}).
		ForEach(tfkit.Ordered("a", nil, "b", 1))
	tfkit.NewDataSource(s, "terraform_remote_state", "d", tfkit.Attrs{"backend": "local"}).
		ForEach(tfkit.Attrs{"a": nil})
	tfkit.NewResource(s, "terraform_data", "dyn", nil).
		Dynamic("x", tfkit.Dynamic{ForEach: map[string]*string{"a": nil}, Content: tfkit.Attrs{"v": tfkit.Ref("x.value")}})
	text := stackHCL(t, s)
	for _, w := range []string{"for_each = {\n      a = null\n    }", "for_each = {\n    a = null\n    b = \"x\"\n    c = null\n  }", "for_each = {\n    a = null\n    b = 1\n  }", "for_each = {\n    a = null\n  }"} {
		if !strings.Contains(text, w) {
			t.Errorf("the stack does not contain\n%s\n:\n%s", w, text)
		}
	}
}

// TestInvalidDependencyWording: depends_on given what cannot be depended on
// names it in plain words.
func TestInvalidDependencyWording(t *testing.T) {
	_, s := newStack(t)
	o := tfkit.NewOutput(s, "o", tfkit.OutputConfig{Value: 1})
	l := tfkit.NewLocals(s, tfkit.Attrs{"x": 1})
	v := tfkit.NewVariable(s, "v", tfkit.VariableConfig{Type: "string", Default: "x"})
	line := here() + 1
	tfkit.NewResource(s, "terraform_data", "a", nil).DependsOn(o, l, v)
	ds := s.Diagnostics()
	checkDiags(t, ds, want{"Invalid dependency", line, "terraform_data.a.depends_on[0]"},
		want{"Invalid dependency", line, "terraform_data.a.depends_on[1]"},
		want{"Invalid dependency", line, "terraform_data.a.depends_on[2]"})
	for i, w := range []string{"output.o is an output;", "locals is a locals block;", "var.v is a variable;"} {
		if !strings.Contains(ds.Errs()[i].Detail, w) {
			t.Errorf("detail %q does not contain %q", ds.Errs()[i].Detail, w)
		}
	}
}

// TestOutputOfAnotherStacksSensitiveValue: another stack's sensitive
// variable is read as sensitive(...), so an output of it needs Sensitive
// too; the message says where the value comes from.
func TestOutputOfAnotherStacksSensitiveValue(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	pw := tfkit.NewVariable(a, "pw", tfkit.VariableConfig{Type: "string", Sensitive: true, Default: "x"})
	b := tfkit.NewStack(app, "b")
	line := here() + 1
	tfkit.NewOutput(b, "o", tfkit.OutputConfig{Value: pw})
	tfkit.NewOutput(b, "ok", tfkit.OutputConfig{Value: pw, Sensitive: true})
	ds := app.Validate()
	checkDiags(t, ds, want{"Output refers to sensitive values", line, "output.o.value"})
	if d := ds.Errs()[0].Detail; !strings.Contains(d, "a sensitive value of another stack (data.terraform_remote_state.a.outputs.") {
		t.Errorf("detail %q does not say the value is another stack's", d)
	}
}
