package tsx

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
)

// TestComponentsFollowLanguage: every kind of block of the language table
// is a component of the runtime, named as the table names it, whose label
// props are the kind's labels, and every component but Fragment is one of
// the table's kinds.
func TestComponentsFollowLanguage(t *testing.T) {
	src, err := os.ReadFile("runtime/tfkit.js")
	if err != nil {
		t.Fatal(err)
	}
	exported := map[string]bool{}
	for _, m := range regexp.MustCompile(`export const (\w+) = primitive\("(\w+)"\)`).FindAllStringSubmatch(string(src), -1) {
		if m[1] != m[2] {
			t.Errorf("component %s is made as %q", m[1], m[2])
		}
		exported[m[1]] = true
	}
	for _, k := range config.Kinds {
		spec, ok := kinds[k.Name]
		if !ok || spec.block != k.Type || spec.kind != k || len(spec.labels) != len(k.Labels) {
			t.Errorf("kind %s: component %s is %+v", k.Type, k.Name, spec)
		}
		if !exported[k.Name] {
			t.Errorf("kind %s: the runtime exports no component %s", k.Type, k.Name)
		}
		delete(exported, k.Name)
		m := regexp.MustCompile(`\n  ` + k.Name + `: \[([^\]]*)\]`).FindStringSubmatch(string(src))
		if m == nil {
			t.Errorf("the runtime's labelProps has no %s", k.Name)
			continue
		}
		for _, l := range spec.labels {
			if !regexp.MustCompile(`"` + l + `"`).MatchString(m[1]) {
				t.Errorf("the runtime's labelProps of %s lacks %q", k.Name, l)
			}
		}
	}
	// Fragment and Aspects render nothing of their own: no kind of block.
	delete(exported, "Fragment")
	delete(exported, "Aspects")
	for name := range exported {
		t.Errorf("component %s is no kind of the language table", name)
	}
}

// TestMetaBlockFollowsLanguage: the blocks Terraform owns under an element,
// and under the owned blocks written as objects, are read from objects as
// the table says: plain without a label, keyed by the one label, or keyed
// twice by two labels (OpenTofu's key_provider and method), but for a
// kind's own block (a check's data source). Blocks the table does not own
// there are not.
func TestMetaBlockFollowsLanguage(t *testing.T) {
	var walk func(types []string, s *config.BlockSpec)
	walk = func(types []string, s *config.BlockSpec) {
		for _, nb := range s.Blocks {
			want := notBlock
			switch len(nb.Labels) {
			case 0:
				want = plainBlock
			case 1:
				want = labeledBlock
			case 2:
				if k, ok := config.KindOf(nb.Type); !ok || &k.BlockSpec != nb {
					want = twoLabelBlock
				}
			}
			if got := metaBlock(types, nb.Type); got != want {
				t.Errorf("metaBlock(%v, %q) = %d, want %d", types, nb.Type, got, want)
			}
			if want != notBlock && want != twoLabelBlock {
				walk(append(types[:len(types):len(types)], nb.Type), nb)
			}
		}
		for _, name := range []string{"not_terraforms", "dynamic"} {
			if got := metaBlock(types, name); got != notBlock {
				t.Errorf("metaBlock(%v, %q) = %d, want none", types, name, got)
			}
		}
	}
	for _, k := range config.Kinds {
		walk([]string{k.Type}, &k.BlockSpec)
	}
	// A check's scoped data source is a tf.block: its body is a schema's.
	if got := metaBlock([]string{"check", "data"}, "lifecycle"); got != notBlock {
		t.Errorf("metaBlock under a scoped data source = %d", got)
	}
}

// TestRefsFollowLanguage: a ref bound to an element of each kind the
// language table lets expressions refer to reads the reference the table
// gives (config.ReferenceNames), and a ref to another kind is refused.
func TestRefsFollowLanguage(t *testing.T) {
	dir := t.TempDir()
	src := `import { DataSource, Ephemeral, Locals, Module, Output, Provider, Resource, Variable, useRef } from "tfkit";

export default function App() {
  const r = useRef(), d = useRef(), e = useRef(), m = useRef(), v = useRef(), p = useRef(), l = useRef();
  return (
    <>
      <Provider type="aws" alias="west" ref={p} />
      <Variable name="region" ref={v} />
      <Locals ref={l} tags={{}} />
      <Resource type="aws_vpc" name="main" ref={r} />
      <DataSource type="aws_ami" name="x" ref={d} />
      <Ephemeral type="random_password" name="pw" ref={e} />
      <Module name="net" source="./net" ref={m} />
      <Resource type="null_resource" name="uses" provider={p}
        triggers={{ r: r.id, d: d.id, e: e.result, m: m.out, v: v, l: l.tags }} />
    </>
  );
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "net"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, diags := Build(filepath.Join(dir, "main.tsx"), Options{Dir: dir})
	if diags.HasErrors() {
		t.Fatalf("Build: %v", diags)
	}
	want := map[string]string{}
	for _, b := range cfg.Blocks {
		names, ok := config.ReferenceNames(nil, b)
		if _, seen := want[b.Type]; ok && !seen {
			want[b.Type] = strings.Join(names, ".")
		}
	}
	uses := cfg.Blocks[len(cfg.Blocks)-1]
	if got := config.TraversalString(uses.Body.Attribute("provider").Expr.(*config.Reference).Traversal); got != want["provider"] || got != "aws.west" {
		t.Errorf("provider ref reads %s, want %s", got, want["provider"])
	}
	var got []string
	for _, it := range uses.Body.Attribute("triggers").Expr.(*config.Object).Items {
		for _, tr := range config.Variables(it.Value) {
			got = append(got, config.TraversalString(tr))
		}
	}
	wantRefs := []string{want["resource"] + ".id", want["data"] + ".id", want["ephemeral"] + ".result", want["module"] + ".out", want["variable"], "local.tags"}
	if strings.Join(got, " ") != strings.Join(wantRefs, " ") {
		t.Errorf("refs read\n  %s\nwant\n  %s", strings.Join(got, " "), strings.Join(wantRefs, " "))
	}
}
