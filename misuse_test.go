package tfkit_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
)

// handles are the types of the handles and values a program gets from
// tfkit, whose methods may be called on a nil pointer or a zero value.
var handles = []any{
	(*tfkit.Resource)(nil), (*tfkit.DataSource)(nil), (*tfkit.Ephemeral)(nil), (*tfkit.Provider)(nil),
	(*tfkit.Module)(nil), (*tfkit.Variable)(nil), (*tfkit.Output)(nil), (*tfkit.Locals)(nil),
	(*tfkit.Terraform)(nil), (*tfkit.Moved)(nil), (*tfkit.Import)(nil), (*tfkit.Removed)(nil),
	(*tfkit.Check)(nil), (*tfkit.RawElement)(nil), (*tfkit.RemoteState)(nil), (*tfkit.ProviderInstance)(nil),
	(*tfkit.KeyProvider)(nil), (*tfkit.EncryptionMethod)(nil), (*tfkit.Asset)(nil), (*tfkit.Stack)(nil),
}

// accessors return nil or "" for a nil handle without an error: they
// read, and what the program does with nil is reported where it uses it.
var accessors = map[string]bool{"Block": true, "Stack": true}

// TestNilAndZeroHandles calls every exported method of every handle on a
// nil pointer and on a zero value built by hand (arguments zero too):
// none panics, and each (but the accessors) is an error of the app
// naming the call and what to use instead.
func TestNilAndZeroHandles(t *testing.T) {
	for _, h := range handles {
		typ := reflect.TypeOf(h)
		for _, zero := range []bool{false, true} {
			for i := 0; i < typ.NumMethod(); i++ {
				m := typ.Method(i)
				recv := reflect.Zero(typ)
				if zero {
					recv = reflect.New(typ.Elem())
					switch typ.Elem().Name() {
					case "KeyProvider", "EncryptionMethod", "Asset":
						continue // plain values: a zero one is valid
					}
				}
				app := tfkit.NewApp()
				tfkit.NewResource(tfkit.NewStack(app, "ok"), "terraform_data", "a", nil)
				args := []reflect.Value{recv}
				for j := 1; j < m.Type.NumIn(); j++ {
					if m.Type.IsVariadic() && j == m.Type.NumIn()-1 {
						break
					}
					args = append(args, reflect.Zero(m.Type.In(j)))
				}
				name := typ.String() + "." + m.Name
				if zero {
					name = "zero " + name
				}
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s panics: %v", name, r)
						}
					}()
					m.Func.Call(args)
				}()
				ds := app.Validate()
				if accessors[m.Name] && !(typ.Elem().Name() == "Stack") {
					if len(ds) != 0 {
						t.Errorf("%s: %v", name, ds)
					}
					continue
				}
				if len(ds) != 1 || !strings.Contains(ds[0].Detail, m.Name) || ds[0].Suggestion == "" ||
					!strings.Contains(ds[0].Detail, "nil") && !strings.Contains(ds[0].Detail, "did not make") {
					t.Errorf("%s: want one error naming the call, got %v", name, ds)
				}
			}
		}
	}
}

// TestNilHandleAtTheCall: a nil handle's mistake is reported at the line
// of the program that called it, through a typed binding's helper too,
// and Synth writes nothing.
func TestNilHandleAtTheCall(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	app := tfkit.NewApp(tfkit.WithOutdir(out))
	s := tfkit.NewStack(app, "dev")
	var vpc *tfkit.Resource
	var img *image
	tfkit.NewResource(s, "aws_subnet", "a", tfkit.Attrs{"vpc_id": vpc.Ref("id")})
	if img != nil {
		t.Fatal("not nil")
	}
	err := app.Synth()
	ds, _ := err.(diag.Diagnostics)
	checkMisuse(t, ds, "(*tfkit.Resource).Ref was called on a nil *tfkit.Resource")
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output written: %v", err)
	}
}

// TestNilHandleInParallelTests: a mistake without a stack goes to the app
// the calling goroutine created, also when another goroutine (a parallel
// test) created an app since.
func TestNilHandleInParallelTests(t *testing.T) {
	mine := tfkit.NewApp()
	tfkit.NewResource(tfkit.NewStack(mine, "mine"), "terraform_data", "a", nil)
	created := make(chan *tfkit.App)
	go func() {
		other := tfkit.NewApp()
		tfkit.NewResource(tfkit.NewStack(other, "other"), "terraform_data", "a", nil)
		created <- other
	}()
	other := <-created
	var vpc *tfkit.Resource
	vpc.Ref("id")
	checkMisuse(t, mine.Validate(), "(*tfkit.Resource).Ref was called on a nil *tfkit.Resource")
	if ds := other.Validate(); len(ds) != 0 {
		t.Errorf("the other goroutine's app got the mistake: %s", ds)
	}
	// A goroutine that created no app records for the one created last.
	done := make(chan struct{})
	go func() {
		defer close(done)
		vpc.Ref("arn")
	}()
	<-done
	if ds := other.Validate(); len(ds) != 1 {
		t.Errorf("the app created last: %s", ds)
	}
}

// TestZeroElementAsValue: a handle built by hand used as a value is an
// error at the attribute, not left out silently.
func TestZeroElementAsValue(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "dev")
	tfkit.NewResource(s, "aws_subnet", "a", tfkit.Attrs{"vpc_id": &tfkit.Resource{}})
	ds := app.Validate()
	if len(ds) != 1 || ds[0].Summary != "Element not made by its constructor" || ds[0].Path != "aws_subnet.a.vpc_id" {
		t.Errorf("diagnostics: %v", ds)
	}
}

// TestNilElementAsValue: a nil handle used as a value (in a body, a map,
// an output, a module input) is an error at the attribute, not left out
// silently as a nil pointer of another type is.
func TestNilElementAsValue(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "dev")
	var vpc *tfkit.Resource
	var img *image
	tfkit.NewResource(s, "aws_subnet", "a", tfkit.Attrs{"vpc_id": vpc, "tags": map[string]any{"img": img}})
	tfkit.NewOutput(s, "o", tfkit.OutputConfig{Value: vpc})
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "hashicorp/x/y", Inputs: tfkit.Attrs{"x": []any{img}}})
	ds := app.Validate()
	paths := []string{"aws_subnet.a.tags.img", "aws_subnet.a.vpc_id", "output.o.value", "module.m.x[0]"}
	if len(ds) != len(paths) {
		t.Fatalf("diagnostics: %v", ds)
	}
	for i, d := range ds {
		if d.Summary != "Nil element" || d.Path != paths[i] || !strings.Contains(d.Detail, "A nil *tfkit") && !strings.Contains(d.Detail, "A nil *tfkit_test.image") {
			t.Errorf("diagnostic %d: %v", i, d)
		}
	}
}

// TestZeroApp: an App built as a zero value works as NewApp() does.
func TestZeroApp(t *testing.T) {
	out := t.TempDir()
	t.Setenv(tfkit.EnvOutdir, out)
	app := &tfkit.App{}
	tfkit.NewResource(tfkit.NewStack(app, "dev"), "terraform_data", "x", nil)
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "stacks", "dev", "main.tf")); err != nil {
		t.Error(err)
	}
}

// TestInvalidEngineSetting: a TFKIT_ENGINE or TFKIT_SCHEMA_CHECK that
// tfkit does not know is an error naming the variable and its values, not
// taken as unset.
func TestInvalidEngineSetting(t *testing.T) {
	for _, tc := range []struct{ name, value, want string }{
		{tfkit.EnvEngine, "bogus", "set TFKIT_ENGINE to terraform or opentofu"},
		{tfkit.EnvSchemaCheck, "warning", "set TFKIT_SCHEMA_CHECK to error or warn"},
	} {
		env := map[string]string{tc.name: tc.value}
		app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string { return env[k] }))
		tfkit.NewResource(tfkit.NewStack(app, "dev"), "terraform_data", "x", nil)
		_, err := app.Files()
		ds, _ := err.(diag.Diagnostics)
		if len(ds) != 1 || !strings.Contains(ds[0].Detail, tc.name+` is "`+tc.value+`"`) || ds[0].Suggestion[:len(tc.want)] != tc.want {
			t.Errorf("%s=%s: %v", tc.name, tc.value, err)
		}
	}
	// tofu is OpenTofu's name too.
	env := map[string]string{tfkit.EnvEngine: "tofu"}
	app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string { return env[k] }))
	tfkit.NewResource(tfkit.NewStack(app, "dev"), "terraform_data", "x", nil)
	if _, err := app.Files(); err != nil {
		t.Error(err)
	}
}
