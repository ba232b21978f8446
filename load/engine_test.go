package load

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

type planJSON struct {
	PlannedValues struct {
		Outputs map[string]struct {
			Value any `json:"value"`
		} `json:"outputs"`
		RootModule planModule `json:"root_module"`
	} `json:"planned_values"`
}

type planModule struct {
	Resources []struct {
		Address string         `json:"address"`
		Mode    string         `json:"mode"`
		Values  map[string]any `json:"values"`
	} `json:"resources"`
	ChildModules []planModule `json:"child_modules"`
}

func (m planModule) collect(out map[string]map[string]any) {
	for _, r := range m.Resources {
		if r.Mode == "managed" {
			out[r.Address] = r.Values
		}
	}
	for _, c := range m.ChildModules {
		c.collect(out)
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
	// The benchmark's configuration, small.
	t.Run("generated", func(t *testing.T) {
		w := enginetest.Workspace(t, map[string]string{})
		writeGenerated(t, w.Dir, 20)
		crossCheck(t, w)
	})
}

func crossCheck(t *testing.T, w *enginetest.Workdir) {
	// With the providers' schemas every attribute is in the view, so nulls
	// and converted values are compared too.
	var opts Options
	for _, f := range []string{"null-2.1.2.json", "random-3.9.0.json", "local-2.9.0.json", "time-0.14.2.json"} {
		opts.Providers = append(opts.Providers, readSchema(t, filepath.Join("../schema/testdata/providers", f))...)
	}
	view, ds := Dir(w.Dir, opts)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	w.Init()
	w.Run("plan", "-input=false", "-out=tfkit.plan")
	show := w.Run("show", "-json", "tfkit.plan")
	var plan planJSON
	if err := json.Unmarshal([]byte(show.Stdout), &plan); err != nil {
		t.Fatal(err)
	}
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
	checked := 0
	for _, r := range view.Resources {
		if r.Mode != "managed" {
			continue
		}
		for name, v := range r.Attributes.AsValueMap() {
			if !v.IsWhollyKnown() {
				continue
			}
			var got any
			if err := json.Unmarshal([]byte(valueJSON(v)), &got); err != nil {
				t.Fatal(err)
			}
			if want := planned[r.Address][name]; !reflect.DeepEqual(got, want) {
				t.Errorf("%s.%s: tfkit %s, terraform %#v", r.Address, name, valueJSON(v), want)
			}
			checked++
		}
	}
	for name, o := range view.Outputs {
		if !o.Value.IsWhollyKnown() {
			continue
		}
		var got any
		if err := json.Unmarshal([]byte(valueJSON(o.Value)), &got); err != nil {
			t.Fatal(err)
		}
		if want := plan.PlannedValues.Outputs[name].Value; !reflect.DeepEqual(got, want) {
			t.Errorf("output %s: tfkit %s, terraform %#v", name, valueJSON(o.Value), want)
		}
		checked++
	}
	t.Logf("%d instances, %d known values equal to terraform's plan", len(ours), checked)
}
