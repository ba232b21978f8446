package controller

import (
	"context"
	"errors"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"

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
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml",
		"../../examples/jet-provider/package/crds/local.jet.tfkit.dev_files.yaml")
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, exampleapis.AddToScheme} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	c, err := client.New(env.Config, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
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
		{"team-c", `no Pet matches the selector map[app:shop] yet: 2 match its labels, none of them controlled by Namespace "team-c", this object's controller (matchControllerRef)`},
		{"", `no Pet matches the selector map[app:shop] yet: its matchControllerRef selects only objects with the controller of this object, which has no controller reference; set matchControllerRef to false, or give this object its controller`},
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
