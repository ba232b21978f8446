package provider_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocProviderFromZero builds the provider of docs/provider.md ("A
// provider from zero") with the test the page shows for it, and runs that
// test against the real engine, so the page a provider author copies from
// cannot drift from the API.
func TestDocProviderFromZero(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program and runs the engine")
	}
	doc, err := os.ReadFile("../docs/provider.md")
	if err != nil {
		t.Fatal(err)
	}
	section := func(heading string) []byte {
		t.Helper()
		m := regexp.MustCompile("(?s)\n" + regexp.QuoteMeta(heading) + "\n.*?```go\n(.*?)```").FindSubmatch(doc)
		if m == nil {
			t.Fatalf("docs/provider.md has no ```go block under %q", heading)
		}
		return m[1]
	}
	program := section("## A provider from zero")
	test := "package main\n\nimport (\n\t\"regexp\"\n\t\"testing\"\n\n\t\"github.com/tfkit/tfkit/provider/providertest\"\n)\n\n" +
		string(section("## Testing with the real engine"))
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module notes\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => " + root + "\n"
	for name, data := range map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum, "main.go": program, "main_test.go": []byte(test)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the example of docs/provider.md failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestNote") {
		t.Fatalf("TestNote did not pass:\n%s", out)
	}
}
