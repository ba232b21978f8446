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
