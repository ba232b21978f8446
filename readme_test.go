package tfkit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeExample builds and runs the Go program shown in README.md, so
// the first example a user reads cannot drift from the API.
func TestReadmeExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```go\n(package main\n.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no ```go block with a main package")
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module readme\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => " + root + "\n"
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum, "main.go": m[1]} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", "-mod=mod", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "TFKIT_OUTDIR="+filepath.Join(dir, "out"), "TFKIT_FORMAT=hcl")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("README example failed: %v\n%s", err, out)
	}
	tf, err := os.ReadFile(filepath.Join(dir, "out", "stacks", "dev", "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`resource "aws_subnet" "public"`, "vpc_id = aws_vpc.main.id", `source  = "hashicorp/aws"`} {
		if !strings.Contains(string(tf), want) {
			t.Errorf("README example output lacks %q:\n%s", want, tf)
		}
	}
}

// TestReadmeInstall runs the install commands of README.md's Install
// section as a newcomer would, in a checkout of this repository: the binary
// with go install, a project of one's own made by tfkit init and
// synthesized, then the npm tarballs built by npm/pack installed into a
// project holding the README's TSX example, which npx tfkit then
// synthesizes. Only the directories change: the tarballs' directory and
// the project become temporary ones, and HOME is a fresh one.
func TestReadmeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tfkit and installs npm packages")
	}
	for _, tool := range []string{"node", "npm", "npx"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("TFKIT_REQUIRE_ENGINE") == "1" {
				t.Fatalf("%s is not on PATH (TFKIT_REQUIRE_ENGINE=1)", tool)
			}
			t.Skipf("%s is not on PATH", tool)
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(readme)
	start := strings.Index(section, "\n## Install\n")
	if start < 0 {
		t.Fatal("README.md has no Install section")
	}
	section = section[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	blocks := regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1)
	if len(blocks) != 3 {
		t.Fatalf("want three sh blocks in the Install section (binary, a project of one's own, npm package), found %d", len(blocks))
	}
	tsx := regexp.MustCompile("(?s)```tsx\n(// main.tsx\n.*?)```").FindSubmatch(readme)
	if tsx == nil {
		t.Fatal("README.md has no ```tsx block starting with // main.tsx")
	}

	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	project := filepath.Join(home, "my-infra")
	gobin := filepath.Join(tmp, "bin")
	for _, d := range []string{project, gobin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(project, "main.tsx"), tsx[1], 0o644); err != nil {
		t.Fatal(err)
	}
	// npm's download cache is kept with tfkit's other test tools, so that
	// a warm run does not fetch typescript again.
	npmCache := os.Getenv("TFKIT_CACHE")
	if npmCache == "" {
		if h, err := os.UserHomeDir(); err == nil {
			npmCache = filepath.Join(h, ".cache", "tfkit")
		} else {
			npmCache = tmp
		}
	}
	npmCache = filepath.Join(npmCache, "npm-cache")
	gocache, _ := exec.Command("go", "env", "GOCACHE").Output()
	gomodcache, _ := exec.Command("go", "env", "GOMODCACHE").Output()
	env := append(os.Environ(),
		"HOME="+home,
		"GOBIN="+gobin,
		"GOCACHE="+strings.TrimSpace(string(gocache)),
		"GOMODCACHE="+strings.TrimSpace(string(gomodcache)),
		"PATH="+gobin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"npm_config_cache="+npmCache,
		"npm_config_update_notifier=false",
		"npm_config_fund=false",
		"npm_config_audit=false",
		"TFKIT_BINARY=",
	)
	script := "set -eux\ncd " + shellQuote(root) + "\n" + blocks[0][1] + blocks[1][1] + "cd " + shellQuote(root) + "\n" +
		strings.ReplaceAll(blocks[2][1], "/tmp/tfkit-npm", filepath.Join(tmp, "tfkit-npm"))
	cmd := exec.Command("bash", "-c", script)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("README install commands failed: %v\n%s", err, out)
	}
	tf, err := os.ReadFile(filepath.Join(project, "tfkit.out", "main.tf"))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(tf), "vpc_id     = aws_vpc.main.id") {
		t.Errorf("npx tfkit synth wrote:\n%s", tf)
	}
	// tfkit init's Go project, outside the checkout, synthesizes, and its
	// example test passes with the go.sum init wrote.
	if dev, err := os.ReadFile(filepath.Join(home, "infra", "tfkit.out", "stacks", "dev", "main.tf")); err != nil || !strings.Contains(string(dev), `resource "local_file" "hello"`) {
		t.Errorf("the project of tfkit init: %v\n%s\n%s", err, dev, out)
	}
	gotest := exec.Command("go", "test", "./...")
	gotest.Dir = filepath.Join(home, "infra")
	gotest.Env = env
	if out, err := gotest.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "ok ") {
		t.Errorf("go test ./... in the project of tfkit init: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(gobin, "tfkit")); err != nil {
		t.Errorf("go install ./cmd/tfkit: %v", err)
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
