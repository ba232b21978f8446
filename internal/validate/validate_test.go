package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

func providers(t testing.TB) []*schema.Provider {
	t.Helper()
	var out []*schema.Provider
	for _, f := range []string{
		filepath.Join("..", "..", "schema", "testdata", "providers", "random-3.9.0.json"),
		filepath.Join("..", "..", "schema", "testdata", "providers", "docker-4.6.0.json"),
		filepath.Join("..", "..", "schema", "testdata", "providers", "null-2.1.2.json"),
		filepath.Join("..", "..", "schema", "testdata", "providers", "local-2.9.0.json"),
		// A small schema with what the others lack: a deprecated block
		// and nested attribute types (protocol 6).
		filepath.Join("testdata", "fixture.json"),
	} {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := schema.ReadProviders(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ps...)
	}
	return out
}

func check(t *testing.T, src string) diag.Diagnostics {
	t.Helper()
	cfg, diags := config.ParseConfig(src, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return Config(cfg, providers(t))
}

func TestValid(t *testing.T) {
	diags := check(t, validSource)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
}

// validSource uses every construct the checker knows, correctly.
const validSource = `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
provider "docker" {
  host = "unix:///var/run/docker.sock"
}
resource "random_pet" "p" {
  length = 3
  count  = 2
}
resource "docker_image" "nginx" {
  name         = "nginx:latest"
  keep_locally = false
}
resource "docker_container" "web" {
  name  = "web-${random_pet.p[0].id}"
  image = docker_image.nginx.image_id
  ports {
    internal = 80
    external = 8000
  }
  dynamic "labels" {
    for_each = { a = "b" }
    content {
      label = labels.key
      value = labels.value
    }
  }
  lifecycle {
    ignore_changes = [name]
  }
}
resource "unknown_thing" "x" {
  anything = 1
}
data "docker_network" "n" {
  name = "bridge"
}
resource "fix_thing" "ok" {
  name     = "t"
  settings = { mode = "a", level = 2, limits = { cpu = { max = 2 }, mem = {} } }
  rules    = [{ port = 22 }, { port = random_pet.p[0].length, protocol = "tcp" }]
  timeouts {
    create = "5m"
  }
}
ephemeral "local_command" "now" {
  command   = "date"
  arguments = ["-u"]
  lifecycle {
    enabled = true
  }
}
resource "random_pet" "n" {
  length = var.n
}
resource "fix_thing" "refs" {
  name     = "r"
  settings = var.settings
  rules    = concat([{ port = 1 }], var.more)
}
`

// diagnosticCases each give one diagnostic: summary, path, location, hint.
var diagnosticCases = []struct {
	name, src string
	severity  diag.Severity
	fragments []string // summary, path, location, hint
}{
	{"missing required", `resource "docker_image" "x" {
  keep_locally = true
}
`, diag.Error, []string{`main.tf:1:29: Error: Missing required argument (at docker_image.x.name);`, `The argument "name" is required, but no definition was found.`, "set name (string)"}},
	{"unknown attribute", `resource "random_pet" "p" {
  lenght = 2
}
`, diag.Error, []string{`main.tf:2:3: Error: Unsupported argument (at random_pet.p.lenght);`, `An argument named "lenght" is not expected here.`, `did you mean "length"?`}},
	{"computed only", `resource "random_pet" "p" {
  id = "x"
}
`, diag.Error, []string{"Invalid Configuration for Read-Only Attribute", "random_pet.p.id", "main.tf:2:8", "marked it as read-only", "remove id"}},
	{"literal type mismatch", `resource "random_pet" "p" {
  length = "three"
}
`, diag.Error, []string{"Incorrect attribute value type", "random_pet.p.length", `Inappropriate value for attribute "length": a number is required.`, "length takes number", "main.tf:2:12"}},
	{"nested block attribute type", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  ports {
    internal = "eighty"
  }
}
`, diag.Error, []string{"Incorrect attribute value type", "docker_container.c.ports[0].internal", "main.tf:5:16"}},
	{"nested block missing required", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  ports {
    external = 1
  }
  ports {
    internal = 1
  }
}
`, diag.Error, []string{`main.tf:4:9: Error: Missing required argument (at docker_container.c.ports[0].internal);`}},
	{"too many blocks", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  capabilities {}
  capabilities {}
  capabilities {}
}
`, diag.Error, []string{"main.tf:5:16: Error: Too many capabilities blocks (at docker_container.c.capabilities); No more than 1 \"capabilities\" blocks are allowed", "at most 1", "it has 3",
		"first capabilities block: main.tf:4:3", "remove the capabilities block(s) after the first 1"}},
	{"too many single blocks", `resource "fix_thing" "t" {
  name = "t"
  timeouts {}
  timeouts {}
}
`, diag.Error, []string{"main.tf:4:3: Error: Duplicate timeouts block (at fix_thing.t.timeouts); Only one block of type \"timeouts\" is allowed. Previous definition was at main.tf:3,3-11.", "allows only one timeouts block, it has 2",
		"first timeouts block: main.tf:3:3"}},
	{"insufficient blocks", `resource "docker_service" "s" {
  name = "s"
}
`, diag.Error, []string{"main.tf:1:31: Error: Insufficient task_spec blocks (at docker_service.s.task_spec); At least 1 \"task_spec\" blocks are required.",
		"needs at least 1 task_spec block(s), it has 0", "add a task_spec block"}},
	{"insufficient nested blocks", `resource "docker_service" "s" {
  name = "s"
  task_spec {
  }
}
`, diag.Error, []string{"main.tf:3:13: Error: Insufficient container_spec blocks (at docker_service.s.task_spec[0].container_spec)",
		"docker_service.s.task_spec[0] needs at least 1 container_spec block(s)"}},
	{"deprecated block", `resource "fix_thing" "t" {
  name = "t"
  old_setting {
    value = "x"
  }
}
`, diag.Warning, []string{`main.tf:3:3: Warning: Block Deprecated (at fix_thing.t.old_setting[0]); Use settings instead.`}},
	{"nested attribute unknown key", `resource "fix_thing" "t" {
  name     = "t"
  settings = { mode = "a", levle = 2 }
}
`, diag.Error, []string{`main.tf:3:3: Error: Unsupported argument (at fix_thing.t.settings.levle)`, `did you mean "level"?`}},
	{"nested attribute computed only", `resource "fix_thing" "t" {
  name     = "t"
  settings = { mode = "a", status = "on" }
}
`, diag.Error, []string{`main.tf:3:3: Error: Invalid Configuration for Read-Only Attribute (at fix_thing.t.settings.status)`}},
	{"nested attribute missing required", `resource "fix_thing" "t" {
  name  = "t"
  rules = [{ port = 22 }, { protocol = "tcp" }]
}
`, diag.Error, []string{`main.tf:3:3: Error: Missing required argument (at fix_thing.t.rules[1].port)`}},
	{"nested attribute in list", `resource "fix_thing" "t" {
  name  = "t"
  rules = [{ port = 22 }, { port = 443, protocl = "tcp" }]
}
`, diag.Error, []string{`main.tf:3:3: Error: Unsupported argument (at fix_thing.t.rules[1].protocl)`, `did you mean "protocol"?`}},
	{"nested attribute computed in list", `resource "fix_thing" "t" {
  name  = "t"
  rules = [{ port = 22, rule_id = "r" }]
}
`, diag.Error, []string{`Invalid Configuration for Read-Only Attribute (at fix_thing.t.rules[0].rule_id)`}},
	{"nested attribute in map in object", `resource "fix_thing" "t" {
  name = "t"
  settings = {
    mode   = "a"
    limits = { cpu = { mx = 1 } }
  }
}
`, diag.Error, []string{`main.tf:3:3: Error: Unsupported argument (at fix_thing.t.settings.limits["cpu"].mx)`, `did you mean "max"?`}},
	{"nested attribute type", `resource "fix_thing" "t" {
  name     = "t"
  settings = { mode = "a", level = "high" }
}
`, diag.Error, []string{`main.tf:3:3: Error: Incorrect attribute value type (at fix_thing.t.settings.level); Inappropriate value for attribute "level": a number is required.`, "level takes number"}},
	{"nested attribute element not an object", `resource "fix_thing" "t" {
  name  = "t"
  rules = ["tcp"]
}
`, diag.Error, []string{`main.tf:3:3: Error: Incorrect attribute value type (at fix_thing.t.rules[0])`}},
	{"nested attribute too many items", `resource "fix_thing" "t" {
  name  = "t"
  rules = [{ port = 1 }, { port = 2 }, { port = 3 }]
}
`, diag.Error, []string{`main.tf:3:3: Error: Too many list items (at fix_thing.t.rules)`, "at most 2 item(s); it has 3"}},
	{"ephemeral resource", `ephemeral "local_command" "c" {
  command  = "date"
  argumnts = ["-u"]
}
`, diag.Error, []string{`main.tf:3:3: Error: Unsupported argument (at ephemeral.local_command.c.argumnts)`, `did you mean "arguments"?`}},
	{"ephemeral resource missing required", `ephemeral "local_command" "c" {
  count     = 1
  arguments = ["-u"]
}
`, diag.Error, []string{`main.tf:1:31: Error: Missing required argument (at ephemeral.local_command.c.command)`}},
	{"unknown ephemeral resource type", `ephemeral "local_comand" "c" {
  command = "date"
}
`, diag.Error, []string{`main.tf:1:11: Error: Invalid ephemeral resource (at ephemeral.local_comand.c); The provider hashicorp/local does not support ephemeral resource "local_comand".`, `did you mean "local_command"?`}},
	{"nested attribute written as a block", `resource "fix_thing" "t" {
  name = "t"
  rules {
    port = 1
  }
}
`, diag.Error, []string{`main.tf:3:3: Error: Unsupported block type (at fix_thing.t.rules); Blocks of type "rules" are not expected here. Did you mean to define argument "rules"?`, "write rules = { ... } or rules = [ ... ]"}},
	{"nested attribute deprecated", `resource "fix_thing" "t" {
  name     = "t"
  settings = { mode = "a", legacy = true }
}
`, diag.Warning, []string{`main.tf:3:3: Warning: Attribute Deprecated (at fix_thing.t.settings.legacy); Use mode instead.`}},
	{"unknown block", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  prots {
    internal = 1
  }
}
`, diag.Error, []string{`main.tf:4:3: Error: Unsupported block type (at docker_container.c.prots); Blocks of type "prots" are not expected here.`, `did you mean "ports"?`}},
	{"block written as attribute", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  ports = [{ internal = 1 }]
}
`, diag.Error, []string{`main.tf:4:3: Error: Unsupported argument (at docker_container.c.ports); An argument named "ports" is not expected here. Did you mean to define a block of type "ports"?`, "ports { ... }"}},
	{"unknown resource type", `resource "random_pett" "p" {}
`, diag.Error, []string{`main.tf:1:10: Error: Invalid resource type (at random_pett.p); The provider hashicorp/random does not support resource type "random_pett".`, `did you mean "random_pet"?`}},
	{"unknown data source type", `data "docker_netwrok" "n" {
  name = "x"
}
`, diag.Error, []string{`main.tf:1:6: Error: Invalid data source (at data.docker_netwrok.n); The provider kreuzwerker/docker does not support data source "docker_netwrok".`, `did you mean "docker_network"?`}},
	{"provider config", `provider "docker" {
  hots = "x"
}
resource "docker_network" "n" {
  name = "n"
}
`, diag.Error, []string{`main.tf:2:3: Error: Unsupported argument (at provider.docker.hots);`, `did you mean "host"?`}},
	{"dynamic content", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  dynamic "ports" {
    for_each = [1]
    content {
      internal = "x"
    }
  }
}
`, diag.Error, []string{"Incorrect attribute value type", "docker_container.c.dynamic.ports.content.internal"}},
	{"deprecated", `resource "random_pet" "p" {}
resource "random_string" "s" {
  length = 8
  number = false
}
`, diag.Warning, []string{"main.tf:4:12: Warning: Attribute Deprecated (at random_string.s.number)"}},
}

func TestDiagnostics(t *testing.T) {
	for _, tc := range diagnosticCases {
		t.Run(tc.name, func(t *testing.T) {
			diags := check(t, tc.src)
			if len(diags) != 1 {
				t.Fatalf("want 1 diagnostic, got %d:\n%s", len(diags), diags)
			}
			if diags[0].Severity != tc.severity {
				t.Errorf("severity %s", diags[0].Severity)
			}
			text := diags[0].Error()
			for _, f := range tc.fragments {
				if !strings.Contains(text, f) {
					t.Errorf("diagnostic lacks %q:\n%s", f, text)
				}
			}
		})
	}
}

// TestAttributesAsBlocks: a list or set of objects attribute may be written
// as nested blocks, as Terraform allows (aws 3.x's ingress); the blocks'
// arguments are checked against the object's attributes.
func TestAttributesAsBlocks(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "codegen", "golang", "testdata", "providers", "aws-3.3.0-slice.json"))
	if err != nil {
		t.Fatal(err)
	}
	aws, err := schema.ReadProviders(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	cfg, diags := config.ParseConfig(`resource "aws_security_group" "web" {
  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
  ingress {
    from_port = "eighty"
    to_prot   = 80
  }
}
`, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := Config(cfg, aws)
	want := []string{
		`main.tf:9:17: Error: Incorrect attribute value type (at aws_security_group.web.ingress[1].from_port)`,
		`main.tf:10:5: Error: Unsupported argument (at aws_security_group.web.ingress[1].to_prot)`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(want), got)
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i].Error(), w) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s…", i, got[i], w)
		}
	}
}

// TestAttributesAsDynamicBlocks: dynamic blocks may generate them too.
func TestAttributesAsDynamicBlocks(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "codegen", "golang", "testdata", "providers", "aws-3.3.0-slice.json"))
	if err != nil {
		t.Fatal(err)
	}
	aws, err := schema.ReadProviders(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	cfg, diags := config.ParseConfig(`resource "aws_security_group" "web" {
  dynamic "egress" {
    for_each = [1, 2]
    content {
      from_port = egress.value
      to_port   = egress.value
      protocl   = "tcp"
    }
  }
}
`, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := Config(cfg, aws)
	if len(got) != 1 || !strings.HasPrefix(got[0].Error(), `main.tf:7:7: Error: Unsupported argument (at aws_security_group.web.dynamic.egress.content.protocl)`) {
		t.Fatalf("got:\n%s", got)
	}
}

// TestInRunsAsInOnePass: a configuration large enough to be checked in
// runs of blocks on several processors gives the diagnostics of one pass
// over it, in the same order.
func TestInRunsAsInOnePass(t *testing.T) {
	var b strings.Builder
	for b.Len() < 400_000 {
		b.WriteString(validSource)
		for _, tc := range diagnosticCases {
			b.WriteString(tc.src)
		}
	}
	cfg, diags := config.ParseConfig(b.String(), "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(cfg.Blocks) < 4*minBlocksPerWorker {
		t.Fatalf("only %d blocks", len(cfg.Blocks))
	}
	ps := providers(t)
	text := func(ds diag.Diagnostics) string {
		var out strings.Builder
		for _, d := range ds {
			fmt.Fprintf(&out, "%s|%s|%v\n", d.Error(), d.Path, d.Subject)
		}
		return out.String()
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	want := Config(cfg, ps)
	if len(want) < len(diagnosticCases) {
		t.Fatalf("only %d diagnostics", len(want))
	}
	for _, procs := range []int{2, 3, 4} {
		runtime.GOMAXPROCS(procs)
		if got := Config(cfg, ps); text(got) != text(want) {
			t.Fatalf("GOMAXPROCS %d: %d diagnostics differ from one pass's %d", procs, len(got), len(want))
		}
	}
}

// TestBlockAsArgumentRecognised: the diagnostic of a nested block written
// as an argument is told from other unsupported arguments by
// BlockAsArgument, which names the block, also once a front end has added
// to its detail.
func TestBlockAsArgumentRecognised(t *testing.T) {
	for _, tc := range diagnosticCases {
		diags := check(t, tc.src)
		if len(diags) != 1 {
			t.Fatalf("%s: %s", tc.name, diags)
		}
		d := *diags[0]
		name, ok := BlockAsArgument(&d)
		if want := tc.name == "block written as attribute"; ok != want || ok && name != "ports" {
			t.Errorf("%s: BlockAsArgument = %q, %v; want %v", tc.name, name, ok, want)
		}
		d.Detail += "\n  4 |   ports = [{ internal = 1 }]"
		if again, ok2 := BlockAsArgument(&d); ok2 != ok || again != name {
			t.Errorf("%s: with a code frame, BlockAsArgument = %q, %v", tc.name, again, ok2)
		}
	}
	if _, ok := BlockAsArgument(nil); ok {
		t.Error("nil recognised")
	}
}
