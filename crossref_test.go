package tfkit_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
	"github.com/tfkit/tfkit/schema"
)

// crossCase builds an app whose stacks refer to each other; each stack's
// main.tf is compared with testdata/crossstack/<name>/<stack>.tf and the
// manifest's dependencies with deps.
type crossCase struct {
	name  string
	opts  []tfkit.Option
	build func(app *tfkit.App)
	deps  map[string][]string
}

var crossCases = []crossCase{
	{
		name: "two_stacks",
		build: func(app *tfkit.App) {
			network := tfkit.NewStack(app, "network")
			pet := tfkit.NewResource(network, "random_pet", "name", tfkit.Attrs{"length": 2})
			ids := tfkit.NewResource(network, "random_id", "ids", tfkit.Attrs{"byte_length": 4}).Count(2)
			region := tfkit.NewVariable(network, "region", tfkit.VariableConfig{Type: "string", Default: "eu"})
			locals := tfkit.NewLocals(network, tfkit.Attrs{"prefix": tfkit.Fn("upper", pet.Ref("id"))})
			net := tfkit.NewModule(network, "net", tfkit.ModuleConfig{Source: "./net"})
			// The producer keeps using what it exports, unchanged.
			id := pet.Ref("id")
			tfkit.NewResource(network, "terraform_data", "uses", tfkit.Attrs{"input": id})

			web := tfkit.NewStack(app, "web")
			tfkit.NewResource(web, "terraform_data", "app", tfkit.Ordered(
				"input", id,
				"typed", tfkit.As[string](pet.Ref("id")),
				"spliced", fmt.Sprintf("%s-web", pet.Ref("id")),
				"both", tfkit.Fn("join", "-", []any{pet.Ref("id"), locals.Ref("prefix")}),
				"whole", pet,
				"first", ids.Ref("[0].hex"),
				"all", tfkit.Splat(ids, "hex"),
				"region", region.Ref(),
				"module", net.Output("vpc_id"),
			))
			tfkit.NewResource(web, "terraform_data", "each", tfkit.Attrs{
				"input": tfkit.Index(ids, tfkit.CountIndex).Attr("hex"),
			}).Count(2)
			tfkit.NewOutput(web, "pet", tfkit.OutputConfig{Value: pet.Ref("id")})
		},
		deps: map[string][]string{"network": {}, "web": {"network"}},
	},
	{
		// Three stacks: dns reads both others; the explicit dependency
		// comes first, then the ones references add.
		name: "chain",
		build: func(app *tfkit.App) {
			base := tfkit.NewStack(app, "base")
			pet := tfkit.NewResource(base, "random_pet", "name", nil)
			mid := tfkit.NewStack(app, "mid.v2")
			str := tfkit.NewResource(mid, "random_string", "s", tfkit.Attrs{"length": 4, "keepers": map[string]any{"pet": pet.Ref("id")}})
			other := tfkit.NewStack(app, "other")
			dns := tfkit.NewStack(app, "dns").DependsOn(other)
			tfkit.NewResource(dns, "terraform_data", "record", tfkit.Attrs{
				"input": tfkit.Fn("format", "%s.%s", str.Ref("result"), pet.Ref("id")),
			})
		},
		deps: map[string][]string{"base": {}, "mid.v2": {"base"}, "other": {}, "dns": {"other", "base", "mid.v2"}},
	},
	{
		// The producer's backend is read with the same backend; a local
		// backend's relative path is relative to the producer's directory.
		name: "backends",
		build: func(app *tfkit.App) {
			s3 := tfkit.NewStack(app, "s3")
			tfkit.NewTerraform(s3, tfkit.TerraformConfig{Backend: tfkit.Backend("s3", tfkit.Ordered(
				"bucket", "state", "key", "s3/terraform.tfstate", "region", "eu-west-1"))})
			a := tfkit.NewResource(s3, "random_pet", "a", nil)
			local := tfkit.NewStack(app, "local")
			tfkit.NewTerraform(local, tfkit.TerraformConfig{Backend: tfkit.Backend("local", tfkit.Attrs{"path": "state/local.tfstate"})})
			b := tfkit.NewResource(local, "random_pet", "b", nil)
			abs := tfkit.NewStack(app, "abs")
			tfkit.NewTerraform(abs, tfkit.TerraformConfig{Backend: tfkit.Backend("local", tfkit.Attrs{"path": "/var/state/abs.tfstate"})})
			c := tfkit.NewResource(abs, "random_pet", "c", nil)
			reader := tfkit.NewStack(app, "reader")
			tfkit.NewTerraform(reader, tfkit.TerraformConfig{RequiredVersion: ">= 1.5"})
			tfkit.NewResource(reader, "terraform_data", "r", tfkit.Attrs{"input": []any{a.Ref("id"), b.Ref("id"), c.Ref("id")}})
		},
		deps: map[string][]string{"s3": {}, "local": {}, "abs": {}, "reader": {"s3", "local", "abs"}},
	},
	{
		// Names that would collide get a hash; a data source name the
		// consumer already uses too.
		name: "collisions",
		opts: []tfkit.Option{tfkit.WithSchemas(secretSchemas())},
		build: func(app *tfkit.App) {
			p := tfkit.NewStack(app, "p")
			ab := tfkit.NewResource(p, "random_pet", "a_b", nil)
			a := tfkit.NewResource(p, "random_pet", "a", tfkit.Attrs{"keepers": map[string]any{"b_id": "x"}})
			pw := tfkit.NewResource(p, "random_password", "pw", tfkit.Attrs{"length": 12})
			secret := tfkit.NewVariable(p, "secret", tfkit.VariableConfig{Type: "string", Sensitive: true, Default: "s"})
			tfkit.NewOutput(p, "cross_stack_output_random_pet_a", tfkit.OutputConfig{Value: "taken"})
			c := tfkit.NewStack(app, "c")
			tfkit.NewRemoteState(c, "p", "local", map[string]any{"path": "elsewhere.tfstate"})
			tfkit.NewResource(c, "terraform_data", "x", tfkit.Attrs{"input": tfkit.Ordered(
				"one", ab.Ref("id"),
				"two", a.Ref("keepers", "b_id"),
				"same", a.Ref("b_id"), // random_pet.a.b_id: the same name as random_pet.a_b.id
				"three", a,
				"secret", pw.Ref("result"),
				"pet", pw.Ref("id"),
				"var", secret.Ref(),
			)})
		},
		deps: map[string][]string{"p": {}, "c": {"p"}},
	},
	{
		// Raw HCL that the model keeps as text (a %{for} directive), and
		// iterators that look like references but are not.
		name: "raw_and_iterators",
		build: func(app *tfkit.App) {
			p := tfkit.NewStack(app, "p")
			pets := tfkit.NewResource(p, "random_pet", "pets", nil).Count(2)
			c := tfkit.NewStack(app, "c")
			tfkit.NewResource(c, "terraform_data", "x", tfkit.Attrs{
				"input": tfkit.Rawf(`"%%{ for p in %s }${p.id},%%{ endfor }"`, pets),
				"names": tfkit.For("random_pet", tfkit.Splat(pets, "id")).List(tfkit.Ref("random_pet.pets")),
			})
			tfkit.NewResource(c, "null_resource", "d", nil).Dynamic("random_pet", tfkit.Dynamic{
				ForEach: pets,
				Content: tfkit.Attrs{"v": tfkit.Ref("random_pet.value")},
			})
		},
		deps: map[string][]string{"p": {}, "c": {"p"}},
	},
}

// secretSchemas is a random provider schema with a sensitive attribute.
func secretSchemas() []*schema.Provider {
	str := func(name string, sensitive bool) *schema.Attribute {
		return &schema.Attribute{Name: name, Type: cty.String, Computed: true, Sensitive: sensitive}
	}
	return []*schema.Provider{{
		Source: "registry.terraform.io/hashicorp/random",
		Resources: []*schema.Resource{
			{Type: "random_password", Block: &schema.Block{Attributes: []*schema.Attribute{
				str("id", false), {Name: "length", Type: cty.Number, Required: true}, str("result", true),
			}}},
			{Type: "random_pet", Block: &schema.Block{Attributes: []*schema.Attribute{
				str("id", false), str("b_id", false), {Name: "keepers", Type: cty.Map(cty.String), Optional: true},
			}}},
		},
	}}
}

func TestCrossStackGolden(t *testing.T) {
	for _, cc := range crossCases {
		t.Run(cc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			project := projectWithModules(t)
			opts := append([]tfkit.Option{tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)), tfkit.WithProjectDir(project)}, cc.opts...)
			app := tfkit.NewApp(opts...)
			cc.build(app)
			if err := app.Synth(); err != nil {
				t.Fatal(err)
			}
			files := readTree(t, out)
			m, err := tfkit.ReadManifest(out)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for _, s := range m.Stacks {
				got[s.Name] = s.Dependencies
				golden.Check(t, filepath.Join("testdata", "crossstack", cc.name, s.Name+".tf"), []byte(files["stacks/"+s.Name+"/main.tf"]))
			}
			if !reflect.DeepEqual(got, cc.deps) {
				t.Errorf("dependencies %v, want %v", got, cc.deps)
			}
			for _, s := range app.Stacks() {
				text := []byte(files["stacks/"+s.Name()+"/main.tf"])
				rendertest.Formatted(t, text)
				rendertest.HCLRoundTrip(t, s.Config(), text)
			}
			// The JSON form synthesizes and validates too.
			jout := filepath.Join(t.TempDir(), "json")
			jopts := append([]tfkit.Option{tfkit.WithOutdir(jout), tfkit.WithFormat(tfkit.FormatJSON), tfkit.WithGetenv(envOf(nil)), tfkit.WithProjectDir(project)}, cc.opts...)
			japp := tfkit.NewApp(jopts...)
			cc.build(japp)
			if err := japp.Synth(); err != nil {
				t.Fatal(err)
			}
			for _, s := range japp.Stacks() {
				if ds := s.Validate(); ds.HasErrors() {
					t.Errorf("stack %s: %s", s.Name(), ds)
				}
			}
		})
	}

}

// TestCrossStackKeepsDeclaredBlocks: the rewrite happens on the written
// configuration; the consumer's blocks keep the references as built, so
// synthesizing twice gives the same output.
func TestCrossStackKeepsDeclaredBlocks(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	pet := tfkit.NewResource(a, "random_pet", "p", nil)
	b := tfkit.NewStack(app, "b")
	r := tfkit.NewResource(b, "terraform_data", "x", tfkit.Attrs{"input": pet.Ref("id")})
	first := configText(t, b)
	if !strings.Contains(first, "data.terraform_remote_state.a.outputs.cross_stack_output_random_pet_p_id") {
		t.Errorf("consumer:\n%s", first)
	}
	if got := r.Block().Body.Attribute("input"); got == nil || strings.Contains(tfkit.ExprOf(got.Expr).HCL(), "remote_state") {
		t.Errorf("declared input changed: %v", got)
	}
	if again := configText(t, b); again != first {
		t.Errorf("second Config differs:\n%s\nvs\n%s", again, first)
	}
	if deps := b.Dependencies(); len(deps) != 1 || deps[0] != a {
		t.Errorf("dependencies %v", deps)
	}
}

func configText(t *testing.T, s *tfkit.Stack) string {
	t.Helper()
	text, err := render.HCL(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestCrossStackCycle(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithOutdir(t.TempDir()), tfkit.WithGetenv(envOf(nil)))
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	pa := tfkit.NewResource(a, "random_pet", "pa", nil)
	lb := here() + 1
	pb := tfkit.NewResource(b, "random_pet", "pb", tfkit.Attrs{"prefix": pa.Ref("id")})
	la := here() + 1
	pa.Set("prefix", pb.Ref("id"))
	ds := app.Validate()
	var found bool
	for _, d := range ds {
		if d.Summary != "Stack dependency cycle" {
			t.Errorf("unexpected diagnostic: %s", d)
			continue
		}
		found = true
		for _, s := range []string{`a → b → a`, `random_pet.pa`, `random_pet.pb`, `Stack "a" depends on "b"`, `Stack "b" depends on "a"`} {
			if !strings.Contains(d.Detail, s) {
				t.Errorf("detail does not name %q: %s", s, d.Detail)
			}
		}
		var lines []int
		for _, r := range d.Related {
			lines = append(lines, r.Range.Start.Line)
		}
		// Each dependency points at the line that made the reference:
		// pa's is the Set after its declaration.
		if len(lines) != 2 || !containsInt(lines, lb) || !containsInt(lines, la) {
			t.Errorf("related lines %v, want %d and %d", lines, lb, la)
		}
	}
	if !found {
		t.Fatalf("no cycle diagnostic: %s", ds)
	}
	if err := app.Synth(); err == nil {
		t.Error("Synth succeeded with a cycle")
	}
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

func TestCrossStackAmbiguous(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	c := tfkit.NewStack(app, "c")
	pa := tfkit.NewResource(a, "random_pet", "p", nil)
	tfkit.NewResource(c, "random_pet", "p", nil)
	// By handle: the handle says which stack.
	tfkit.NewResource(b, "terraform_data", "ok", tfkit.Attrs{"input": pa.Ref("id")})
	if ds := app.Validate(); ds.HasErrors() {
		t.Fatalf("handle reference: %s", ds)
	}
	if !strings.Contains(configText(t, b), "data.terraform_remote_state.a.outputs") {
		t.Errorf("consumer:\n%s", configText(t, b))
	}

	// By text only, in a stack that no handle tells about: ambiguous.
	d := tfkit.NewStack(app, "d")
	line := here() + 1
	tfkit.NewResource(d, "terraform_data", "text", tfkit.Attrs{"input": "${random_pet.p.id}"})
	checkDiags(t, app.Validate(),
		want{"Ambiguous cross-stack reference", line, "terraform_data.text.input"},
		want{"Reference to undeclared resource", line, "terraform_data.text.input"})

	// One expression with two elements of the same address.
	app2 := tfkit.NewApp()
	x := tfkit.NewStack(app2, "x")
	y := tfkit.NewStack(app2, "y")
	px := tfkit.NewResource(x, "random_pet", "p", nil)
	py := tfkit.NewResource(y, "random_pet", "p", nil)
	line = here() + 1
	tfkit.NewResource(y, "terraform_data", "t", tfkit.Attrs{"input": tfkit.Fn("join", "-", []any{px.Ref("id"), py.Ref("id")})})
	checkDiags(t, y.Diagnostics(), want{"Ambiguous cross-stack reference", line, "terraform_data.t.input"})
}

// TestCrossStackCheckData: a check's scoped data source is the stack's own,
// even when another stack declares a data source of that address.
func TestCrossStackCheckData(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	tfkit.NewDataSource(a, "http", "site", tfkit.Attrs{"url": "https://a.example"})
	b := tfkit.NewStack(app, "b")
	ch := tfkit.NewCheck(b, "up")
	site := ch.Data("http", "site", tfkit.Attrs{"url": "https://b.example"})
	ch.Assert(tfkit.Condition{Condition: tfkit.Op(site.Ref("status_code"), "==", 200), ErrorMessage: "down"})
	if ds := app.Validate(); ds.HasErrors() {
		t.Fatal(ds)
	}
	if text := configText(t, b); strings.Contains(text, "remote_state") || !strings.Contains(text, "data.http.site.status_code == 200") {
		t.Errorf("consumer:\n%s", text)
	}
	if deps := b.Dependencies(); len(deps) != 0 {
		t.Errorf("dependencies %v", deps)
	}
}

// TestCrossStackSameAddress: stacks may declare elements of the same
// address; a handle says which one a reference reads.
func TestCrossStackSameAddress(t *testing.T) {
	app := tfkit.NewApp()
	x := tfkit.NewStack(app, "x")
	y := tfkit.NewStack(app, "y")
	px := tfkit.NewResource(x, "random_pet", "p", nil)
	py := tfkit.NewResource(y, "random_pet", "p", tfkit.Attrs{"prefix": px.Ref("id")})
	tfkit.NewResource(y, "terraform_data", "t", tfkit.Ordered(
		"theirs", px.Ref("id"),
		"mine", py.Ref("id"),
		"both", []any{px, py},
	))
	// Raw HCL bodies take their references' stacks as a whole.
	tfkit.NewLocals(y, tfkit.RawBodyf("from_x = %s", px.Ref("id"))).Set("from_y", py.Ref("id"))
	if ds := app.Validate(); ds.HasErrors() {
		t.Fatal(ds)
	}
	want := `data "terraform_remote_state" "x" {
  backend = "local"
  config = {
    path = "${path.module}/../x/terraform.tfstate"
  }
}

resource "random_pet" "p" {
  prefix = data.terraform_remote_state.x.outputs.cross_stack_output_random_pet_p_id
}

resource "terraform_data" "t" {
  theirs = data.terraform_remote_state.x.outputs.cross_stack_output_random_pet_p_id
  mine   = random_pet.p.id
  both   = [data.terraform_remote_state.x.outputs.cross_stack_output_random_pet_p, random_pet.p]
}

locals {
  from_x = data.terraform_remote_state.x.outputs.cross_stack_output_random_pet_p_id
  from_y = random_pet.p.id
}
`
	if got := configText(t, y); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestCrossStackOtherApp(t *testing.T) {
	a := tfkit.NewStack(tfkit.NewApp(), "a")
	pet := tfkit.NewResource(a, "random_pet", "p", nil)
	b := tfkit.NewStack(tfkit.NewApp(), "b")
	line := here() + 1
	tfkit.NewResource(b, "terraform_data", "t", tfkit.Attrs{"input": pet.Ref("id")})
	checkDiags(t, b.Diagnostics(), want{"Reference to a stack of another app", line, "terraform_data.t"})
}

func TestCrossStackCloud(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	tfkit.NewTerraform(a, tfkit.TerraformConfig{Cloud: tfkit.Attrs{"organization": "o"}})
	pet := tfkit.NewResource(a, "random_pet", "p", nil)
	b := tfkit.NewStack(app, "b")
	t2 := tfkit.NewResource(b, "terraform_data", "t", nil)
	line := here() + 1
	t2.Set("input", pet.Ref("id"))
	ds := app.Validate()
	if len(ds) != 1 || ds[0].Summary != "Cross-stack reference to a stack in HCP Terraform" {
		t.Fatalf("diagnostics: %s", ds)
	}
	// At the argument that reads the other stack.
	if ds[0].Subject == nil || ds[0].Subject.Start.Line != line {
		t.Errorf("at %v, want line %d", ds[0].Subject, line)
	}
}

// FuzzCrossStack builds three stacks from fuzz input whose elements use
// the values of their own stack's and earlier stacks' elements in every
// form, with the same addresses in every stack. Whatever the API accepts
// must render without a reference mark left, and every remote output a
// stack reads must be an output of the stack its data source reads.
func FuzzCrossStack(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{1, 9, 17, 25, 33, 41, 49, 57})
	f.Add([]byte{2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 48 {
			ops = ops[:48]
		}
		app := tfkit.NewApp()
		stacks := []*tfkit.Stack{tfkit.NewStack(app, "a"), tfkit.NewStack(app, "b.c"), tfkit.NewStack(app, "9d")}
		var resources []*tfkit.Resource
		type local struct {
			l    *tfkit.Locals
			name string
		}
		var locals []local
		blocks := map[*tfkit.Stack]*tfkit.Locals{}
		var si int // the stack being built
		index := map[*tfkit.Stack]int{stacks[0]: 0, stacks[1]: 1, stacks[2]: 2}
		value := func(op byte) any {
			var usable []*tfkit.Resource
			for _, r := range resources {
				if index[r.Stack()] <= si {
					usable = append(usable, r)
				}
			}
			if len(usable) == 0 {
				return int(op)
			}
			r := usable[int(op)%len(usable)]
			switch op % 7 {
			case 0:
				return r.Ref("id")
			case 1:
				return r
			case 2:
				return fmt.Sprintf("x-%s", r.Ref("id"))
			case 3:
				return tfkit.Splat(r, "id")
			case 4:
				return tfkit.Fn("upper", r.Ref("id"))
			case 5:
				for _, l := range locals {
					if index[l.l.Stack()] <= si && int(op)%2 == 0 {
						return l.l.Ref(l.name)
					}
				}
				return r.Ref("triggers")
			default:
				return tfkit.For("x", tfkit.Splat(r, "id")).List(tfkit.Fn("lower", tfkit.Ref("x")))
			}
		}
		count := map[*tfkit.Stack]int{}
		for i, op := range ops {
			si = int(op) % len(stacks)
			s := stacks[si]
			name := fmt.Sprintf("r%d", count[s]) // addresses repeat across stacks
			switch (op / 3) % 4 {
			case 0, 1:
				count[s]++
				resources = append(resources, tfkit.NewResource(s, "null_resource", name, tfkit.Attrs{"triggers": map[string]any{"v": value(op / 12)}}))
			case 2:
				ln := fmt.Sprintf("l%d", i)
				v := value(op / 12)
				if blocks[s] == nil {
					blocks[s] = tfkit.NewLocals(s, tfkit.Attrs{ln: v})
				} else {
					blocks[s].Set(ln, v)
				}
				locals = append(locals, local{blocks[s], ln})
			default:
				tfkit.NewOutput(s, fmt.Sprintf("o%d", i), tfkit.OutputConfig{Value: value(op / 12)})
			}
		}
		if app.Validate().HasErrors() {
			return
		}
		outputs := map[string]map[string]bool{}
		remote := map[string]map[string]string{} // stack → data source → producer
		for _, s := range stacks {
			outputs[s.Name()] = map[string]bool{}
			remote[s.Name()] = map[string]string{}
			for _, b := range s.Config().Blocks {
				switch {
				case b.Type == "output":
					outputs[s.Name()][b.Labels[0]] = true
				case b.Type == "data" && b.Labels[0] == "terraform_remote_state":
					path := tfkit.ExprOf(b.Body.Attribute("config").Expr).HCL()
					for _, p := range stacks {
						if strings.Contains(path, "/../"+p.Name()+"/") {
							remote[s.Name()][b.Labels[1]] = p.Name()
						}
					}
				}
			}
		}
		read := regexp.MustCompile(`data\.terraform_remote_state\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)`)
		for _, s := range stacks {
			text, err := render.HCL(s.Config())
			if err != nil {
				t.Fatalf("render %s: %v", s.Name(), err)
			}
			if strings.Contains(string(text), "tfkit-stack:") {
				t.Fatalf("stack %s keeps a reference mark:\n%s", s.Name(), text)
			}
			for _, m := range read.FindAllStringSubmatch(string(text), -1) {
				p, ok := remote[s.Name()][m[1]]
				if !ok || !outputs[p][m[2]] {
					t.Fatalf("stack %s reads %s.%s, which no stack writes:\n%s", s.Name(), m[1], m[2], text)
				}
			}
		}
	})
}
