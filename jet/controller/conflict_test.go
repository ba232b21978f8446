package controller

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-logr/logr/funcr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	exampleapis "github.com/tfkit/tfkit/examples/jet-provider/apis"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	examplecontroller "github.com/tfkit/tfkit/examples/jet-provider/controller"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/kubetest"
	"github.com/tfkit/tfkit/jet/resource"
)

// racingClient is the manager's client, with another writer changing an
// object right before the controller writes it at chosen moments, so that
// the API server refuses the write with a conflict, as it does when a
// user edits an object during its reconcile.
type racingClient struct {
	client.Client
	other client.Client
	t     *testing.T

	mu    sync.Mutex
	raced map[string]bool
	// destroys counts the destroys started, by object.
	destroys map[string]int
}

func (c *racingClient) Status() client.SubResourceWriter {
	return racingStatus{SubResourceWriter: c.Client.Status(), c: c}
}

func (c *racingClient) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	if obj.GetName() == "racer-delete" && obj.GetDeletionTimestamp() != nil && !controllerutil.ContainsFinalizer(obj, Finalizer) {
		c.race(ctx, obj)
	}
	return c.Client.Update(ctx, obj, opts...)
}

type racingStatus struct {
	client.SubResourceWriter
	c *racingClient
}

func (s racingStatus) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	if pc, ok := obj.(resource.ProviderConfigObject); ok && pc.GetProviderConfigStatus().Condition(resource.TypeInUse).Status == metav1.ConditionTrue {
		// The ProviderConfig's status, once it is in use.
		s.c.race(ctx, obj)
	}
	if mg, ok := obj.(resource.Managed); ok {
		st := mg.GetResourceStatus()
		async := st.Condition(resource.TypeAsyncOperation)
		switch {
		case obj.GetName() == "racer" && st.Condition(resource.TypeReady).Status == metav1.ConditionTrue &&
			st.Condition(resource.TypeLastAsyncOperation).Status == metav1.ConditionTrue:
			// The status after the create, with its end.
			s.c.race(ctx, obj)
		case obj.GetName() == "racer-create" && async.Status == metav1.ConditionTrue && async.Message == opCreate:
			// The status of a create about to start.
			s.c.race(ctx, obj)
		case async.Status == metav1.ConditionTrue && async.Message == opDelete:
			s.c.mu.Lock()
			s.c.destroys[obj.GetName()]++
			s.c.mu.Unlock()
		}
	}
	return s.SubResourceWriter.Update(ctx, obj, opts...)
}

// race changes the object (a label) through the other writer, once per
// object.
func (c *racingClient) race(ctx context.Context, obj client.Object) {
	c.mu.Lock()
	done := c.raced[obj.GetName()]
	c.raced[obj.GetName()] = true
	c.mu.Unlock()
	if done {
		return
	}
	fresh := obj.DeepCopyObject().(client.Object)
	if err := c.other.Get(ctx, client.ObjectKeyFromObject(obj), fresh); err != nil {
		c.t.Errorf("race %s: %v", obj.GetName(), err)
		return
	}
	labels := fresh.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["edited-by"] = "someone"
	fresh.SetLabels(labels)
	if err := c.other.Update(ctx, fresh); err != nil {
		c.t.Errorf("race %s: %v", obj.GetName(), err)
	}
}

func (c *racingClient) wasRaced(name string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.raced[name]
}

// racingManager is a manager whose client is a racingClient.
type racingManager struct {
	ctrl.Manager
	c *racingClient
}

func (m racingManager) GetClient() client.Client { return m.c }

// TestRequeuedWithoutErrors: a write of the controller that the API server
// refuses because the object changed since it was read (a real conflict,
// from a real kube-apiserver) is no error in the log; the object is
// reconciled again from its new version and nothing is lost: the end of
// the create is reported (AsyncOperation=False, LastAsyncOperation=True),
// the other writer's change stays (on a ProviderConfig too), a create whose status write conflicts
// still runs (instead of leaving a create of unknown result), and a delete
// whose last write conflicts destroys once. A missing ProviderConfig, a
// mistake the object's condition names, is retried without an error in the
// log either.
func TestRequeuedWithoutErrors(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	engine := enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/jet.tfkit.dev_providerconfigs.yaml",
		"../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml")
	scheme := testScheme(t, exampleapis.AddToScheme)
	// What the controller logs about conflicts, at error level or at the
	// default level, and its errors.
	var logMu sync.Mutex
	var logged []string
	logger := funcr.New(func(prefix, args string) {
		if strings.Contains(args, "the object has been modified") || strings.Contains(args, `"msg"="Reconciler error"`) {
			logMu.Lock()
			logged = append(logged, prefix+" "+args)
			logMu.Unlock()
		}
	}, funcr.Options{})
	mgr := testManager(t, env.Config, ctrl.Options{Scheme: scheme, Logger: logger})
	direct := testClient(t, env.Config, scheme)
	racing := &racingClient{Client: mgr.GetClient(), other: direct, t: t, raced: map[string]bool{}, destroys: map[string]int{}}
	example, _ := builtAPIs(t)
	var regs []resource.Registration
	for _, reg := range examplecontroller.Registrations() {
		if reg.TerraformType == "random_pet" {
			regs = append(regs, reg)
		}
	}
	err := Setup(ctx, racingManager{mgr, racing}, regs, Options{WorkDir: filepath.Join(t.TempDir(), "work"), Engine: engine,
		Poll: time.Minute, Timeout: time.Minute, Resources: example})
	if err != nil {
		t.Fatal(err)
	}
	runManager(t, ctx, cancel, mgr)
	h := &pcHarness{t: t, c: direct}
	h.create(t, (&exampleProviderConfig{name: "default"}).object())

	names := []string{"racer", "racer-create", "racer-delete"}
	pets := map[string]*randomv1alpha1.Pet{}
	for _, name := range names {
		pets[name] = &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: name}}
		h.create(t, pets[name])
	}
	for _, name := range []string{"racer", "racer-create"} {
		pet := pets[name]
		h.waitFor(t, name+" Ready and Synced, the create's end reported", func() (bool, string) {
			_ = h.c.Get(ctx, client.ObjectKeyFromObject(pet), pet)
			st := pet.GetResourceStatus()
			return st.Condition(resource.TypeReady).Status == metav1.ConditionTrue &&
				st.Condition(resource.TypeSynced).Status == metav1.ConditionTrue &&
				st.Condition(resource.TypeAsyncOperation).Status == metav1.ConditionFalse &&
				st.Condition(resource.TypeLastAsyncOperation).Status == metav1.ConditionTrue, conditionsOf(pet)
		})
		if !racing.wasRaced(name) {
			t.Errorf("%s: no write of the controller was raced", name)
		}
		if got := pet.Labels["edited-by"]; got != "someone" {
			t.Errorf("%s: the other writer's label is %q, want someone", name, got)
		}
		if pet.Annotations[resource.AnnotationExternalName] == "" || pet.Annotations[AnnotationCreatePending] != "" {
			t.Errorf("%s: annotations %v, want an external name and no pending create", name, pet.Annotations)
		}
	}

	if !racing.wasRaced("default") {
		t.Error("the ProviderConfig's status write was not raced")
	}
	pc := (&exampleProviderConfig{name: "default"}).object()
	h.waitFor(t, "the ProviderConfig's InUse condition", func() (bool, string) {
		_ = h.c.Get(ctx, client.ObjectKeyFromObject(pc), pc)
		c := pc.(resource.ProviderConfigObject).GetProviderConfigStatus().Condition(resource.TypeInUse)
		return c.Status == metav1.ConditionTrue && pc.GetLabels()["edited-by"] == "someone", fmt.Sprint(c, pc.GetLabels())
	})

	pet := pets["racer-delete"]
	h.waitReady(t, pet)
	if err := h.c.Delete(ctx, pet); err != nil {
		t.Fatal(err)
	}
	h.waitGone(t, pet)
	if !racing.wasRaced("racer-delete") {
		t.Error("racer-delete: the removal of the finalizer was not raced")
	}
	racing.mu.Lock()
	if n := racing.destroys["racer-delete"]; n != 1 {
		t.Errorf("racer-delete: %d destroys started, want 1", n)
	}
	racing.mu.Unlock()

	// A ProviderConfig that does not exist is the object's condition, and
	// retried with the work queue's back-off (1 s, 2 s, 4 s: three retries
	// in the wait below), but no error in the log.
	lost := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "lost"}}
	lost.Spec.ProviderConfigReference = &resource.Reference{Name: "nope"}
	h.create(t, lost)
	h.waitMessage(t, lost, `ProviderConfig "nope" not found; create it or set spec.providerConfigRef`)
	time.Sleep(8 * time.Second)
	h.create(t, (&exampleProviderConfig{name: "nope"}).object())
	h.waitReady(t, lost)

	logMu.Lock()
	defer logMu.Unlock()
	if len(logged) > 0 {
		t.Errorf("errors or conflicts logged:\n%s", strings.Join(logged, "\n"))
	}
}
