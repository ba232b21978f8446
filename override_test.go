package tfkit_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/render"
)

// buildOverrides declares a null_resource and overrides its lifecycle,
// provisioners and triggers after construction.
func buildOverrides(s *tfkit.Stack) *tfkit.Resource {
	tfkit.NewProvider(s, "null", nil).Source("hashicorp/null", "2.1.2")
	first := tfkit.NewResource(s, "null_resource", "first", nil)
	r := tfkit.NewResource(s, "null_resource", "hello", tfkit.Attrs{
		"triggers": map[string]any{"a": "1", "b": "2"},
	}).Provisioner(tfkit.Provisioner{Type: "local-exec", Config: tfkit.Attrs{"command": "echo one"}})
	r.Override("lifecycle.create_before_destroy", true).
		Override("lifecycle.ignore_changes", []string{"triggers"}).
		Override("provisioner.local-exec.command", "echo created").
		Override("provisioner.local-exec.on_failure", "continue").
		Override("triggers.c", first.Ref("id")).
		Unset("triggers.a").
		Override("count", 2)
	return r
}

func stackHCL(t *testing.T, s *tfkit.Stack) string {
	t.Helper()
	if ds := s.Validate(); ds.HasErrors() {
		t.Fatal(ds)
	}
	b, err := render.HCL(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestOverride(t *testing.T) {
	_, s := newStack(t)
	buildOverrides(s)
	got := stackHCL(t, s)
	want := `resource "null_resource" "hello" {
  count = 2
  triggers = {
    b = "2"
    c = null_resource.first.id
  }

  provisioner "local-exec" {
    command    = "echo created"
    on_failure = continue
  }

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [triggers]
  }
}
`
	if !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant it to contain\n%s", got, want)
	}
}

func TestOverrideNestedBlockIndex(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewResource(s, "aws_instance", "web", tfkit.Attrs{
		"ami": "ami-1",
		"ebs_block_device": tfkit.Blocks(
			tfkit.Attrs{"device_name": "/dev/sdb", "volume_size": 10},
			tfkit.Attrs{"device_name": "/dev/sdc", "volume_size": 10},
		),
		"tags": map[string]string{"Name": "web", "Env": "dev"},
	}).Override("ebs_block_device.1.volume_size", 100).
		Unset("tags.Name").
		Override(`tags["kubernetes.io/role"]`, "web")
	got := stackHCL(t, s)
	for _, w := range []string{
		"device_name = \"/dev/sdb\"\n    volume_size = 10\n",
		"device_name = \"/dev/sdc\"\n    volume_size = 100\n",
		`"kubernetes.io/role" = "web"`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("output lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "Name") {
		t.Errorf("tags.Name was not deleted:\n%s", got)
	}
}

func TestOverrideErrorsAtCallerLine(t *testing.T) {
	_, s := newStack(t)
	r := tfkit.NewResource(s, "aws_instance", "web", tfkit.Attrs{
		"ami":              "ami-1",
		"ebs_block_device": tfkit.Block(tfkit.Attrs{"volume_size": 10}),
	})
	l1 := here() + 1
	r.Override("ebs_block_device.3.volume_size", 100)
	l2 := here() + 1
	r.Override("ami.name", "x")
	l3 := here() + 1
	r.Override("root_block_device.0.volume_size", 1)
	l4 := here() + 1
	r.Unset("a..b")
	checkDiags(t, s.Validate(),
		want{summary: "Invalid override", line: l1, path: "aws_instance.web.ebs_block_device.3.volume_size"},
		want{summary: "Invalid override", line: l2, path: "aws_instance.web.ami.name"},
		want{summary: "Invalid override", line: l3},
		want{summary: "Invalid override path", line: l4},
	)
	ds := s.Validate().Errs()
	if !strings.Contains(ds[0].Detail, "index 3 is past the 1 ebs_block_device block(s)") {
		t.Errorf("detail: %s", ds[0].Detail)
	}
	if !strings.Contains(ds[1].Detail, `"ami" is a string, not an object or a list`) {
		t.Errorf("detail: %s", ds[1].Detail)
	}
	// The failed overrides left the resource as it was.
	b, _ := render.HCL(s.Config())
	if strings.Contains(string(b), "100") || strings.Contains(string(b), "root_block_device") {
		t.Errorf("a failed override changed the resource:\n%s", b)
	}
}

// TestOverrideEngineValidates: overrides in lifecycle and provisioners give
// a configuration the engine accepts.
func TestOverrideEngineValidates(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/null", "2.1.2")
	_, s := newStack(t)
	buildOverrides(s)
	hclText := stackHCL(t, s)
	jsonText, err := render.JSON(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"main.tf": hclText, "main.tf.json": string(jsonText)} {
		t.Run(name, func(t *testing.T) {
			w := enginetest.Workspace(t, map[string]string{name: text})
			w.Init()
			w.Validate()
		})
	}
}

// The example of docs/go-api.md, "Overrides at any path".
func ExampleResource_Override() {
	stack := tfkit.NewStack(tfkit.NewApp(), "dev")
	web := tfkit.NewResource(stack, "aws_instance", "web", tfkit.Attrs{
		"ami":              "ami-0abc",
		"instance_type":    "t3.micro",
		"ebs_block_device": tfkit.Block(tfkit.Attrs{"device_name": "/dev/sdb", "volume_size": 10}),
		"tags":             map[string]string{"Name": "web", "Team": "core"},
	})
	web.Override("ebs_block_device.0.volume_size", 100).
		Override("lifecycle.create_before_destroy", true).
		Override("provisioner.local-exec.command", "echo ${self.private_ip}").
		Unset("tags.Name")
	print(stack)
	// Output:
	// resource "aws_instance" "web" {
	//   ami           = "ami-0abc"
	//   instance_type = "t3.micro"
	//   tags = {
	//     Team = "core"
	//   }
	//
	//   ebs_block_device {
	//     device_name = "/dev/sdb"
	//     volume_size = 100
	//   }
	//
	//   provisioner "local-exec" {
	//     command = "echo ${self.private_ip}"
	//   }
	//
	//   lifecycle {
	//     create_before_destroy = true
	//   }
	// }
}

// TestOverrideIntoOwnedBlocks: an override path into a block Terraform
// owns (a lifecycle, its preconditions) to a name Terraform does not
// define there, or to a name it reserves in a module block, is an error at
// the Override line naming the valid names, with a did-you-mean when one
// is close, and leaves the element as it was; valid paths and a schema's
// names are accepted.
func TestOverrideIntoOwnedBlocks(t *testing.T) {
	_, s := newStack(t)
	r := tfkit.NewResource(s, "terraform_data", "a", nil)
	m := tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	l1 := here() + 1
	r.Override("lifecycle.bogus.x", 1)
	l2 := here() + 1
	r.Override("lifecycle.create_before_destory", true)
	l3 := here() + 1
	r.Override("lifecycle.precondition.0.conditoin", true)
	l4 := here() + 1
	m.Override("lifecycle.bogus", 1)
	// Fine.
	r.Override("lifecycle.prevent_destroy", true).
		Override("lifecycle.precondition.condition", tfkit.Op(tfkit.Ref("terraform.workspace"), "!=", "")).
		Override("lifecycle.precondition.error_message", "x").
		Override("provisioner.local-exec.command", "echo").
		Override("input.anything", 1)
	m.Override("any_input", 1)
	ds := s.Validate()
	checkDiags(t, ds,
		want{summary: "Invalid override", line: l1, path: "terraform_data.a.lifecycle.bogus.x"},
		want{summary: "Invalid override", line: l2, path: "terraform_data.a.lifecycle.create_before_destory"},
		want{summary: "Invalid override", line: l3},
		want{summary: "Invalid override", line: l4, path: "module.m.lifecycle.bogus"},
	)
	errs := ds.Errs()
	if !strings.Contains(errs[0].Detail, `a lifecycle block has no argument or block named "bogus"`) ||
		!strings.Contains(errs[0].Suggestion, "create_before_destroy, prevent_destroy, ignore_changes, replace_triggered_by, precondition, postcondition") {
		t.Errorf("bogus: %s", errs[0])
	}
	if !strings.Contains(errs[1].Suggestion, `did you mean "create_before_destroy"?`) {
		t.Errorf("typo: %s", errs[1])
	}
	if !strings.Contains(errs[2].Detail, `a precondition block has no argument or block named "conditoin"`) ||
		!strings.Contains(errs[2].Suggestion, `did you mean "condition"?`) {
		t.Errorf("precondition: %s", errs[2])
	}
	if !strings.Contains(errs[3].Detail, `"lifecycle" is reserved in a module block`) {
		t.Errorf("module: %s", errs[3])
	}
	b, err := render.HCL(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, bad := range []string{"bogus", "destory", "conditoin"} {
		if strings.Contains(got, bad) {
			t.Errorf("a refused override was written (%s):\n%s", bad, got)
		}
	}
	if !strings.Contains(got, "prevent_destroy = true") || !strings.Contains(got, "any_input") {
		t.Errorf("a valid override is missing:\n%s", got)
	}
}

// TestOverrideIntoConnection: an override path into a connection block (a
// resource's, or a provisioner's) to an argument the engines' connection
// lacks is an error at the Override line with a did-you-mean, and the
// arguments they define are accepted, as both engines accept them.
func TestOverrideIntoConnection(t *testing.T) {
	_, s := newStack(t)
	r := tfkit.NewResource(s, "terraform_data", "a", nil).
		Override("provisioner.remote-exec.inline", []string{"true"})
	l1 := here() + 1
	r.Override("connection.hots", "10.0.0.1")
	l2 := here() + 1
	r.Override("provisioner.remote-exec.connection.bastion_hots", "10.0.0.2")
	ds := s.Validate()
	checkDiags(t, ds,
		want{summary: "Invalid override", line: l1, path: "terraform_data.a.connection.hots"},
		want{summary: "Invalid override", line: l2, path: "terraform_data.a.provisioner.remote-exec.connection.bastion_hots"},
	)
	errs := ds.Errs()
	if !strings.Contains(errs[0].Detail, `a connection block has no argument or block named "hots"`) ||
		!strings.Contains(errs[0].Suggestion, `did you mean "host"?`) {
		t.Errorf("hots: %s", errs[0])
	}
	if !strings.Contains(errs[1].Suggestion, `did you mean "bastion_host"?`) {
		t.Errorf("bastion_hots: %s", errs[1])
	}

	// Every argument the language table gives connection, which both
	// engines validate in the connection a provisioner uses.
	_, s = newStack(t)
	r = tfkit.NewResource(s, "terraform_data", "a", nil).
		Override("provisioner.remote-exec.inline", []string{"true"})
	spec, ok := config.Spec([]string{"resource", "connection"})
	if !ok || len(spec.Args) == 0 {
		t.Fatal("no connection in the language table")
	}
	for _, a := range spec.Args {
		var v any = "x"
		switch {
		case strings.HasSuffix(a.Name, "port"):
			v = 22
		case slices.Contains([]string{"agent", "https", "insecure", "use_ntlm"}, a.Name):
			v = false
		}
		r.Override("connection."+a.Name, v)
	}
	text := stackHCL(t, s)
	if !strings.Contains(text, "bastion_private_key") {
		t.Fatalf("the overrides are missing:\n%s", text)
	}
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		w := enginetest.Workspace(t, map[string]string{"main.tf": text})
		w.Init()
		w.Validate()
	})
}
