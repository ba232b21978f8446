package controller

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	exampleapis "github.com/tfkit/tfkit/examples/jet-provider/apis"
	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	"github.com/tfkit/tfkit/internal/kubetest"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestSelectorMatchControllerRef: a selector with matchControllerRef
// selects only the objects controlled by the referencing object's
// controller, as in Crossplane, on a real API server: of two Pets with the
// selector's labels, a File takes the one of its own controller, waits
// (naming the controller) while there is none, and says how to fix a File
// that has no controller; without matchControllerRef the labels decide
// alone.
func TestSelectorMatchControllerRef(t *testing.T) {
	c := petsAndFiles(t)
	ctx := context.Background()
	// Two controllers (any objects will do: the API server runs no
	// garbage collector here), each controlling one Pet.
	controllers := map[string]*corev1.Namespace{}
	for _, name := range []string{"team-a", "team-b", "team-c"} {
		ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
		if err := c.Create(ctx, ns); err != nil {
			t.Fatal(err)
		}
		controllers[name] = ns
	}
	controlledBy := func(name string) []metav1.OwnerReference {
		yes := true
		ns := controllers[name]
		return []metav1.OwnerReference{{APIVersion: "v1", Kind: "Namespace", Name: ns.Name, UID: ns.UID, Controller: &yes}}
	}
	for _, p := range []struct{ name, controller, id string }{{"a-pet", "team-a", "id-of-a"}, {"b-pet", "team-b", "id-of-b"}} {
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: p.name, Labels: map[string]string{"app": "shop"}, OwnerReferences: controlledBy(p.controller)}}
		if err := c.Create(ctx, pet); err != nil {
			t.Fatal(err)
		}
		pet.Status.SetConditions(condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, ""))
		id := p.id
		pet.Status.AtProvider.ID = &id
		if err := c.Status().Update(ctx, pet); err != nil {
			t.Fatal(err)
		}
	}
	yes, no := true, false
	resolve := func(owners []metav1.OwnerReference, match *bool) (string, error) {
		f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "f", OwnerReferences: owners}}
		f.Spec.ForProvider.ContentSelector = &resource.Selector{MatchLabels: map[string]string{"app": "shop"}, MatchControllerRef: match}
		err := f.ResolveReferences(ctx, &resolver{c: c, from: f})
		if f.Spec.ForProvider.Content == nil {
			return "", err
		}
		return *f.Spec.ForProvider.Content, err
	}
	for _, tc := range []struct {
		controller string
		match      *bool
		want       string
	}{
		{"team-b", &yes, "id-of-b"},
		{"team-a", &yes, "id-of-a"},
		{"team-b", nil, "id-of-a"},
		{"team-b", &no, "id-of-a"},
		{"", nil, "id-of-a"},
	} {
		var owners []metav1.OwnerReference
		if tc.controller != "" {
			owners = controlledBy(tc.controller)
		}
		got, err := resolve(owners, tc.match)
		if err != nil || got != tc.want {
			t.Errorf("controller %q, matchControllerRef %v: content %q, %v; want %q", tc.controller, tc.match, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		controller string
		want       string
	}{
		{"team-c", `no Pet matches the selector map[app:shop] yet: 2 match its labels, none of them controlled by Namespace "team-c", this object's controller (spec.forProvider.contentSelector.matchControllerRef)`},
		{"", `no Pet matches the selector map[app:shop] yet: spec.forProvider.contentSelector.matchControllerRef selects only objects with the controller of this object, which has no controller reference; set it to false, or give this object its controller`},
	} {
		var owners []metav1.OwnerReference
		if tc.controller != "" {
			owners = controlledBy(tc.controller)
		}
		got, err := resolve(owners, &yes)
		var wait *waitError
		if got != "" || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("controller %q: content %q, error %v; want a wait: %s", tc.controller, got, err, tc.want)
		} else if !errors.As(err, &wait) {
			t.Errorf("controller %q: %v is not a wait", tc.controller, err)
		}
	}
}

// TestMissingTargetNamesField: on a real API server, a File whose
// contentRef names a Pet that does not exist, or whose contentSelector
// selects none, waits with a condition that names the field to fix, not
// only the Pet.
func TestMissingTargetNamesField(t *testing.T) {
	c := petsAndFiles(t)
	ctx := context.Background()
	r := engineless(t, c)
	for _, tc := range []struct {
		name string
		set  func(*localv1alpha1.File)
		want string
	}{
		{"by-name", func(f *localv1alpha1.File) { f.Spec.ForProvider.ContentRef = &resource.Reference{Name: "no-such-pet"} },
			`spec.forProvider.content: waiting for Pet "no-such-pet": it does not exist; create it or fix spec.forProvider.contentRef`},
		{"by-labels", func(f *localv1alpha1.File) {
			f.Spec.ForProvider.ContentSelector = &resource.Selector{MatchLabels: map[string]string{"app": "none"}}
		}, `spec.forProvider.content: no Pet matches the selector map[app:none] yet; create one with these labels or fix spec.forProvider.contentSelector`},
	} {
		f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: tc.name}}
		filename := "/tmp/" + tc.name
		f.Spec.ForProvider.Filename = &filename
		tc.set(f)
		if err := c.Create(ctx, f); err != nil {
			t.Fatal(err)
		}
		req := reconcile.Request{NamespacedName: types.NamespacedName{Name: f.Name}}
		if _, err := r.Reconcile(ctx, req); err != nil {
			t.Fatal(err)
		}
		if err := c.Get(ctx, req.NamespacedName, f); err != nil {
			t.Fatal(err)
		}
		if s := f.Status.Condition(resource.TypeSynced); s.Status != metav1.ConditionFalse || s.Message != tc.want {
			t.Errorf("%s: Synced = %+v, want False with %q", tc.name, s, tc.want)
		}
	}
}

// TestReadyNamesWhatItWaitsFor: on a real API server, a File whose
// contentRef names a Pet that is not Ready yet has Ready=False saying
// which reference waits for which object, as Synced does; once it waits
// no longer (a mistake of its own stops it), Ready no longer says so.
func TestReadyNamesWhatItWaitsFor(t *testing.T) {
	c := petsAndFiles(t)
	ctx := context.Background()
	if err := c.Create(ctx, &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "slow-pet"}}); err != nil {
		t.Fatal(err)
	}
	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "notes"}}
	filename := "/tmp/notes.txt"
	f.Spec.ForProvider.Filename = &filename
	f.Spec.ForProvider.ContentRef = &resource.Reference{Name: "slow-pet"}
	if err := c.Create(ctx, f); err != nil {
		t.Fatal(err)
	}
	// The reconcile waits for the Pet before any engine runs (there is
	// none: it would panic).
	r := engineless(t, c)
	req := reconcile.Request{NamespacedName: types.NamespacedName{Name: "notes"}}
	if _, err := r.Reconcile(ctx, req); err != nil {
		t.Fatal(err)
	}
	got := &localv1alpha1.File{}
	if err := c.Get(ctx, req.NamespacedName, got); err != nil {
		t.Fatal(err)
	}
	const want = `spec.forProvider.content: waiting for Pet "slow-pet" to be Ready`
	if s := got.Status.Condition(resource.TypeSynced); s.Status != metav1.ConditionFalse || s.Message != want {
		t.Errorf("Synced = %+v, want False with %q", s, want)
	}
	if s := got.Status.Condition(resource.TypeReady); s.Status != metav1.ConditionFalse || s.Reason != resource.ReasonUnavailable || s.Message != want {
		t.Errorf("Ready = %+v, want False (Unavailable) with %q", s, want)
	}

	// Observe only, without an external name: no longer waiting, and
	// Ready no longer says it is.
	got.Spec.ManagementPolicies = resource.ManagementPolicies{resource.ManagementObserve}
	if err := c.Update(ctx, got); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Reconcile(ctx, req); err == nil {
		t.Fatal("observe only without an external name: no error")
	}
	if err := c.Get(ctx, req.NamespacedName, got); err != nil {
		t.Fatal(err)
	}
	if s := got.Status.Condition(resource.TypeSynced); !strings.Contains(s.Message, "external name") {
		t.Errorf("Synced = %+v, want the external name's mistake", s)
	}
	if s := got.Status.Condition(resource.TypeReady); s.Status != metav1.ConditionFalse || s.Message != "" {
		t.Errorf("Ready = %+v, want False without a message", s)
	}
}

// TestSecretOfArgumentMissing: on a real API server, a File whose
// sensitive argument names a Secret that does not exist, then one without
// the key, waits with a condition that names the field and says how to fix
// it, before any engine runs.
func TestSecretOfArgumentMissing(t *testing.T) {
	c := petsAndFiles(t)
	ctx := context.Background()
	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "secret-notes"}}
	filename := "/tmp/secret-notes.txt"
	f.Spec.ForProvider.Filename = &filename
	f.Spec.ForProvider.SensitiveContentSecretRef = &resource.SecretKeySelector{
		SecretReference: resource.SecretReference{Name: "notes-text", Namespace: "default"}, Key: "text"}
	if err := c.Create(ctx, f); err != nil {
		t.Fatal(err)
	}
	r := engineless(t, c)
	req := reconcile.Request{NamespacedName: types.NamespacedName{Name: f.Name}}
	for _, tc := range []struct {
		secret *corev1.Secret
		want   string
	}{
		{nil, "spec.forProvider.sensitiveContentSecretRef: Secret default/notes-text not found; create it or fix spec.forProvider.sensitiveContentSecretRef"},
		{&corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "notes-text", Namespace: "default"}, Data: map[string][]byte{"txt": []byte("x")}},
			`spec.forProvider.sensitiveContentSecretRef: Secret default/notes-text has no key "text"; add it or fix spec.forProvider.sensitiveContentSecretRef.key`},
	} {
		if tc.secret != nil {
			if err := c.Create(ctx, tc.secret); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := r.Reconcile(ctx, req); err != nil {
			t.Fatal(err)
		}
		got := &localv1alpha1.File{}
		if err := c.Get(ctx, req.NamespacedName, got); err != nil {
			t.Fatal(err)
		}
		if s := got.Status.Condition(resource.TypeSynced); s.Status != metav1.ConditionFalse || s.Message != tc.want {
			t.Errorf("Synced = %+v, want False with %q", s, tc.want)
		}
	}
}

// engineless returns a Reconciler of Files over c without an engine: a
// reconcile that runs one panics.
func engineless(t *testing.T, c client.Client) *Reconciler {
	return &Reconciler{
		client: c, reader: c, root: t.TempDir(),
		reg: resource.Registration{TerraformType: "local_file", Kind: localv1alpha1.FileGroupVersionKind,
			New: func() resource.Terraformed { return &localv1alpha1.File{} }},
		opts: Options{Timeout: time.Minute, Poll: time.Minute},
		ops:  newOperations(context.Background()), done: make(chan event.GenericEvent, 8),
	}
}

// petsAndFiles starts a real API server (the test is skipped with -short)
// with the example's Pet and File kinds installed, and returns a client
// of it.
func petsAndFiles(t *testing.T) client.Client {
	t.Helper()
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml",
		"../../examples/jet-provider/package/crds/local.jet.tfkit.dev_files.yaml")
	scheme := testScheme(t, exampleapis.AddToScheme)
	c := testClient(t, env.Config, scheme)
	return c
}
