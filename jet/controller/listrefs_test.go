package controller

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"

	exampleapis "github.com/tfkit/tfkit/examples/jet-provider/apis"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	examplecontroller "github.com/tfkit/tfkit/examples/jet-provider/controller"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/kubetest"
	dockerapis "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis"
	dockerv1alpha1 "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/docker/v1alpha1"
	dockerrandomv1alpha1 "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/random/v1alpha1"
	dockercontroller "github.com/tfkit/tfkit/jet/controller/internal/dockertest/controller"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestListReferences: the example's Shuffle has inputRefs (a list) and
// inputSelector in both spec parts, deep-copied; its ResolveReferences
// asks for the whole list in one request naming each part's fields, and
// writes the values and references back; the objects they name, and any
// Pet for the selector, are what it waits for; a wait names the list.
func TestListReferences(t *testing.T) {
	sh := &randomv1alpha1.Shuffle{ObjectMeta: metav1.ObjectMeta{Name: "s"}}
	sh.Spec.ForProvider.InputRefs = []resource.Reference{{Name: "b"}, {Name: "a"}}
	sh.Spec.InitProvider.InputSelector = &resource.Selector{MatchLabels: map[string]string{"set": "x"}}

	cp := sh.DeepCopy()
	cp.Spec.ForProvider.InputRefs[0].Name = "changed"
	if sh.Spec.ForProvider.InputRefs[0].Name != "b" {
		t.Errorf("DeepCopy shares spec.forProvider.inputRefs")
	}
	pet := randomv1alpha1.PetGroupVersionKind
	got := waitsFor(sh)
	for _, want := range []string{targetKey(pet, "b"), targetKey(pet, "a"), targetKey(pet, "")} {
		if !slices.Contains(got, want) {
			t.Errorf("waitsFor = %q, want %q among them", got, want)
		}
	}

	r := &initResolver{}
	if err := sh.ResolveReferences(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if len(r.reqs) != 0 || len(r.multi) != 2 {
		t.Fatalf("%d single and %d list requests, want 0 and 2", len(r.reqs), len(r.multi))
	}
	for i, part := range []string{"spec.forProvider", "spec.initProvider"} {
		req := r.multi[i]
		if req.ReferenceField != part+".inputRefs" || req.SelectorField != part+".inputSelector" || req.To != pet || req.Extract != "status.atProvider.id" {
			t.Errorf("request %d = %+v, want the fields of %s", i, req, part)
		}
	}
	if !reflect.DeepEqual(r.multi[0].References, []resource.Reference{{Name: "b"}, {Name: "a"}}) || r.multi[1].Selector == nil {
		t.Errorf("requests = %+v, want the references of spec.forProvider in order and the selector of spec.initProvider", r.multi)
	}
	if want := []string{"from spec.forProvider.inputRefs", "and spec.forProvider.inputRefs"}; !slices.Equal(sh.Spec.ForProvider.Input, want) {
		t.Errorf("spec.forProvider.input = %q, want %q", sh.Spec.ForProvider.Input, want)
	}
	if !reflect.DeepEqual(sh.Spec.InitProvider.InputRefs, []resource.Reference{{Name: "resolved"}, {Name: "also"}}) {
		t.Errorf("spec.initProvider.inputRefs = %+v, want the resolved references", sh.Spec.InitProvider.InputRefs)
	}
	// The Terraform arguments hold the values only.
	if p, _ := sh.GetParameters(); !reflect.DeepEqual(p, map[string]any{"input": []any{"from spec.forProvider.inputRefs", "and spec.forProvider.inputRefs"}}) {
		t.Errorf("GetParameters = %v", p)
	}

	wait := &waitError{msg: `waiting for Pet "b": it does not exist; create it or fix spec.forProvider.inputRefs`}
	err := (&randomv1alpha1.Shuffle{Spec: cp.Spec}).ResolveReferences(context.Background(), &initResolver{errFor: "spec.forProvider.inputRefs", err: wait})
	var we *waitError
	if !errors.As(err, &we) || err.Error() != "spec.forProvider.input: "+wait.msg {
		t.Errorf("error = %v, want a wait naming spec.forProvider.input", err)
	}
}

// TestNestedReferences: internal/dockertest's Volume has valueRef and
// valueSelector in each of its labels blocks, in both spec parts; each
// element is resolved (one with a value keeps it: the resolver gets it as
// the current value), its index in the fields the request and the error
// name; its references are what the object waits for; and the kind's
// watches include UUID, which only nested blocks refer to.
func TestNestedReferences(t *testing.T) {
	vol := &dockerv1alpha1.Volume{ObjectMeta: metav1.ObjectMeta{Name: "v"}}
	fixed := "fixed"
	vol.Spec.ForProvider.Labels = []dockerv1alpha1.LabelsParameters{{Value: &fixed}, {ValueRef: &resource.Reference{Name: "u"}}}
	vol.Spec.InitProvider.Labels = []dockerv1alpha1.LabelsInitParameters{{ValueSelector: &resource.Selector{MatchLabels: map[string]string{"k": "v"}}}}

	cp := vol.DeepCopy()
	cp.Spec.ForProvider.Labels[1].ValueRef.Name = "changed"
	if vol.Spec.ForProvider.Labels[1].ValueRef.Name != "u" {
		t.Errorf("DeepCopy shares spec.forProvider.labels[1].valueRef")
	}
	uuid := dockerrandomv1alpha1.UUIDGroupVersionKind
	got := waitsFor(vol)
	for _, want := range []string{targetKey(uuid, "u"), targetKey(uuid, "")} {
		if !slices.Contains(got, want) {
			t.Errorf("waitsFor = %q, want %q among them", got, want)
		}
	}

	r := &initResolver{}
	if err := vol.ResolveReferences(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	var fields []string
	for _, req := range r.reqs {
		fields = append(fields, req.ReferenceField+" "+req.SelectorField)
		if req.To != uuid {
			t.Errorf("request %+v is not of a UUID", req)
		}
	}
	want := []string{
		"spec.forProvider.labels[0].valueRef spec.forProvider.labels[0].valueSelector",
		"spec.forProvider.labels[1].valueRef spec.forProvider.labels[1].valueSelector",
		"spec.initProvider.labels[0].valueRef spec.initProvider.labels[0].valueSelector",
	}
	if !slices.Equal(fields, want) {
		t.Errorf("requests name %q, want %q", fields, want)
	}
	if len(r.reqs) == 3 && (r.reqs[0].Current == nil || *r.reqs[0].Current != "fixed") {
		t.Errorf("the first label's request has current value %v, want its value", fmtPtr(r.reqs[0].Current))
	}
	if got := fmtPtr(vol.Spec.ForProvider.Labels[1].Value); got != "from spec.forProvider.labels[1].valueRef" {
		t.Errorf("spec.forProvider.labels[1].value = %v", got)
	}
	if got := fmtPtr(vol.Spec.InitProvider.Labels[0].Value); got != "from spec.initProvider.labels[0].valueRef" {
		t.Errorf("spec.initProvider.labels[0].value = %v", got)
	}

	wait := &waitError{msg: `waiting for UUID "u" to be Ready`}
	err := cp.ResolveReferences(context.Background(), &initResolver{errFor: "spec.forProvider.labels[1].valueRef", err: wait})
	var we *waitError
	if !errors.As(err, &we) || err.Error() != "spec.forProvider.labels[1].value: "+wait.msg {
		t.Errorf("error = %v, want a wait naming spec.forProvider.labels[1].value", err)
	}

	for _, reg := range dockercontroller.Registrations() {
		if reg.TerraformType != "docker_volume" {
			continue
		}
		if got := referencedKinds(reg); !reflect.DeepEqual(got, map[k8sschema.GroupVersionKind]bool{uuid: true}) {
			t.Errorf("referencedKinds(Volume) = %v, want UUID", got)
		}
	}
}

// TestListAndNestedReferencesOnAPIServer: on a real API server with the
// real engine (and OpenTofu when it is installed):
//   - a Shuffle whose inputRefs name two Pets that do not exist waits
//     (Synced=False naming spec.forProvider.input, a Warning event); once
//     they are created and Ready it is created with their ids, in the order
//     of its references;
//   - a Shuffle whose inputSelector selects nothing waits, and takes every
//     selected Pet, sorted by name, once there are some;
//   - an Optional reference to a Pet that does not exist is left out;
//   - a docker Volume (of a fake docker daemon) whose second label's
//     valueRef names a UUID that does not exist waits naming
//     spec.forProvider.labels[1].value; once the UUID is Ready the volume is
//     created with its id as the label's value.
func TestListAndNestedReferencesOnAPIServer(t *testing.T) {
	kubetest.SkipShort(t)
	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		env := kubetest.Start(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml",
			"../../examples/jet-provider/package/crds/random.jet.tfkit.dev_shuffles.yaml",
			"internal/dockertest/package/crds/jettest.tfkit.dev_providerconfigs.yaml",
			"internal/dockertest/package/crds/docker.jettest.tfkit.dev_volumes.yaml",
			"internal/dockertest/package/crds/random.jettest.tfkit.dev_uuids.yaml")
		scheme := testScheme(t, exampleapis.AddToScheme, dockerapis.AddToScheme)
		mgr := testManager(t, env.Config, ctrl.Options{Scheme: scheme})
		var regs []resource.Registration
		for _, reg := range examplecontroller.Registrations() {
			if reg.TerraformType == "random_shuffle" || reg.TerraformType == "random_pet" {
				reg.ProviderConfig = nil
				regs = append(regs, reg)
			}
		}
		for _, reg := range dockercontroller.Registrations() {
			switch reg.TerraformType {
			case "random_uuid":
				reg.ProviderConfig = nil
				regs = append(regs, reg)
			case "docker_volume":
				regs = append(regs, reg)
			}
		}
		example, docker := builtAPIs(t)
		if err := Setup(ctx, mgr, regs, Options{WorkDir: filepath.Join(t.TempDir(), "work"), Engine: engine, Timeout: time.Minute, Poll: time.Minute,
			Resources: append(example, docker...)}); err != nil {
			t.Fatal(err)
		}
		runManager(t, ctx, cancel, mgr)
		h := &pcHarness{t: t, c: testClient(t, env.Config, scheme)}

		// By references, in their order.
		byRefs := &randomv1alpha1.Shuffle{ObjectMeta: metav1.ObjectMeta{Name: "by-refs"}}
		byRefs.Spec.ForProvider.InputRefs = []resource.Reference{{Name: "pet-b"}, {Name: "pet-a"}}
		h.create(t, byRefs)
		want := `spec.forProvider.input: waiting for Pet "pet-b": it does not exist; create it or fix spec.forProvider.inputRefs`
		h.waitMessage(t, byRefs, want)
		h.waitEvent(t, byRefs, string(resource.ReasonReconcileError), "spec.forProvider.inputRefs")

		// By selector: nothing selected yet.
		bySel := &randomv1alpha1.Shuffle{ObjectMeta: metav1.ObjectMeta{Name: "by-selector"}}
		bySel.Spec.ForProvider.InputSelector = &resource.Selector{MatchLabels: map[string]string{"set": "pets"}}
		h.create(t, bySel)
		h.waitMessage(t, bySel, "spec.forProvider.input: no Pet matches the selector map[set:pets] yet; create one with these labels or fix spec.forProvider.inputSelector")

		// The Pets are created together: a selector takes the objects it
		// selects when it is resolved (and waits for those not Ready).
		ids := map[string]string{}
		var pets []*randomv1alpha1.Pet
		for _, name := range []string{"pet-b", "pet-a", "pet-c"} {
			pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"set": "pets"}}}
			if name == "pet-c" {
				pet.Labels = nil
			}
			h.create(t, pet)
			pets = append(pets, pet)
		}
		for _, pet := range pets {
			name := pet.Name
			h.waitReady(t, pet)
			id, _ := fmtPtr(pet.Status.AtProvider.ID).(string)
			if id == "" {
				t.Fatalf("Pet %s has no status.atProvider.id", name)
			}
			ids[name] = id
		}
		h.waitReady(t, byRefs)
		if want := []string{ids["pet-b"], ids["pet-a"]}; !slices.Equal(byRefs.Spec.ForProvider.Input, want) {
			t.Errorf("by references: spec.forProvider.input = %q, want %q (the references' order)", byRefs.Spec.ForProvider.Input, want)
		}
		if got := sorted(byRefs.Status.AtProvider.Result); !slices.Equal(got, sorted([]string{ids["pet-a"], ids["pet-b"]})) {
			t.Errorf("by references: status.atProvider.result = %q, want a shuffle of the two ids", byRefs.Status.AtProvider.Result)
		}

		h.waitReady(t, bySel)
		if want := []string{ids["pet-a"], ids["pet-b"]}; !slices.Equal(bySel.Spec.ForProvider.Input, want) {
			t.Errorf("by selector: spec.forProvider.input = %q, want %q (the labelled Pets, sorted by name)", bySel.Spec.ForProvider.Input, want)
		}
		if want := []resource.Reference{{Name: "pet-a"}, {Name: "pet-b"}}; !reflect.DeepEqual(bySel.Spec.ForProvider.InputRefs, want) {
			t.Errorf("by selector: spec.forProvider.inputRefs = %+v, want %+v", bySel.Spec.ForProvider.InputRefs, want)
		}

		// An Optional reference whose target is missing is left out.
		optional := resource.ResolutionOptional
		opt := &randomv1alpha1.Shuffle{ObjectMeta: metav1.ObjectMeta{Name: "optional"}}
		opt.Spec.ForProvider.InputRefs = []resource.Reference{{Name: "pet-c"}, {Name: "no-such-pet", Policy: &resource.Policy{Resolution: &optional}}}
		h.create(t, opt)
		h.waitReady(t, opt)
		if want := []string{ids["pet-c"]}; !slices.Equal(opt.Spec.ForProvider.Input, want) {
			t.Errorf("optional: spec.forProvider.input = %q, want %q", opt.Spec.ForProvider.Input, want)
		}

		// A reference in nested blocks.
		sockDir, err := os.MkdirTemp("", "jetref")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(sockDir) })
		sock := filepath.Join(sockDir, "docker.sock")
		fake := startFakeDocker(t, sock)
		h.create(t, credentials("docker-creds", `{"docker": {"host": "unix://`+sock+`"}}`))
		h.create(t, dockerProviderConfig("docker", "docker-creds"))
		volName := "labelled"
		vol := &dockerv1alpha1.Volume{ObjectMeta: metav1.ObjectMeta{Name: "labelled"}}
		vol.Spec.ProviderConfigReference = &resource.Reference{Name: "docker"}
		vol.Spec.ForProvider.Name = &volName
		fixedLabel, fixedValue, refLabel := "fixed", "value", "owner"
		vol.Spec.ForProvider.Labels = []dockerv1alpha1.LabelsParameters{
			{Label: &fixedLabel, Value: &fixedValue},
			{Label: &refLabel, ValueRef: &resource.Reference{Name: "owner"}},
		}
		h.create(t, vol)
		h.waitMessage(t, vol, `spec.forProvider.labels[1].value: waiting for UUID "owner": it does not exist; create it or fix spec.forProvider.labels[1].valueRef`)
		h.waitEvent(t, vol, string(resource.ReasonReconcileError), "spec.forProvider.labels[1].valueRef")
		if n := fake.volumes(); n != 0 {
			t.Errorf("the fake daemon holds %d volumes before the reference is resolved", n)
		}
		owner := &dockerrandomv1alpha1.UUID{ObjectMeta: metav1.ObjectMeta{Name: "owner"}}
		h.create(t, owner)
		h.waitReady(t, owner)
		uuid, _ := fmtPtr(owner.Status.AtProvider.ID).(string)
		if uuid == "" {
			t.Fatal("the UUID has no status.atProvider.id")
		}
		h.waitReady(t, vol)
		if got := fmtPtr(vol.Spec.ForProvider.Labels[1].Value); got != uuid {
			t.Errorf("spec.forProvider.labels[1].value = %v, want the UUID's id %s", got, uuid)
		}
		if got := fake.labels(volName); !reflect.DeepEqual(got, map[string]string{"fixed": "value", "owner": uuid}) {
			t.Errorf("the volume's labels = %v, want fixed=value and owner=%s", got, uuid)
		}
	})
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// labels are the labels of the fake daemon's volume name.
func (f *fakeDocker) labels(name string) map[string]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	v, ok := f.vols[name]
	if !ok {
		return nil
	}
	out := map[string]string{}
	switch ls := v["Labels"].(type) {
	case map[string]string:
		for k, v := range ls {
			out[k] = v
		}
	case map[string]any:
		for k, v := range ls {
			out[k], _ = v.(string)
		}
	}
	return out
}

// TestResolveMultiple: on a real API server, the resolver fills a list
// from its references in their order, or from every object its selector
// selects, sorted by name; keeps values that are set unless the policy's
// resolve is Always; waits for a missing or not Ready target, naming the
// list and the field to fix; leaves out an Optional one; and keeps the
// values when an Optional selector selects nothing.
func TestResolveMultiple(t *testing.T) {
	c := petsAndFiles(t)
	ctx := context.Background()
	for _, p := range []struct {
		name, app, id string
		ready         bool
	}{{"p2", "x", "id-2", true}, {"p1", "x", "id-1", true}, {"p3", "y", "id-3", false}} {
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: p.name, Labels: map[string]string{"app": p.app}}}
		if err := c.Create(ctx, pet); err != nil {
			t.Fatal(err)
		}
		if p.ready {
			pet.Status.SetConditions(condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, ""))
		}
		id := p.id
		pet.Status.AtProvider.ID = &id
		if err := c.Status().Update(ctx, pet); err != nil {
			t.Fatal(err)
		}
	}
	always, optional := resource.ResolveAlways, resource.ResolutionOptional
	for _, tc := range []struct {
		name     string
		current  []string
		refs     []resource.Reference
		selector *resource.Selector
		want     []string
		wantRefs []resource.Reference
		wantErr  string
	}{
		{name: "references in order", refs: []resource.Reference{{Name: "p2"}, {Name: "p1"}},
			want: []string{"id-2", "id-1"}, wantRefs: []resource.Reference{{Name: "p2"}, {Name: "p1"}}},
		{name: "selector sorted by name", selector: &resource.Selector{MatchLabels: map[string]string{"app": "x"}},
			want: []string{"id-1", "id-2"}, wantRefs: []resource.Reference{{Name: "p1"}, {Name: "p2"}}},
		{name: "values kept", current: []string{"mine"}, refs: []resource.Reference{{Name: "p1"}},
			want: []string{"mine"}, wantRefs: []resource.Reference{{Name: "p1"}}},
		{name: "resolve Always", current: []string{"mine"}, refs: []resource.Reference{{Name: "p1", Policy: &resource.Policy{Resolve: &always}}},
			want: []string{"id-1"}, wantRefs: []resource.Reference{{Name: "p1", Policy: &resource.Policy{Resolve: &always}}}},
		{name: "missing target", refs: []resource.Reference{{Name: "p1"}, {Name: "gone"}},
			wantErr: `spec.forProvider.input: waiting for Pet "gone": it does not exist; create it or fix spec.forProvider.inputRefs`},
		{name: "not Ready", refs: []resource.Reference{{Name: "p3"}},
			wantErr: `spec.forProvider.input: waiting for Pet "p3" to be Ready`},
		{name: "Optional target left out", refs: []resource.Reference{{Name: "p1"}, {Name: "gone", Policy: &resource.Policy{Resolution: &optional}}},
			want: []string{"id-1"}, wantRefs: []resource.Reference{{Name: "p1"}, {Name: "gone", Policy: &resource.Policy{Resolution: &optional}}}},
		{name: "selector of nothing", selector: &resource.Selector{MatchLabels: map[string]string{"app": "none"}},
			wantErr: `spec.forProvider.input: no Pet matches the selector map[app:none] yet; create one with these labels or fix spec.forProvider.inputSelector`},
		{name: "Optional selector of nothing", selector: &resource.Selector{MatchLabels: map[string]string{"app": "none"}, Policy: &resource.Policy{Resolution: &optional}}},
		{name: "Optional selector of a target not Ready", selector: &resource.Selector{MatchLabels: map[string]string{"app": "y"}, Policy: &resource.Policy{Resolution: &optional}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := &randomv1alpha1.Shuffle{ObjectMeta: metav1.ObjectMeta{Name: "s"}}
			sh.Spec.ForProvider.Input = tc.current
			sh.Spec.ForProvider.InputRefs = tc.refs
			sh.Spec.ForProvider.InputSelector = tc.selector
			err := sh.ResolveReferences(ctx, &resolver{c: c, from: sh})
			if tc.wantErr != "" {
				var wait *waitError
				if err == nil || err.Error() != tc.wantErr || !errors.As(err, &wait) {
					t.Fatalf("error = %v, want the wait %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(sh.Spec.ForProvider.Input, tc.want) || !reflect.DeepEqual(sh.Spec.ForProvider.InputRefs, tc.wantRefs) {
				t.Errorf("input = %q, inputRefs = %+v; want %q, %+v", sh.Spec.ForProvider.Input, sh.Spec.ForProvider.InputRefs, tc.want, tc.wantRefs)
			}
		})
	}
}
