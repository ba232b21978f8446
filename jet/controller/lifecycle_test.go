package controller

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	"github.com/tfkit/tfkit/jet/resource"
)

// memClient is an API server of one kind in memory: Get, Update, Delete
// (which only marks an object with finalizers) and status updates.
type memClient struct {
	client.Client // nil: other calls panic
	objs          map[string]client.Object
}

func (m *memClient) Get(_ context.Context, key client.ObjectKey, obj client.Object, _ ...client.GetOption) error {
	o, ok := m.objs[key.Name]
	if !ok {
		return kerrors.NewNotFound(schema.GroupResource{}, key.Name)
	}
	o.(*randomv1alpha1.Pet).DeepCopyInto(obj.(*randomv1alpha1.Pet))
	return nil
}

func (m *memClient) put(obj client.Object, status bool) error {
	old, ok := m.objs[obj.GetName()]
	if !ok {
		return kerrors.NewNotFound(schema.GroupResource{}, obj.GetName())
	}
	n := obj.DeepCopyObject().(*randomv1alpha1.Pet)
	if status {
		o := old.(*randomv1alpha1.Pet)
		o.Status = n.Status
		return nil
	}
	n.Status = old.(*randomv1alpha1.Pet).Status
	m.objs[obj.GetName()] = n
	return nil
}

func (m *memClient) Update(_ context.Context, obj client.Object, _ ...client.UpdateOption) error {
	return m.put(obj, false)
}

func (m *memClient) Delete(_ context.Context, obj client.Object, _ ...client.DeleteOption) error {
	o, ok := m.objs[obj.GetName()]
	if !ok {
		return kerrors.NewNotFound(schema.GroupResource{}, obj.GetName())
	}
	now := metav1.Now()
	o.SetDeletionTimestamp(&now)
	return nil
}

func (m *memClient) Status() client.SubResourceWriter { return memStatus{m} }

type memStatus struct{ m *memClient }

func (s memStatus) Create(context.Context, client.Object, client.Object, ...client.SubResourceCreateOption) error {
	return errors.New("not supported")
}

func (s memStatus) Update(_ context.Context, obj client.Object, _ ...client.SubResourceUpdateOption) error {
	return s.m.put(obj, true)
}

func (s memStatus) Patch(context.Context, client.Object, client.Patch, ...client.SubResourcePatchOption) error {
	return errors.New("not supported")
}

// fakePets returns a Reconciler of Pets over an API server in memory
// holding pet, without an engine: a reconcile that runs one panics.
func fakePets(t *testing.T, pet *randomv1alpha1.Pet) (*Reconciler, client.Client) {
	t.Helper()
	c := &memClient{objs: map[string]client.Object{pet.Name: pet.DeepCopy()}}
	r := &Reconciler{
		client: c, reader: c, root: t.TempDir(),
		reg: resource.Registration{TerraformType: "random_pet", Kind: randomv1alpha1.PetGroupVersionKind,
			New: func() resource.Terraformed { return &randomv1alpha1.Pet{} }},
		opts: Options{Timeout: time.Minute, Poll: time.Minute},
		ops:  newOperations(context.Background()), done: make(chan event.GenericEvent, 8),
	}
	return r, c
}

func newPet(name string) *randomv1alpha1.Pet {
	return &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: name, Generation: 1, Finalizers: []string{Finalizer}}}
}

// runOp runs a background operation of pet's workspace to its end.
func runOp(t *testing.T, r *Reconciler, pet *randomv1alpha1.Pet, err error) {
	t.Helper()
	r.ops.start(r.dir(pet), opCreate, time.Minute, pet.DeepCopy(), r.done, func(context.Context) error { return err })
	select {
	case <-r.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the operation did not end")
	}
}

// TestFailedCreateBacksOff: a create whose apply fails is not retried at
// once, not even by the reconcile the create-failed annotation starts, and
// the delay grows with each failure; a changed spec is tried at once.
func TestFailedCreateBacksOff(t *testing.T) {
	pet := newPet("p")
	r, c := fakePets(t, pet)
	req := reconcile.Request{NamespacedName: types.NamespacedName{Name: "p"}}
	var last time.Duration
	for i := range 3 {
		runOp(t, r, pet, errors.New("Error: creating: the engine failed"))
		// The end of the operation, then the annotation event: neither
		// may run an engine (there is none: it would panic).
		for j := range 2 {
			res, err := r.Reconcile(context.Background(), req)
			if err != nil {
				t.Fatalf("failure %d, reconcile %d: %v", i+1, j+1, err)
			}
			if res.RequeueAfter <= 0 || res.RequeueAfter > retryMax {
				t.Fatalf("failure %d, reconcile %d: requeue after %v", i+1, j+1, res.RequeueAfter)
			}
			if j == 0 {
				if res.RequeueAfter <= last {
					t.Errorf("failure %d: retry after %v, not longer than %v", i+1, res.RequeueAfter, last)
				}
				last = res.RequeueAfter
			}
		}
	}
	var got randomv1alpha1.Pet
	if err := c.Get(context.Background(), req.NamespacedName, &got); err != nil {
		t.Fatal(err)
	}
	if s := got.Status.Condition(resource.TypeSynced); s.Status != metav1.ConditionFalse || !strings.Contains(s.Message, "the engine failed") {
		t.Errorf("Synced = %+v", s)
	}
	if _, err := r.ops.backoff(r.dir(pet), 2); err != nil {
		t.Error("a changed spec waits for the back-off of the old one")
	}
	runOp(t, r, pet, nil)
	r.ops.state(r.dir(pet))
	if _, err := r.ops.backoff(r.dir(pet), 1); err != nil {
		t.Error("the back-off outlived a successful operation")
	}
}

func TestRetryDelay(t *testing.T) {
	for n, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 4: 8 * time.Second, 7: time.Minute, 50: time.Minute} {
		if got := retryDelay(n); got != want {
			t.Errorf("retryDelay(%d) = %v, want %v", n, got, want)
		}
	}
}

// TestPaused: an object annotated crossplane.io/paused: "true" is neither
// observed nor deleted (there is no engine: it would panic), and says so.
func TestPaused(t *testing.T) {
	pet := newPet("p")
	pet.Annotations = map[string]string{AnnotationPaused: "true"}
	r, c := fakePets(t, pet)
	req := reconcile.Request{NamespacedName: types.NamespacedName{Name: "p"}}
	for _, deleting := range []bool{false, true} {
		if deleting {
			if err := c.Delete(context.Background(), pet); err != nil {
				t.Fatal(err)
			}
		}
		res, err := r.Reconcile(context.Background(), req)
		if err != nil || res != (reconcile.Result{}) {
			t.Fatalf("deleting %v: %+v, %v", deleting, res, err)
		}
		var got randomv1alpha1.Pet
		if err := c.Get(context.Background(), req.NamespacedName, &got); err != nil {
			t.Fatalf("deleting %v: %v", deleting, err)
		}
		if s := got.Status.Condition(resource.TypeSynced); s.Reason != resource.ReasonReconcilePaused {
			t.Errorf("deleting %v: Synced = %+v", deleting, s)
		}
	}
}

// TestObserveOnlyNeedsExternalName: an object that may not create its
// resource (["Observe"]) and names none says to set the external name, and
// runs no engine (there is none: it would panic).
func TestObserveOnlyNeedsExternalName(t *testing.T) {
	pet := newPet("p")
	pet.Spec.ManagementPolicies = resource.ManagementPolicies{resource.ManagementObserve}
	r, c := fakePets(t, pet)
	req := reconcile.Request{NamespacedName: types.NamespacedName{Name: "p"}}
	if _, err := r.Reconcile(context.Background(), req); err == nil {
		t.Fatal("no error")
	}
	var got randomv1alpha1.Pet
	if err := c.Get(context.Background(), req.NamespacedName, &got); err != nil {
		t.Fatal(err)
	}
	const want = "the management policies ([Observe]) do not allow creating the external resource, and the object has no external name to find an existing one by: set the annotation crossplane.io/external-name to its identifier, or allow Create"
	if s := got.Status.Condition(resource.TypeSynced); s.Status != metav1.ConditionFalse || s.Message != want {
		t.Errorf("Synced = %+v, want False with %q", s, want)
	}
	if s := got.Status.Condition(resource.TypeReady); s.Status != metav1.ConditionFalse || s.Reason != resource.ReasonUnavailable {
		t.Errorf("Ready = %+v, want False (Unavailable)", s)
	}
}

// TestReplaceNeedsDeleteAndCreate: with ["Observe", "Update"] a change
// that replaces the resource (a File's content) is refused, naming the
// field; a change in place is not.
func TestReplaceNeedsDeleteAndCreate(t *testing.T) {
	r := &Reconciler{reg: resource.Registration{TerraformType: "local_file",
		New: func() resource.Terraformed { return &localv1alpha1.File{} }}}
	replace := observation{exists: true, replace: true, replacePaths: []string{"content"}}
	limited := resource.ManagementPolicies{resource.ManagementObserve, resource.ManagementUpdate}
	err := r.replaceAllowed(limited, replace)
	if err == nil || !strings.HasPrefix(err.Error(), "the change of spec.forProvider.content replaces") {
		t.Errorf("replace under %v: %v", limited, err)
	}
	if err := r.replaceAllowed(limited, observation{exists: true}); err != nil {
		t.Errorf("update in place under %v: %v", limited, err)
	}
	if err := r.replaceAllowed(resource.ManagementPolicies{resource.ManagementAll}, replace); err != nil {
		t.Errorf("replace under [*]: %v", err)
	}
}

// TestAdoptionKeepsResource: a Pet adopted by its external name (after
// deletionPolicy Orphan, or an Observe-only object) whose spec leaves
// length and separator to their defaults is up to date, not replaced by a
// new pet; a spec that asks for another length is a replacement, naming
// it.
func TestAdoptionKeepsResource(t *testing.T) {
	eng, root := engineSetup(t, true)
	pet := newPet("adopted")
	pet.Annotations = map[string]string{resource.AnnotationExternalName: "good-dog"}
	r, _ := fakePets(t, pet)
	r.eng, r.root = eng, root
	ctx := context.Background()
	_, obs, err := r.observe(ctx, pet, r.dir(pet), false)
	if err != nil {
		t.Fatal(err)
	}
	if !obs.exists || !obs.upToDate || obs.replace || obs.attrs["id"] != "good-dog" {
		t.Fatalf("adopted: %+v", obs)
	}
	three := 3.0
	pet.Spec.ForProvider.Length = &three
	if _, obs, err = r.observe(ctx, pet, r.dir(pet), false); err != nil {
		t.Fatal(err)
	}
	if !obs.replace || strings.Join(obs.replacePaths, ",") != "length" {
		t.Errorf("length changed: replace %v, paths %v", obs.replace, obs.replacePaths)
	}
}

// TestAdoptionAfterRestart: a manager that stopped in the middle of a
// rebuild (the marker left, the state holding only the spec's arguments)
// does not replace the adopted resource either.
func TestAdoptionAfterRestart(t *testing.T) {
	eng, root := engineSetup(t, true)
	pet := newPet("adopted")
	pet.Annotations = map[string]string{resource.AnnotationExternalName: "good-dog"}
	r, _ := fakePets(t, pet)
	r.eng, r.root = eng, root
	ws, err := eng.workspace(r.dir(pet), "random_pet")
	if err != nil {
		t.Fatal(err)
	}
	if err := ws.importState("good-dog", map[string]any{}, 0, providerAddress("random_pet")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.dir(pet), rebuildMarker), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, obs, err := r.observe(context.Background(), pet, r.dir(pet), false)
	if err != nil {
		t.Fatal(err)
	}
	if !obs.upToDate || obs.replace {
		t.Fatalf("adopted after a restart: %+v", obs)
	}
	if _, err := os.Stat(filepath.Join(r.dir(pet), rebuildMarker)); !os.IsNotExist(err) {
		t.Errorf("the marker is left: %v", err)
	}
}
