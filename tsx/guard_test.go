package tsx

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cancelWriter cancels a build when the configuration logs a line.
type cancelWriter struct{ cancel context.CancelFunc }

func (w cancelWriter) Write(p []byte) (int, error) {
	w.cancel()
	return len(p), nil
}

// TestCancelWhileReadingProps cancels the build from a getter that tfkit
// runs while it reads the props, after the evaluation has finished: the
// build stops there, as Ctrl-C would stop it.
func TestCancelWhileReadingProps(t *testing.T) {
	dir := t.TempDir()
	src := `import { Resource } from "tfkit";

const rows = Array.from({ length: 5000 }, (_, i) => ({
  get n() {
    if (i === 10) console.log("stop");
    return i;
  },
}));

export default function App() {
  return <Resource type="terraform_data" name="a" input={rows} />;
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg, diags := BuildContext(ctx, "main.tsx", Options{Dir: dir, Log: cancelWriter{cancel}})
	if cfg != nil || len(diags) != 1 {
		t.Fatalf("want one error and no configuration, got %v", diags)
	}
	got := diags[0].Error()
	if !strings.HasPrefix(got, "main.tsx:") || !strings.Contains(got, "Build canceled") ||
		!strings.Contains(got, "while reading the props of terraform_data.a") {
		t.Errorf("unexpected diagnostic:\n%s", got)
	}
}

// TestCancelDuringConversion cancels a build whose props need no
// JavaScript to read: the converter itself notices.
func TestCancelDuringConversion(t *testing.T) {
	v := &jvalue{kind: jArray}
	for range 5000 {
		v.arr = append(v.arr, &jvalue{kind: jNumber, s: "1"})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	node := &node{addr: "terraform_data.a", kind: "Resource"}
	c := &converter{src: newSources(t.TempDir()), g: guard{ctx: ctx}}
	_, diags := func() (e any, ds []string) {
		defer func() {
			r := recover()
			stop, ok := r.(convStop)
			if !ok {
				t.Fatalf("want the converter to stop, got %v", r)
			}
			c.g.cur = node
			c.stopDiag(stop.err)
			for _, d := range c.diags {
				ds = append(ds, d.Error())
			}
		}()
		return c.value(node, v, node.site, "terraform_data.a.input"), nil
	}()
	if len(diags) != 1 || !strings.Contains(diags[0], "Build canceled") {
		t.Errorf("unexpected diagnostics: %v", diags)
	}
}
