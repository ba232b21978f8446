package config_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

const overrideBase = `resource "aws_instance" "web" {
  ami = "ami-1"
  tags = {
    Name = "web"
    Env  = "dev"
  }
  ports = [80, 443]
  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 10
  }
  provisioner "local-exec" {
    command = "echo one"
  }
}
`

func overrideBlock(t *testing.T) (*config.Config, *config.Block) {
	t.Helper()
	cfg, ds := config.ParseConfig(overrideBase, "main.tf")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return cfg, cfg.Blocks[0]
}

func renderHCL(t *testing.T, cfg *config.Config) string {
	t.Helper()
	b, err := render.HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestOverride(t *testing.T) {
	cases := []struct {
		path string
		x    config.Expr // nil deletes
		want []string    // lines the output has
		lack []string    // lines it must not have
	}{
		{"ebs_block_device.0.volume_size", config.Int(100), []string{"    volume_size = 100"}, []string{"volume_size = 10\n"}},
		{"lifecycle.create_before_destroy", config.Bool(true), []string{"  lifecycle {\n    create_before_destroy = true\n  }"}, nil},
		{"provisioner.local-exec.command", config.String("echo two"), []string{`    command = "echo two"`}, []string{"echo one"}},
		{"provisioner.remote-exec.inline", &config.Tuple{Items: []config.Expr{config.String("x")}}, []string{`  provisioner "remote-exec" {`, `    command = "echo one"`}, nil},
		{"tags.Name", nil, []string{`    Env = "dev"`}, []string{"Name"}},
		{`tags["kubernetes.io/role"]`, config.String("x"), []string{`    "kubernetes.io/role" = "x"`}, nil},
		{"ports.1", config.Int(8443), []string{"  ports = [80, 8443]"}, nil},
		{"ports.0", nil, []string{"  ports = [443]"}, nil},
		{"metadata_options.http_tokens", config.String("required"), []string{"  metadata_options = {\n    http_tokens = \"required\"\n  }"}, nil},
		{"ebs_block_device", nil, nil, []string{"ebs_block_device"}},
		{"provisioner.local-exec", nil, nil, []string{"provisioner"}},
		{"nothing.here", nil, nil, nil},
		{"ami", config.String("ami-2"), []string{`  ami = "ami-2"`}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			cfg, b := overrideBlock(t)
			steps, err := config.ParsePath(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := config.Override(b, steps, tc.x, hcl.Range{}); err != nil {
				t.Fatal(err)
			}
			out := renderHCL(t, cfg)
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, l := range tc.lack {
				if strings.Contains(out, l) {
					t.Errorf("output has %q:\n%s", l, out)
				}
			}
		})
	}
}

func TestOverrideCannotExist(t *testing.T) {
	cases := []struct {
		path string
		x    config.Expr
		want string
	}{
		{"ebs_block_device.1.volume_size", config.Int(1), `index 1 is past the 1 ebs_block_device block(s)`},
		{"root_block_device.0.volume_size", config.Int(1), `there is no root_block_device to index`},
		{"ami.x", config.Int(1), `"ami" is a string, not an object or a list`},
		{"ports.5", config.Int(1), `index 5 is past the end of a list of 2`},
		{"ports.x", config.Int(1), `is a list; index it by position`},
		{"tags.0", config.Int(1), `is an object; index it by key`},
		{"0.x", config.Int(1), `does not start with a name`},
		{"lifecycle", config.Int(1), `names a block`},
		{"provisioner.local-exec", config.Int(1), `names a block`},
		{"ports.5", nil, `past the end`},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			cfg, b := overrideBlock(t)
			before := renderHCL(t, cfg)
			steps, err := config.ParsePath(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = config.Override(b, steps, tc.x, hcl.Range{})
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
			if after := renderHCL(t, cfg); after != before {
				t.Errorf("a failed override changed the block:\n%s", after)
			}
		})
	}
}

func TestParsePath(t *testing.T) {
	good := map[string]string{
		"a":                      "a",
		"a.0.b":                  "a.0.b",
		"a[0].b":                 "a.0.b",
		`tags["x.y"]`:            "tags.x.y",
		"provisioner.local-exec": "provisioner.local-exec",
		`a["0"]`:                 "a.0",
	}
	for in, want := range good {
		steps, err := config.ParsePath(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got := config.PathString(steps); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
	steps, _ := config.ParsePath(`a["0"]`)
	if steps[1].IsIndex {
		t.Errorf(`["0"] is a key, not an index`)
	}
	for _, bad := range []string{"", ".a", "a.", "a..b", "a[", "a[x]", "a[0]b", `a["x]`, "a[-1]"} {
		if _, err := config.ParsePath(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzParsePath checks that any path parses or is refused with an error,
// and that an override along it never panics.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"ebs_block_device.0.volume_size", "lifecycle.create_before_destroy",
		"provisioner.local-exec.command", `tags["a.b"]`, "ports[1]", "a.b.c.d", "[0]", "x..y"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, path string, del bool) {
		steps, err := config.ParsePath(path)
		if err != nil {
			return
		}
		cfg, ds := config.ParseConfig(overrideBase, "main.tf")
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		var x config.Expr = config.Int(1)
		if del {
			x = nil
		}
		if _, err := config.Override(cfg.Blocks[0], steps, x, hcl.Range{}); err != nil && err.Error() == "" {
			t.Fatal("empty error")
		}
	})
}
