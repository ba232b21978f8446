package controller

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/event"

	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	"github.com/tfkit/tfkit/internal/enginetest"
	jetconfig "github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/controller/internal/notetest"
	"github.com/tfkit/tfkit/jet/resource"
)

// note is the kind of notetest's jetnote_note, shaped as the generated
// kinds are, configured as NameAsIdentifier("name"): the type has no id
// attribute, and its name argument is its identity.
type note struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		resource.ResourceSpec `json:",inline"`
		ForProvider           struct {
			Text *string `json:"text,omitempty" tf:"text,omitempty"`
		} `json:"forProvider"`
	} `json:"spec"`
	Status struct {
		resource.ResourceStatus `json:",inline"`
		AtProvider              struct{} `json:"atProvider,omitempty"`
	} `json:"status,omitempty"`
}

func (n *note) DeepCopyObject() k8sruntime.Object {
	c := *n
	n.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}
func (n *note) GetResourceSpec() *resource.ResourceSpec     { return &n.Spec.ResourceSpec }
func (n *note) GetResourceStatus() *resource.ResourceStatus { return &n.Status.ResourceStatus }
func (*note) GetTerraformResourceType() string              { return "jetnote_note" }
func (*note) GetTerraformSchemaVersion() int64              { return 0 }
func (n *note) GetParameters() (map[string]any, error) {
	p := map[string]any{}
	if n.Spec.ForProvider.Text != nil {
		p["text"] = *n.Spec.ForProvider.Text
	}
	return p, nil
}
func (n *note) SetParameters(p map[string]any) error {
	if s, ok := p["text"].(string); ok {
		n.Spec.ForProvider.Text = &s
	}
	return nil
}
func (*note) GetObservation() (map[string]any, error)        { return map[string]any{}, nil }
func (*note) SetObservation(map[string]any) error            { return nil }
func (*note) GetSensitiveParameters() map[string]string      { return nil }
func (*note) GetConnectionDetailsMapping() map[string]string { return nil }
func (*note) GetLateInitializeIgnored() []string             { return nil }
func (*note) GetExternalName() resource.ExternalName {
	return resource.ExternalName{NameArgument: "name"}
}

// noteSetup builds notetest's plugin into a filesystem mirror of its own
// and returns the engines that install it from there, and the directory
// of the notes.
func noteSetup(t *testing.T, engine string) (*engines, string, string) {
	t.Helper()
	mirror := t.TempDir()
	bin := filepath.Join(mirror, "registry.terraform.io", "tfkit", "jetnote", notetest.Version, runtime.GOOS+"_"+runtime.GOARCH,
		"terraform-provider-jetnote_v"+notetest.Version)
	if out, err := exec.Command("go", "build", "-o", bin, "./internal/notetest/provider").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(mirror)), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	notes := t.TempDir()
	t.Setenv(notetest.EnvRoot, notes)
	root := t.TempDir()
	eng, err := newEngines(context.Background(), engine, root, 2, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.prov.close)
	return eng, root, notes
}

// TestRebuildWithoutID: the lost workspace of a kind without an id
// attribute, named by NameAsIdentifier, is rebuilt with the attributes its
// schema has (the rebuild of the first reconcile, before the create, too):
// the engine reads the state, and the reconcile after the loss finds the
// note up to date, neither recreated nor replaced. The type's schema in
// the configuration says it has no id; without it, the kind does.
func TestRebuildWithoutID(t *testing.T) {
	enginetest.SkipShort(t)
	ps, err := notetest.New().ExportSchema(notetest.Source)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &jetconfig.Resource{TerraformType: "jetnote_note", Schema: ps.Resources[0], Provider: ps}
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		eng, root, notes := noteSetup(t, engine)
		// With the type's schema in the configuration, and with the
		// provider's only (the kind then says whether it has an id).
		for _, c := range []struct {
			name string
			cfg  *jetconfig.Resource
		}{
			{"schema", cfg},
			{"kind", &jetconfig.Resource{TerraformType: "jetnote_note", Provider: ps}},
		} {
			name := c.name
			r := &Reconciler{
				root: root, eng: eng, cfg: c.cfg,
				reg: resource.Registration{TerraformType: "jetnote_note", Kind: schema.GroupVersionKind{Group: "jetnote.jettest.tfkit.dev", Version: "v1alpha1", Kind: "Note"},
					New: func() resource.Terraformed { return &note{} }},
				opts: Options{Timeout: time.Minute, Poll: time.Minute},
				ops:  newOperations(context.Background()), done: make(chan event.GenericEvent, 8),
			}
			mg := &note{ObjectMeta: metav1.ObjectMeta{Name: name, Generation: 1,
				Annotations: map[string]string{resource.AnnotationExternalName: name}}}
			text := "hello"
			mg.Spec.ForProvider.Text = &text
			ctx := context.Background()
			dir := r.dir(mg)
			ws, obs, err := r.observe(ctx, mg, dir, false)
			if err != nil {
				t.Fatalf("%s: first observe: %v", name, err)
			}
			if obs.exists {
				t.Fatalf("%s: exists before the create: %+v", name, obs)
			}
			if err := ws.apply(ctx); err != nil {
				t.Fatalf("%s: create: %v", name, err)
			}
			path := filepath.Join(notes, name)
			before, err := os.Stat(path)
			if err != nil {
				t.Fatalf("%s: no note after the create: %v", name, err)
			}
			// The workspace is lost.
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			_, obs, err = r.observe(ctx, mg, dir, false)
			if err != nil {
				t.Fatalf("%s: observe after the workspace was lost: %v", name, err)
			}
			if !obs.exists || !obs.upToDate || obs.replace {
				t.Errorf("%s: after the workspace was lost: exists %v, up to date %v, replace %v (%v)", name, obs.exists, obs.upToDate, obs.replace, obs.replacePaths)
			}
			data, _ := os.ReadFile(filepath.Join(dir, StateFile))
			var st struct {
				Resources []struct {
					Instances []struct {
						Attributes map[string]any `json:"attributes"`
					} `json:"instances"`
				} `json:"resources"`
			}
			if err := json.Unmarshal(data, &st); err != nil || len(st.Resources) != 1 || len(st.Resources[0].Instances) != 1 {
				t.Fatalf("%s: rebuilt state: %v\n%s", name, err, data)
			}
			if _, ok := st.Resources[0].Instances[0].Attributes["id"]; ok {
				t.Errorf("%s: the rebuilt state has an id: %s", name, data)
			}
			after, err := os.Stat(path)
			if err != nil || !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
				t.Errorf("%s: the note was written again: %v", name, err)
			}
		}
	})
}

// TestObservesID: a generated kind has the id in status.atProvider.
func TestObservesID(t *testing.T) {
	if !observesID(&randomv1alpha1.Pet{}) {
		t.Error("a Pet observes no id")
	}
	if observesID(&note{}) {
		t.Error("a note observes an id")
	}
}
