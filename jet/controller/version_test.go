package controller

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	exampleapis "github.com/tfkit/tfkit/examples/jet-provider/apis"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	examplecontroller "github.com/tfkit/tfkit/examples/jet-provider/controller"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/kubetest"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestProviderVersionPinned: a workspace requires the provider version
// its API was generated from. The mirror's random 3.9.0 installs and
// plans; a version the mirror lacks fails init, naming the version the
// API was generated from and what to do, in a workspace made for it and
// in one initialised with another version before (init runs again when
// the pinned version changes).
func TestProviderVersionPinned(t *testing.T) {
	eng, root := engineSetup(t, true)
	r := &Reconciler{reg: resource.Registration{TerraformType: "random_pet", New: func() resource.Terraformed { return &randomv1alpha1.Pet{} }}}
	ctx := context.Background()
	prepare := func(name, version string) error {
		ws, err := eng.workspace(filepath.Join(root, name), "random_pet")
		if err != nil {
			t.Fatal(err)
		}
		src, err := renderConfig("random_pet", map[string]any{"length": 2}, &providerBlock{version: version})
		if err != nil {
			t.Fatal(err)
		}
		if err := ws.writeConfig(ctx, src); err != nil {
			return err
		}
		_, err = ws.plan(ctx)
		return err
	}
	if err := prepare("current", "3.9.0"); err != nil {
		t.Fatalf("pinned to the mirror's version: %v", err)
	}
	lock, _ := os.ReadFile(filepath.Join(root, "current", ".terraform.lock.hcl"))
	if !strings.Contains(string(lock), `version     = "3.9.0"`) || !strings.Contains(string(lock), `constraints = "3.9.0"`) {
		t.Errorf("lock file:\n%s", lock)
	}
	const want = "The API was generated from the schema of hashicorp/random 3.8.0, and its workspaces require exactly that version: "
	const advice = "add hashicorp/random 3.8.0 to its filesystem mirror"
	for _, name := range []string{"other", "current"} {
		err := prepare(name, "3.8.0")
		var ve *versionError
		if !errors.As(err, &ve) {
			t.Fatalf("%s: pinned to a version the mirror lacks: %v", name, err)
		}
		if msg := r.explain(err); !strings.Contains(msg, want) || !strings.Contains(msg, "3.8.0") || !strings.Contains(msg, advice) {
			t.Errorf("%s: message %q, want %q and %q", name, msg, want, advice)
		}
		// The engine's advice to the author of modules is not for the
		// objects' authors: jet's own says what to do.
		if msg := r.explain(err); strings.Contains(msg, "To see which modules") || strings.Contains(msg, "terraform providers.") || strings.Contains(msg, "run the following command") {
			t.Errorf("%s: message %q holds the engine's advice", name, msg)
		}
	}
}

// TestProviderVersionOnAPIServer: on a real API server, a Pet whose API
// was generated from a random version the manager's engine cannot get is
// Synced=False, Ready=False with the message naming the version, and gets
// a Warning event; a UUID generated from the version the mirror has
// becomes Ready.
func TestProviderVersionOnAPIServer(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	engine := enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/jet.tfkit.dev_providerconfigs.yaml",
		"../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml",
		"../../examples/jet-provider/package/crds/random.jet.tfkit.dev_uuids.yaml")
	scheme := testScheme(t, exampleapis.AddToScheme)
	mgr := testManager(t, env.Config, ctrl.Options{Scheme: scheme})
	var regs []resource.Registration
	for _, reg := range examplecontroller.Registrations() {
		switch reg.TerraformType {
		case "random_pet":
			reg.ProviderVersion = "3.8.0"
			regs = append(regs, reg)
		case "random_uuid":
			reg.ProviderVersion = "3.9.0"
			regs = append(regs, reg)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := Setup(ctx, mgr, regs, Options{WorkDir: filepath.Join(t.TempDir(), "work"), Engine: engine, Poll: 10 * time.Second, Timeout: time.Minute}); err != nil {
		t.Fatal(err)
	}
	runManager(t, ctx, cancel, mgr)
	c := testClient(t, env.Config, scheme)
	h := &pcHarness{t: t, c: c}
	h.create(t, (&exampleProviderConfig{name: "default"}).object())
	pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "pinned"}}
	uuid := &randomv1alpha1.UUID{ObjectMeta: metav1.ObjectMeta{Name: "current"}}
	h.create(t, pet)
	h.create(t, uuid)
	const want = "The API was generated from the schema of hashicorp/random 3.8.0, and its workspaces require exactly that version"
	h.waitMessage(t, pet, want)
	if c := pet.Status.Condition(resource.TypeReady); c.Status != metav1.ConditionFalse || c.Reason != resource.ReasonUnavailable {
		t.Errorf("Ready = %+v", c)
	}
	h.waitFor(t, "the Warning event", func() (bool, string) {
		var events corev1.EventList
		if err := c.List(ctx, &events); err != nil {
			return false, err.Error()
		}
		var seen []string
		for _, e := range events.Items {
			if e.InvolvedObject.Name == "pinned" && e.InvolvedObject.Kind == "Pet" && e.Type == corev1.EventTypeWarning &&
				e.Reason == EventProviderVersionUnavailable && strings.Contains(e.Message, want) {
				return true, ""
			}
			seen = append(seen, e.Reason+": "+e.Message)
		}
		return false, strings.Join(seen, "\n")
	})
	h.waitReady(t, uuid)
	for _, obj := range []client.Object{pet, uuid} {
		if err := c.Delete(ctx, obj); err != nil {
			t.Fatal(err)
		}
	}
	h.waitGone(t, pet)
	h.waitGone(t, uuid)
}
