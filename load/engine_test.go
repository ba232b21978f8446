package load

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/internal/enginetest"
)

type planJSON struct {
	PlannedValues struct {
		Outputs map[string]struct {
			Value any `json:"value"`
		} `json:"outputs"`
		RootModule planModule `json:"root_module"`
	} `json:"planned_values"`
	// PriorState holds the data sources the plan read.
	PriorState struct {
		Values struct {
			RootModule planModule `json:"root_module"`
		} `json:"values"`
	} `json:"prior_state"`
}

type planModule struct {
	Resources []struct {
		Address string         `json:"address"`
		Mode    string         `json:"mode"`
		Values  map[string]any `json:"values"`
	} `json:"resources"`
	ChildModules []planModule `json:"child_modules"`
}

// decodePlan reads terraform show -json output with its numbers as
// written (json.Number), so that knownCheck compares their digits.
func decodePlan(t *testing.T, stdout string) planJSON {
	t.Helper()
	var plan planJSON
	if err := decodeNumbers(stdout, &plan); err != nil {
		t.Fatal(err)
	}
	return plan
}

func decodeNumbers(s string, v any) error {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	return d.Decode(v)
}

func (m planModule) collect(out map[string]map[string]any) { m.collectMode("managed", out) }

func (m planModule) collectMode(mode string, out map[string]map[string]any) {
	for _, r := range m.Resources {
		if r.Mode == mode {
			out[r.Address] = r.Values
		}
	}
	for _, c := range m.ChildModules {
		c.collectMode(mode, out)
	}
}

// TestEngineCrossCheck evaluates every testdata/cases/engine_* case, runs
// terraform plan -out and show -json on it, and checks that the instances
// are the same and that every value the view knows equals the planned one.
func TestEngineCrossCheck(t *testing.T) {
	entries, err := os.ReadDir("testdata/cases")
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range entries {
		if !ent.IsDir() || !strings.HasPrefix(ent.Name(), "engine_") {
			continue
		}
		t.Run(ent.Name(), func(t *testing.T) {
			crossCheck(t, enginetest.WorkspaceFrom(t, filepath.Join("testdata/cases", ent.Name())))
		})
	}
	// The benchmark's configuration, small, with its instances evaluated
	// on several goroutines as a large one's are.
	t.Run("generated", func(t *testing.T) {
		w := enginetest.Workspace(t, map[string]string{})
		writeGenerated(t, w.Dir, 20)
		saved, procs := parallelMin, runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
		defer func() { parallelMin = saved; runtime.GOMAXPROCS(procs) }()
		parallelMin = 4
		crossCheck(t, w)
	})
}

func crossCheck(t *testing.T, w *enginetest.Workdir) { crossCheckWith(t, w, Options{}) }

// crossCheckWith is crossCheck with opts (Engine, Vars) for both tfkit and
// the engine: opts.Vars are passed to plan as -var options.
func crossCheckWith(t *testing.T, w *enginetest.Workdir, opts Options) {
	// With the providers' schemas every attribute is in the view, so nulls
	// and converted values are compared too.
	for _, f := range []string{"null-2.1.2.json", "random-3.9.0.json", "local-2.9.0.json", "time-0.14.2.json"} {
		opts.Providers = append(opts.Providers, readSchema(t, filepath.Join("../schema/testdata/providers", f))...)
	}
	view, ds := Dir(w.Dir, opts)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var vars []string
	for _, v := range opts.Vars {
		vars = append(vars, "-var="+v)
	}
	// OpenTofu's init evaluates module sources built from variables too.
	w.Init(vars...)
	w.Run(append([]string{"plan", "-input=false", "-out=tfkit.plan"}, vars...)...)
	show := w.Run("show", "-json", "tfkit.plan")
	plan := decodePlan(t, show.Stdout)
	planned := map[string]map[string]any{}
	plan.PlannedValues.RootModule.collect(planned)
	var ours, theirs []string
	for _, r := range view.Resources {
		if r.Mode == "managed" {
			ours = append(ours, r.Address)
		}
	}
	for a := range planned {
		theirs = append(theirs, a)
	}
	sort.Strings(ours)
	sort.Strings(theirs)
	if !reflect.DeepEqual(ours, theirs) {
		t.Fatalf("instances differ:\ntfkit:     %v\nterraform: %v", ours, theirs)
	}
	var c knownCheck
	for _, r := range view.Resources {
		if r.Mode != "managed" {
			continue
		}
		for name, v := range r.Attributes.AsValueMap() {
			c.compare(t, r.Address+"."+name, v, planned[r.Address][name])
		}
	}
	// Data sources the plan read: every value the view knows of them is
	// the one Terraform read (the others are unknown in the view).
	read := map[string]map[string]any{}
	plan.PriorState.Values.RootModule.collectMode("data", read)
	for _, r := range view.Resources {
		want, ok := read[r.Address]
		if r.Mode != "data" || !ok {
			continue
		}
		for name, v := range r.Attributes.AsValueMap() {
			c.compare(t, r.Address+"."+name, v, want[name])
		}
	}
	for name, o := range view.Outputs {
		want := plan.PlannedValues.Outputs[name].Value
		if v, _ := o.Value.UnmarkDeep(); want == nil && !v.IsWhollyKnown() {
			// The plan leaves out an output that is not wholly known.
			continue
		}
		c.compare(t, "output."+name, o.Value, want)
	}
	t.Logf("%d instances, %d known values equal to terraform's plan (%d of them inside values that are partly unknown)", len(ours), c.checked, c.nested)
}

// knownCheck compares the known parts of tfkit's values with the values
// of terraform's plan (decodePlan): numbers digit for digit, as eval
// prints them and show -json writes them.
type knownCheck struct {
	checked, nested int
}

// compare checks that every known part of v equals the same part of
// want: a wholly known value as a whole, a partly unknown object, map,
// list or tuple element by element (sets, unordered, only when wholly
// known).
func (c *knownCheck) compare(t *testing.T, path string, v cty.Value, want any) {
	t.Helper()
	c.walk(t, path, v, want, false)
}

func (c *knownCheck) walk(t *testing.T, path string, v cty.Value, want any, inside bool) {
	t.Helper()
	v, _ = v.UnmarkDeep()
	if !v.IsKnown() {
		return
	}
	if v.IsWhollyKnown() {
		var got any
		if err := decodeNumbers(valueJSON(v), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: tfkit %s, terraform %#v", path, valueJSON(v), want)
		}
		c.checked++
		if inside {
			c.nested++
		}
		return
	}
	ty := v.Type()
	switch {
	case ty.IsObjectType() || ty.IsMapType():
		m, ok := want.(map[string]any)
		if !ok {
			t.Errorf("%s: tfkit has an object, terraform %#v", path, want)
			return
		}
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			if uv, _ := ev.UnmarkDeep(); !uv.IsKnown() {
				continue // terraform's planned values leave unknown parts out
			}
			w, ok := m[k.AsString()]
			if !ok {
				t.Errorf("%s: tfkit has %s, terraform's plan does not", path, k.AsString())
				continue
			}
			c.walk(t, path+"."+k.AsString(), ev, w, true)
		}
	case ty.IsTupleType() || ty.IsListType():
		l, ok := want.([]any)
		if !ok || len(l) != v.LengthInt() {
			t.Errorf("%s: tfkit has %d elements, terraform %#v", path, v.LengthInt(), want)
			return
		}
		i := 0
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			c.walk(t, path+"["+itoa(i)+"]", ev, l[i], true)
			i++
		}
	}
}
