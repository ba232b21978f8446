package tfkittest_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tfkittest"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errors  []string
	skipped string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// capture runs f with a recorder on its own goroutine, so Fatalf and
// Skipf end only f.
func capture(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

func webStack() *tfkit.Stack {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "web")
	tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "eu-west-1"}).Source("hashicorp/aws", "~> 5.0")
	vpc := tfkit.NewResource(s, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
	tfkit.NewResource(s, "aws_security_group", "web", tfkit.Attrs{
		"vpc_id": vpc.Ref("id"),
		"tags":   map[string]any{"Name": "web", "Team": "platform"},
		"ingress": tfkit.Blocks(
			tfkit.Attrs{"from_port": 443, "to_port": 443, "protocol": "tcp"},
			tfkit.Attrs{"from_port": 80, "to_port": 80, "protocol": "tcp"},
		),
	})
	tfkit.NewResource(s, "aws_security_group", "db", tfkit.Attrs{"vpc_id": vpc.Ref("id"), "tags": map[string]any{"Name": "db"}})
	tfkit.NewDataSource(s, "aws_ami", "ubuntu", tfkit.Attrs{"most_recent": true})
	tfkit.NewOutput(s, "vpc_id", tfkit.OutputConfig{Value: vpc.Ref("id")})
	return s
}

func TestAssertionsHold(t *testing.T) {
	s := tfkittest.Synth(t, webStack())
	vpcID := tfkit.Raw("aws_vpc.main.id")
	r := capture(t, func(tb testing.TB) {
		s.HasResource(tb, "aws_vpc")
		s.HasResourceWithProperties(tb, "aws_security_group", map[string]any{
			"vpc_id":  vpcID,
			"tags":    tfkit.Attrs{"Team": "platform"},
			"ingress": map[string]any{"from_port": 80},
		})
		s.HasResourceWithProperties(tb, "aws_security_group", map[string]any{
			"ingress": []any{map[string]any{"to_port": int64(443)}, map[string]any{"protocol": "tcp"}},
		})
		s.HasDataSource(tb, "aws_ami")
		s.HasDataSourceWithProperties(tb, "aws_ami", map[string]any{"most_recent": true})
		s.HasProvider(tb, "aws")
		s.HasOutput(tb, "vpc_id")
	})
	if len(r.errors) > 0 {
		t.Fatalf("assertions failed:\n%s", strings.Join(r.errors, "\n"))
	}
}

func TestAssertionFailures(t *testing.T) {
	s := tfkittest.Synth(t, webStack())
	for _, c := range []struct {
		name   string
		assert func(tb testing.TB) bool
		want   string
	}{
		{"type", func(tb testing.TB) bool { return s.HasResource(tb, "aws_secruity_group") },
			`stack web has no resource of type aws_secruity_group (it has aws_security_group, aws_vpc; did you mean "aws_security_group"?)`},
		{"props", func(tb testing.TB) bool {
			return s.HasResourceWithProperties(tb, "aws_security_group", map[string]any{
				"tags":    map[string]any{"Name": "web", "Team": "data", "Owner": "x"},
				"ingress": []any{map[string]any{"from_port": 443}},
			})
		}, "stack web has no resource aws_security_group with these properties; the closest, aws_security_group.web, differs at:\n" +
			"  ingress: got a list of 2, want 1\n" +
			"  tags.Owner: missing\n" +
			`  tags.Team: got "platform", want "data"`},
		{"reference", func(tb testing.TB) bool {
			return s.HasResourceWithProperties(tb, "aws_security_group", map[string]any{"vpc_id": tfkit.Raw("aws_vpc.other.id")})
		}, "stack web has no resource aws_security_group with these properties; the closest, aws_security_group.db, differs at:\n" +
			`  vpc_id: got "${aws_vpc.main.id}", want "${aws_vpc.other.id}"`},
		{"data", func(tb testing.TB) bool { return s.HasDataSource(tb, "aws_vpc") },
			`stack web has no data source of type aws_vpc (it has aws_ami; did you mean "aws_ami"?)`},
		{"provider", func(tb testing.TB) bool { return s.HasProvider(tb, "google") },
			"stack web has no provider google (it has aws)"},
		{"output", func(tb testing.TB) bool { return s.HasOutput(tb, "vpc") },
			"stack web has no output vpc (it has vpc_id)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var held bool
			r := capture(t, func(tb testing.TB) { held = c.assert(tb) })
			if held || len(r.errors) != 1 || r.errors[0] != c.want {
				t.Fatalf("held %v, errors:\n%s\nwant:\n%s", held, strings.Join(r.errors, "\n"), c.want)
			}
		})
	}
}

// A stack without provider blocks, whose providers are only required
// (as typed bindings leave them), is asked about without a panic.
func TestHasProviderRequiredOnly(t *testing.T) {
	app := tfkit.NewApp()
	st := tfkit.NewStack(app, "web")
	st.RequireProvider("random", "hashicorp/random", "3.9.0")
	tfkit.NewResource(st, "random_pet", "p", nil)
	s := tfkittest.Synth(t, st)
	r := capture(t, func(tb testing.TB) {
		if !s.HasProvider(tb, "random") {
			tb.Errorf("random: not found")
		}
		s.HasProvider(tb, "aws")
	})
	want := "stack web has no provider aws (it has random)"
	if len(r.errors) != 1 || r.errors[0] != want {
		t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), want)
	}
}

func TestMatch(t *testing.T) {
	var body map[string]any
	if err := json.Unmarshal([]byte(`{"n": 1.5, "list": [1, 2], "nested": {"deep": {"x": null, "ok": true}}, "s": "a"}`), &body); err != nil {
		t.Fatal(err)
	}
	if d := tfkittest.Match(body, map[string]any{"n": 1.5, "list": []int{1, 2}, "nested": map[string]any{"deep": map[string]any{"x": nil}}}); d != nil {
		t.Errorf("match: %v", d)
	}
	got := tfkittest.Match(body, map[string]any{"n": 2, "list": []int{1, 3}, "nested": map[string]any{"deep": map[string]any{"ok": "yes", "nx": 1}}, "s": 1, "x": true})
	want := []string{
		"list[1]: got 2, want 3",
		"n: got 1.5, want 2",
		`nested.deep.nx: missing (did you mean "x"?)`,
		`nested.deep.ok: got true, want "yes"`,
		`s: got "a", want 1`,
		`x: missing (did you mean "n"?)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diffs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Typed values among the properties: a literal is compared as the value it
// holds, an expression as its text.
func TestMatchTypedValues(t *testing.T) {
	app := tfkit.NewApp()
	st := tfkit.NewStack(app, "web")
	tfkit.NewResource(st, "random_pet", "p", tfkit.Attrs{
		"length":    tfkit.Number(2),
		"prefix":    tfkit.String("x"),
		"keepers":   tfkit.V(map[string]string{"a": "b"}),
		"separator": tfkit.As[string](tfkit.Var("sep")),
	})
	tfkit.NewVariable(st, "sep", tfkit.VariableConfig{Type: "string"})
	s := tfkittest.Synth(t, st)
	r := capture(t, func(tb testing.TB) {
		s.HasResourceWithProperties(tb, "random_pet", map[string]any{
			"length":    tfkit.Number(2),
			"prefix":    tfkit.String("x"),
			"keepers":   tfkit.V(map[string]string{"a": "b"}),
			"separator": tfkit.As[string](tfkit.Var("sep")),
		})
		s.HasResourceWithProperties(tb, "random_pet", map[string]any{
			"length":  tfkit.Number(3),
			"keepers": tfkit.V(map[string]string{"a": "c"}),
		})
	})
	want := "stack web has no resource random_pet with these properties; the closest, random_pet.p, differs at:\n" +
		"  keepers.a: got \"b\", want \"c\"\n" +
		"  length: got 2, want 3"
	if len(r.errors) != 1 || r.errors[0] != want {
		t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), want)
	}
}

// A handle among the properties is the reference a body holding it
// writes; a nil one says so instead of "cannot compare".
func TestMatchElementHandle(t *testing.T) {
	app := tfkit.NewApp()
	st := tfkit.NewStack(app, "web")
	pet := tfkit.NewResource(st, "random_pet", "p", nil)
	tfkit.NewResource(st, "terraform_data", "d", tfkit.Attrs{"input": pet})
	s := tfkittest.Synth(t, st)
	var never *tfkit.Resource
	r := capture(t, func(tb testing.TB) {
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": pet})
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": never})
	})
	want := "stack web has no resource terraform_data with these properties; the closest, terraform_data.d, differs at:\n" +
		"  input: cannot compare with *tfkit.Resource: a nil handle, or one its constructor did not make (use the handle the constructor returned)"
	if len(r.errors) != 1 || r.errors[0] != want {
		t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), want)
	}
}

func TestSnapshot(t *testing.T) {
	s := tfkittest.Synth(t, webStack())
	file := filepath.Join(t.TempDir(), "snap", "web.tf")
	r := capture(t, func(tb testing.TB) { s.Snapshot(tb, file) })
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "does not exist; run go test with -tfkit.update") {
		t.Fatalf("missing snapshot: %v", r.errors)
	}
	t.Setenv(tfkittest.EnvUpdate, "1")
	s.Snapshot(t, file)
	t.Setenv(tfkittest.EnvUpdate, "")
	if r := capture(t, func(tb testing.TB) { s.Snapshot(tb, file) }); len(r.errors) != 0 {
		t.Fatalf("fresh snapshot differs: %v", r.errors)
	}
	data, _ := os.ReadFile(file)
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), "10.0.0.0/16", "10.1.0.0/16", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	r = capture(t, func(tb testing.TB) { s.Snapshot(tb, file) })
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], `-  cidr_block = "10.1.0.0/16"`) || !strings.Contains(r.errors[0], `+  cidr_block = "10.0.0.0/16"`) {
		t.Fatalf("changed snapshot: %v", r.errors)
	}
}

func TestSynthFailsOnErrors(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "bad")
	tfkit.NewResource(s, "null_resource", "a", tfkit.Attrs{"triggers": tfkit.Raw("var.missing")})
	r := capture(t, func(tb testing.TB) { tfkittest.Synth(tb, s) })
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "the app does not synthesize") || !strings.Contains(r.errors[0], `input variable with the name "missing"`) {
		t.Fatalf("errors: %v", r.errors)
	}
}

func TestIsValidTerraform(t *testing.T) {
	if os.Getenv("TFKIT_TERRAFORM") == "" || os.Getenv("TF_CLI_CONFIG_FILE") == "" {
		t.Skip("set TFKIT_TERRAFORM and TF_CLI_CONFIG_FILE (the provider mirror) to run the engine")
	}
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "ok")
	tfkit.NewResource(s, "null_resource", "a", tfkit.Attrs{"triggers": map[string]any{"k": "v"}})
	st := tfkittest.Synth(t, s)
	if !st.IsValidTerraform(t) {
		t.Fatal("a valid stack is not valid")
	}
	bad := tfkit.NewStack(app, "bad")
	tfkit.NewResource(bad, "null_resource", "a", tfkit.Attrs{"trigers": map[string]any{"k": "v"}})
	sb := tfkittest.Synth(t, bad)
	r := capture(t, func(tb testing.TB) { sb.IsValidTerraform(tb) })
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "stack bad is not valid Terraform") || !strings.Contains(r.errors[0], `main.tf:2:3: error: Unsupported argument`) {
		t.Fatalf("errors: %v", r.errors)
	}
}

func TestIsValidTerraformSkipsWithoutEngine(t *testing.T) {
	st := tfkittest.Synth(t, webStack())
	t.Setenv("TFKIT_TERRAFORM", "")
	t.Setenv("PATH", t.TempDir())
	r := capture(t, func(tb testing.TB) { st.IsValidTerraform(tb) })
	if !strings.Contains(r.skipped, "no engine to validate with") || len(r.errors) != 0 {
		t.Fatalf("skipped %q, errors %v", r.skipped, r.errors)
	}
}

// crossStacks is an app whose stacks web and api read stack network's
// elements; web has an element of the same address as one of network's.
func crossStacks() (web, api *tfkit.Stack, pet, own, suffix *tfkit.Resource, token *tfkit.Variable) {
	app := tfkit.NewApp()
	network := tfkit.NewStack(app, "network")
	pet = tfkit.NewResource(network, "random_pet", "name", nil)
	token = tfkit.NewVariable(network, "token", tfkit.VariableConfig{Sensitive: true})
	suffix = tfkit.NewResource(network, "random_string", "suffix", tfkit.Attrs{"length": 4})
	web = tfkit.NewStack(app, "web")
	own = tfkit.NewResource(web, "random_pet", "name", nil)
	tfkit.NewResource(web, "terraform_data", "greeting", tfkit.Attrs{
		"pet":    pet,
		"own":    own,
		"theirs": pet.Ref("id"),
		"token":  token.Ref(),
	})
	tfkit.NewDataSource(web, "http", "site", tfkit.Attrs{"url": pet.Ref("id")})
	tfkit.NewResource(web, "terraform_data", "upper", tfkit.Attrs{"input": tfkit.Fn("upper", pet.Ref("id"))})
	api = tfkit.NewStack(app, "api")
	// A reference spliced into a string is text, which reads the one stack
	// that declares its address.
	tfkit.NewResource(api, "terraform_data", "hello", tfkit.Attrs{"input": fmt.Sprintf("hello-%s", suffix.Ref("result"))})
	return web, api, pet, own, suffix, token
}

// boundResource holds its handle as the bindings tfkit get writes do: unexported,
// reached through Resource.
type boundResource struct{ h *tfkit.Resource }

func (x *boundResource) Resource() *tfkit.Resource { return x.h }
func (x *boundResource) Block() *config.Block      { return x.h.Block() }

// A property given a handle (or a reference made with one) of another
// stack matches what synth wrote for it, the read of that stack's output
// through terraform_remote_state (sensitive() included); a mismatch says
// what the body reads.
func TestCrossStackProperties(t *testing.T) {
	webStack, apiStack, pet, own, suffix, token := crossStacks()
	web := tfkittest.Synth(t, webStack)
	api := tfkittest.Synth(t, apiStack)
	r := capture(t, func(tb testing.TB) {
		web.HasResourceWithProperties(tb, "terraform_data", map[string]any{
			"pet":    pet,
			"own":    own,
			"theirs": pet.Ref("id"),
			"token":  token.Ref(),
		})
		web.HasDataSourceWithProperties(tb, "http", map[string]any{"url": pet.Ref("id")})
		web.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": tfkit.Fn("upper", pet.Ref("id"))})
		// What synth wrote matches too.
		web.HasResourceWithProperties(tb, "terraform_data", map[string]any{
			"theirs": "${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id}",
		})
		api.HasResourceWithProperties(tb, "terraform_data", map[string]any{"input": fmt.Sprintf("hello-%s", suffix.Ref("result"))})
	})
	if len(r.errors) > 0 {
		t.Fatalf("assertions failed:\n%s", strings.Join(r.errors, "\n"))
	}

	for _, c := range []struct {
		name  string
		props map[string]any
		want  string
	}{
		{"other reference", map[string]any{"theirs": tfkit.Raw("random_pet.other.id")},
			`theirs: got "${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id}" (reading stack network's random_pet.name.id), want "${random_pet.other.id}"`},
		// Handles tell apart the elements of one address in two stacks.
		{"own handle for theirs", map[string]any{"pet": own},
			`pet: got "${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name}" (reading stack network's random_pet.name), want "${random_pet.name}"`},
		{"their handle for own", map[string]any{"own": pet},
			`own: got "${random_pet.name}", want stack network's random_pet.name (read through terraform_remote_state)`},
		// So do typed bindings' handles.
		{"own typed handle for theirs", map[string]any{"pet": &boundResource{own}},
			`pet: got "${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name}" (reading stack network's random_pet.name), want "${random_pet.name}"`},
		{"their typed handle for own", map[string]any{"own": &boundResource{pet}},
			`own: got "${random_pet.name}", want stack network's random_pet.name (read through terraform_remote_state)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := capture(t, func(tb testing.TB) { web.HasResourceWithProperties(tb, "terraform_data", c.props) })
			want := "stack web has no resource terraform_data with these properties; the closest, terraform_data.greeting, differs at:\n  " + c.want
			if len(r.errors) != 1 || r.errors[0] != want {
				t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), want)
			}
		})
	}
}

// TestJSONWithSchemas: an app that synthesizes JSON with provider schemas
// writes aws 3.x's ingress blocks as the ingress attribute, every
// attribute of the element given (null when left out), and a block beside
// a dynamic one as a dynamic block over one element; Stack.JSON, and the
// assertions reading it, are that JSON.
func TestJSONWithSchemas(t *testing.T) {
	file := filepath.Join("..", "..", "shared", "schemas", "aws-3.3.0.json")
	if _, err := os.Stat(file); err != nil {
		t.Skip("no aws schema at", file)
	}
	providers, err := schema.ReadProvidersFile(file)
	if err != nil {
		t.Fatal(err)
	}
	app := tfkit.NewApp(tfkit.WithSchemas(providers), tfkit.WithFormat(tfkit.FormatJSON),
		tfkit.WithGetenv(func(string) string { return "" }))
	stack := tfkit.NewStack(app, "web")
	tfkit.NewProvider(stack, "aws", tfkit.Attrs{"region": "eu-west-1"}).Source("hashicorp/aws", "3.3.0")
	tfkit.NewResource(stack, "aws_security_group", "web", tfkit.Attrs{
		"ingress": tfkit.Blocks(tfkit.Attrs{"from_port": 443, "to_port": 443, "protocol": "tcp"}),
	})
	tfkit.NewResource(stack, "aws_security_group", "mixed", tfkit.Attrs{
		"egress": []tfkit.BlockItem{
			tfkit.Block(tfkit.Attrs{"from_port": 0, "to_port": 0, "protocol": "-1"}),
			tfkit.Dynamic{ForEach: []int{80}, Content: tfkit.Attrs{"from_port": tfkit.Ref("egress.value"), "to_port": tfkit.Ref("egress.value"), "protocol": "tcp"}},
		},
	})
	s := tfkittest.Synth(t, stack)
	if string(s.JSON) != string(s.Files["main.tf.json"]) {
		t.Errorf("Stack.JSON is not the main.tf.json Synth writes:\n%s\nSynth:\n%s", s.JSON, s.Files["main.tf.json"])
	}
	s.HasResourceWithProperties(t, "aws_security_group", map[string]any{
		"ingress": []any{map[string]any{"from_port": 443, "cidr_blocks": nil, "self": nil}},
	})
	s.HasResourceWithProperties(t, "aws_security_group", map[string]any{"ingress": map[string]any{"from_port": 443}})
	s.HasResourceWithProperties(t, "aws_security_group", map[string]any{
		"dynamic": map[string]any{"egress": []any{
			map[string]any{"for_each": []any{0}, "content": map[string]any{"protocol": "-1"}},
			map[string]any{"for_each": []any{80}},
		}},
	})
	var doc struct {
		Resource map[string]map[string]map[string]any `json:"resource"`
	}
	if err := json.Unmarshal(s.JSON, &doc); err != nil {
		t.Fatal(err)
	}
	ingress, _ := doc.Resource["aws_security_group"]["web"]["ingress"].([]any)
	if len(ingress) != 1 {
		t.Fatalf("ingress is not an array of one object:\n%s", s.JSON)
	}
	if v, ok := ingress[0].(map[string]any)["ipv6_cidr_blocks"]; !ok || v != nil {
		t.Errorf("ingress does not give ipv6_cidr_blocks as null:\n%s", s.JSON)
	}
}

// TestSynthNilStack: a nil stack, or one tfkit.NewStack did not make, stops
// the test saying so, not with an error about the app inside tfkittest.
func TestSynthNilStack(t *testing.T) {
	for want, s := range map[string]*tfkit.Stack{"a nil *tfkit.Stack": nil, "a zero tfkit.Stack{}": {}} {
		r := capture(t, func(tb testing.TB) { tfkittest.Synth(tb, s) })
		if len(r.errors) != 1 || !strings.Contains(r.errors[0], want) || !strings.Contains(r.errors[0], "tfkit.NewStack(app, name)") || strings.Contains(r.errors[0], "tfkittest.go") {
			t.Errorf("errors %q, want one naming %s and the fix", r.errors, want)
		}
	}
}
