package tfkit_test

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
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
