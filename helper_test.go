package tfkit_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit"
)

// image imitates a typed binding: a struct embedding a handle, a
// constructor marked with Helper, and typed getters.
type image struct{ *tfkit.Resource }

func newImage(s *tfkit.Stack, name string, attrs tfkit.Attrs) *image {
	tfkit.Helper()
	return &image{tfkit.NewResource(s, "docker_image", name, attrs)}
}

func (i *image) imageID() tfkit.Expr {
	tfkit.Helper()
	return i.Ref("image_id")
}

func (i *image) badGetter() tfkit.Expr {
	tfkit.Helper()
	return i.Ref("no such(")
}

// webServer is a composite built from the typed binding; it is a helper
// too, so its elements report the line that called it.
func webServer(s *tfkit.Stack, name string) *tfkit.Resource {
	tfkit.Helper()
	img := newImage(s, name, tfkit.Attrs{"name": "nginx"})
	return tfkit.NewResource(s, "docker_container", name, tfkit.Attrs{"image": img.imageID()})
}

// unmarked is a composite that does not call Helper: its elements report
// lines inside it.
func unmarked(s *tfkit.Stack) (*tfkit.Resource, int) {
	line := here() + 1
	return tfkit.NewResource(s, "t", "unmarked", nil), line
}

func declLine(el tfkit.Element) (string, int) {
	r := el.Block().DeclRange
	return r.Filename, r.Start.Line
}

func TestHelperSkipsFrames(t *testing.T) {
	_, s := newStack(t)

	line := here() + 1
	img := newImage(s, "a", nil)
	if f, l := declLine(img); f != "helper_test.go" || l != line {
		t.Errorf("typed binding declared at %s:%d, want helper_test.go:%d", f, l, line)
	}

	line = here() + 1
	web := webServer(s, "b")
	if _, l := declLine(web); l != line {
		t.Errorf("composite's container declared at line %d, want %d", l, line)
	}
	img2 := s.Config().Blocks[2] // the composite's image, declared before its container
	if img2.DeclRange.Start.Line != line {
		t.Errorf("composite's image declared at line %d, want %d", img2.DeclRange.Start.Line, line)
	}

	r, inside := unmarked(s)
	if _, l := declLine(r); l != inside {
		t.Errorf("unmarked composite's element at line %d, want %d (inside it)", l, inside)
	}

	// A closure can be a helper too.
	mk := func() *tfkit.Resource {
		tfkit.Helper()
		return tfkit.NewResource(s, "t", "closure", nil)
	}
	line = here() + 1
	if _, l := declLine(mk()); l != line {
		t.Errorf("closure helper: line %d, want %d", l, line)
	}
}

func TestHelperPositionsOfDiagnostics(t *testing.T) {
	_, s := newStack(t)
	img := newImage(s, "a", nil)
	line := here() + 1
	bad := img.badGetter()
	tfkit.NewLocals(s, tfkit.Attrs{"x": bad})
	checkDiags(t, s.Diagnostics(), want{"Invalid attribute path", line, "locals.x"})

	_, s = newStack(t)
	line = here() + 1
	newImage(s, "b", tfkit.Attrs{"name": notConvertible{}})
	checkDiags(t, s.Diagnostics(), want{"Unsupported value", line, "docker_image.b.name"})
}

func TestMethodCallSites(t *testing.T) {
	_, s := newStack(t)
	decl := here() + 1
	r := tfkit.NewResource(s, "t", "n", tfkit.Attrs{"a": 1})
	countLine := here() + 1
	r.Count(2)
	setLine := here() + 1
	r.Set("b", 2)
	body := r.Block().Body
	for name, want := range map[string]int{"a": decl, "count": countLine, "b": setLine} {
		if got := body.Attribute(name).Range.Start.Line; got != want {
			t.Errorf("attribute %s recorded at line %d, want %d", name, got, want)
		}
	}
	if f, _ := declLine(r); f != "helper_test.go" {
		t.Errorf("file %q, want a path relative to the working directory", f)
	}
}

// projectWithModules returns a fresh project directory holding the local
// modules the test cases call, each with a main.tf declaring the inputs
// and outputs the cases use (synth checks calls against them).
func projectWithModules(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for m, text := range map[string]string{
		"modules/sg": "variable \"vpc_id\" {}\nvariable \"subnets\" {}\nvariable \"name\" {}\n",
		"modules/c":  "# modules/c\n",
		"new":        "# new\n",
		"net":        "output \"vpc_id\" {\n  value = \"vpc-1\"\n}\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(m), "main.tf")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
