package controller

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	exampleapis "github.com/tfkit/tfkit/examples/jet-provider/apis"
	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	examplecontroller "github.com/tfkit/tfkit/examples/jet-provider/controller"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/kubetest"
	dockerv1alpha1 "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/docker/v1alpha1"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestMergeInit: spec.forProvider wins over spec.initProvider, objects and
// maps are merged key by key, lists are taken whole from one side, and
// the paths only spec.initProvider sets are spelt as ignore_changes reads
// them: an attribute by name, a map key by index, sorted.
func TestMergeInit(t *testing.T) {
	vol := &dockerv1alpha1.Volume{}
	fp, ok := forProviderType(vol)
	if !ok {
		t.Fatal("no spec.forProvider type")
	}
	init := map[string]any{
		"driver":      "local",
		"name":        "from-init",
		"driver_opts": map[string]any{"type": "tmpfs", "o": "size=1m", `a"${b}`: "x"},
		"labels":      []any{map[string]any{"label": "a", "value": "1"}},
	}
	params := map[string]any{
		"name":        "from-spec",
		"driver_opts": map[string]any{"o": "size=2m"},
		"labels":      []any{map[string]any{"label": "b", "value": "2"}},
	}
	got := initOnlyPaths(fp, init, params, "", nil)
	want := []string{`driver`, `driver_opts["a\"$${b}"]`, `driver_opts["type"]`}
	if !slices.Equal(got, want) {
		t.Errorf("initOnlyPaths = %q, want %q", got, want)
	}
	mergeInit(params, init)
	wantParams := map[string]any{
		"name":        "from-spec",
		"driver":      "local",
		"driver_opts": map[string]any{"o": "size=2m", "type": "tmpfs", `a"${b}`: "x"},
		"labels":      []any{map[string]any{"label": "b", "value": "2"}},
	}
	if !reflect.DeepEqual(params, wantParams) {
		t.Errorf("merged = %v, want %v", params, wantParams)
	}

	// The Terraform JSON of the generated kind: spec.initProvider's
	// arguments, by Terraform name.
	driver := "local"
	vol.Spec.InitProvider.Driver = &driver
	vol.Spec.InitProvider.DriverOpts = map[string]string{"type": "tmpfs"}
	ip, err := vol.GetInitParameters()
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"driver": "local", "driver_opts": map[string]any{"type": "tmpfs"}}; !reflect.DeepEqual(ip, want) {
		t.Errorf("GetInitParameters = %v, want %v", ip, want)
	}

	// Rendered: the resource's lifecycle.ignore_changes, as Terraform
	// reads it.
	rc, err := renderConfig("docker_volume", map[string]any{"driver": "local"}, nil, "driver", `driver_opts["type"]`)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Resource map[string]map[string]struct {
			Lifecycle struct {
				IgnoreChanges []string `json:"ignore_changes"`
			} `json:"lifecycle"`
		} `json:"resource"`
	}
	if err := json.Unmarshal(rc.src, &doc); err != nil {
		t.Fatal(err)
	}
	if got := doc.Resource["docker_volume"][resourceName].Lifecycle.IgnoreChanges; !slices.Equal(got, []string{"driver", `driver_opts["type"]`}) {
		t.Errorf("ignore_changes = %q in\n%s", got, rc.src)
	}
	if rc, _ := renderConfig("docker_volume", map[string]any{"driver": "local"}, nil); strings.Contains(string(rc.src), "lifecycle") {
		t.Errorf("a configuration without spec.initProvider has a lifecycle:\n%s", rc.src)
	}
}

// TestInitProviderOnAPIServer: on a real API server with the real engine
// and local provider, a File's spec.initProvider counts for its create
// (its content, and a sensitive argument read from a Secret) where
// spec.forProvider leaves it unset, and spec.forProvider's value wins
// where both are set; a later change of spec.initProvider is not applied
// (no update: the file keeps its content), and it is not late-initialized
// into spec.forProvider. Setting the value in spec.forProvider then
// applies it.
func TestInitProviderOnAPIServer(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	engine := enginetest.Engine(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/local.jet.tfkit.dev_files.yaml")
	scheme := testScheme(t, exampleapis.AddToScheme)
	mgr := testManager(t, env.Config, ctrl.Options{Scheme: scheme})
	var regs []resource.Registration
	for _, reg := range examplecontroller.Registrations() {
		if reg.TerraformType == "local_file" {
			reg.ProviderConfig = nil
			regs = append(regs, reg)
		}
	}
	work := filepath.Join(t.TempDir(), "work")
	if err := Setup(ctx, mgr, regs, Options{WorkDir: work, Engine: engine, Timeout: time.Minute, Poll: time.Minute}); err != nil {
		t.Fatal(err)
	}
	runManager(t, ctx, cancel, mgr)
	c := testClient(t, env.Config, scheme)
	h := &pcHarness{t: t, c: c}
	dir := t.TempDir()
	fileHas := func(path, want string) func() (bool, string) {
		return func() (bool, string) {
			b, err := os.ReadFile(path)
			return err == nil && string(b) == want, string(b) + " " + errString(err)
		}
	}
	ignored := func(f *localv1alpha1.File) []string {
		t.Helper()
		return fileIgnoreChanges(t, work, f)
	}
	// synced waits until the controller has reconciled the object's
	// current generation successfully.
	synced := func(f *localv1alpha1.File) {
		t.Helper()
		h.waitFor(t, f.Name+" synced at its generation", func() (bool, string) {
			_ = c.Get(ctx, client.ObjectKeyFromObject(f), f)
			s := f.Status.Condition(resource.TypeSynced)
			return s.Status == metav1.ConditionTrue && f.Status.ObservedGeneration == f.Generation, conditionsOf(f)
		})
	}

	// Created with spec.initProvider's content; file_permission from
	// spec.forProvider, which wins.
	path := filepath.Join(dir, "notes.txt")
	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "init-notes"}}
	f.Spec.ForProvider.Filename = &path
	f.Spec.ForProvider.FilePermission = ptrTo("0640")
	f.Spec.InitProvider.Content = ptrTo("first")
	f.Spec.InitProvider.FilePermission = ptrTo("0600")
	h.create(t, f)
	h.waitReady(t, f)
	synced(f)
	h.waitFor(t, "the file with the content of spec.initProvider", fileHas(path, "first"))
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("file mode = %v (%v), want 0640 from spec.forProvider", st.Mode().Perm(), err)
	}
	if f.Spec.ForProvider.Content != nil {
		t.Errorf("spec.forProvider.content was late-initialized to %q from spec.initProvider", *f.Spec.ForProvider.Content)
	}
	if got := ignored(f); !slices.Equal(got, []string{"content"}) {
		t.Errorf("ignore_changes = %q, want [content]", got)
	}

	// A change of spec.initProvider is not applied.
	h.update(t, f, func() { f.Spec.InitProvider.Content = ptrTo("second") })
	synced(f)
	if b, _ := os.ReadFile(path); string(b) != "first" {
		t.Errorf("after spec.initProvider.content changed, the file holds %q, want first (no update)", b)
	}
	if got := f.Status.AtProvider.Content; got == nil || *got != "first" {
		t.Errorf("status.atProvider.content = %v, want first", fmtPtr(got))
	}
	var evs corev1.EventList
	if err := c.List(ctx, &evs); err != nil {
		t.Fatal(err)
	}
	for _, e := range evs.Items {
		if e.InvolvedObject.UID == f.UID && e.Reason == "UpdatedExternalResource" {
			t.Errorf("the File was updated after its spec.initProvider changed: %s", e.Message)
		}
	}

	// Set in spec.forProvider, the value counts again: applied (local_file
	// replaces the file).
	h.update(t, f, func() { f.Spec.ForProvider.Content = ptrTo("third") })
	h.waitFor(t, "the file with the content of spec.forProvider", fileHas(path, "third"))
	synced(f)
	if got := ignored(f); len(got) != 0 {
		t.Errorf("ignore_changes = %q, want none once spec.forProvider sets content", got)
	}

	// A sensitive argument of spec.initProvider is read from its Secret.
	h.create(t, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "init-text", Namespace: "default"}, Data: map[string][]byte{"text": []byte("secret words")}})
	secretPath := filepath.Join(dir, "secret.txt")
	s := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "init-secret"}}
	s.Spec.ForProvider.Filename = &secretPath
	s.Spec.InitProvider.SensitiveContentSecretRef = &resource.SecretKeySelector{
		SecretReference: resource.SecretReference{Name: "init-text", Namespace: "default"}, Key: "text"}
	h.create(t, s)
	h.waitReady(t, s)
	h.waitFor(t, "the file with the Secret's content", fileHas(secretPath, "secret words"))
	if got := ignored(s); !slices.Equal(got, []string{"sensitive_content"}) {
		t.Errorf("ignore_changes = %q, want [sensitive_content]", got)
	}

	// A value of spec.initProvider the provider refuses is reported at
	// its field there.
	badPath := filepath.Join(dir, "bad.txt")
	bad := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "init-bad"}}
	bad.Spec.ForProvider.Filename = &badPath
	bad.Spec.ForProvider.Content = ptrTo("x")
	bad.Spec.InitProvider.FilePermission = ptrTo("rw-")
	h.create(t, bad)
	h.waitMessage(t, bad, "spec.initProvider.filePermission: ")
}

// fileIgnoreChanges is the lifecycle.ignore_changes of the workspace of
// File f under the work directory work.
func fileIgnoreChanges(t *testing.T, work string, f *localv1alpha1.File) []string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(work, "file."+localv1alpha1.CRDGroup, f.Name, ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Resource map[string]map[string]struct {
			Lifecycle struct {
				IgnoreChanges []string `json:"ignore_changes"`
			} `json:"lifecycle"`
		} `json:"resource"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Resource["local_file"][resourceName].Lifecycle.IgnoreChanges
}

func ptrTo[T any](v T) *T { return &v }

// fmtPtr formats a pointer's value, or nil.
func fmtPtr[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// initResolver answers every request with a value naming its reference
// field, or with err for the field errFor; a list request gets two such
// values.
type initResolver struct {
	reqs   []resource.ResolutionRequest
	multi  []resource.MultiResolutionRequest
	errFor string
	err    error
}

func (r *initResolver) ResolveMultiple(_ context.Context, req resource.MultiResolutionRequest) (resource.MultiResolutionResponse, error) {
	r.multi = append(r.multi, req)
	if req.ReferenceField == r.errFor {
		return resource.MultiResolutionResponse{}, r.err
	}
	return resource.MultiResolutionResponse{
		ResolvedValues:     []string{"from " + req.ReferenceField, "and " + req.ReferenceField},
		ResolvedReferences: []resource.Reference{{Name: "resolved"}, {Name: "also"}},
	}, nil
}

func (r *initResolver) Resolve(_ context.Context, req resource.ResolutionRequest) (resource.ResolutionResponse, error) {
	r.reqs = append(r.reqs, req)
	if req.ReferenceField == r.errFor {
		return resource.ResolutionResponse{}, r.err
	}
	v := "from " + req.ReferenceField
	return resource.ResolutionResponse{Value: &v, Reference: &resource.Reference{Name: "resolved"}}, nil
}

// TestInitProviderReferences: the generated File has contentRef and
// contentSelector in spec.initProvider too (deep-copied), and its
// ResolveReferences resolves both parts, each into its own content field,
// naming each part's fields in the request and in its error; the objects
// spec.initProvider's reference names are what the object waits for.
func TestInitProviderReferences(t *testing.T) {
	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "f"}}
	f.Spec.ForProvider.ContentSelector = &resource.Selector{MatchLabels: map[string]string{"app": "a"}}
	f.Spec.InitProvider.ContentRef = &resource.Reference{Name: "init-pet"}

	cp := f.DeepCopy()
	cp.Spec.InitProvider.ContentRef.Name = "changed"
	if f.Spec.InitProvider.ContentRef.Name != "init-pet" {
		t.Errorf("DeepCopy shares spec.initProvider.contentRef")
	}
	if got := waitsFor(f); !slices.Contains(got, targetKey(randomv1alpha1.PetGroupVersionKind, "init-pet")) ||
		!slices.Contains(got, targetKey(randomv1alpha1.PetGroupVersionKind, "")) {
		t.Errorf("waitsFor = %q, want the Pet of spec.initProvider.contentRef and any Pet (the selector)", got)
	}

	r := &initResolver{}
	if err := f.ResolveReferences(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if len(r.reqs) != 2 {
		t.Fatalf("%d requests, want 2: %+v", len(r.reqs), r.reqs)
	}
	for i, want := range []struct {
		ref, sel string
		named    bool
	}{{"spec.forProvider.contentRef", "spec.forProvider.contentSelector", false}, {"spec.initProvider.contentRef", "spec.initProvider.contentSelector", true}} {
		req := r.reqs[i]
		if req.ReferenceField != want.ref || req.SelectorField != want.sel || (req.Reference != nil) != want.named || req.To != randomv1alpha1.PetGroupVersionKind {
			t.Errorf("request %d = %+v, want the fields %s, %s of a Pet", i, req, want.ref, want.sel)
		}
	}
	if got := fmtPtr(f.Spec.InitProvider.Content); got != "from spec.initProvider.contentRef" {
		t.Errorf("spec.initProvider.content = %v", got)
	}
	if got := fmtPtr(f.Spec.ForProvider.Content); got != "from spec.forProvider.contentRef" {
		t.Errorf("spec.forProvider.content = %v", got)
	}
	// The Terraform arguments of each part: the values only, never the
	// reference fields.
	if ip, _ := f.GetInitParameters(); !reflect.DeepEqual(ip, map[string]any{"content": "from spec.initProvider.contentRef"}) {
		t.Errorf("GetInitParameters = %v", ip)
	}

	// A reference of spec.initProvider that waits names its field.
	g := &localv1alpha1.File{}
	g.Spec.InitProvider.ContentRef = &resource.Reference{Name: "nope"}
	wait := &waitError{msg: `waiting for Pet "nope": it does not exist; create it or fix spec.initProvider.contentRef`}
	err := g.ResolveReferences(context.Background(), &initResolver{errFor: "spec.initProvider.contentRef", err: wait})
	var we *waitError
	if !errors.As(err, &we) || err.Error() != `spec.initProvider.content: waiting for Pet "nope": it does not exist; create it or fix spec.initProvider.contentRef` {
		t.Errorf("error = %v, want a wait naming spec.initProvider.content", err)
	}
}

// TestInitProviderReferenceOnAPIServer: on a real API server with the real
// engine (and OpenTofu when it is installed) and the random and local
// providers, a File whose spec.initProvider.contentRef names a Pet that
// does not exist yet waits as a reference of spec.forProvider does
// (Synced=False and Ready=False naming spec.initProvider's fields, a
// Warning event), and once the Pet is created and Ready, the file is
// created with the Pet's id, which is in spec.initProvider.content (not
// late-initialized into spec.forProvider) and in ignore_changes. A second
// File finds its Pet by spec.initProvider.contentSelector.
func TestInitProviderReferenceOnAPIServer(t *testing.T) {
	kubetest.SkipShort(t)
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		env := kubetest.Start(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml",
			"../../examples/jet-provider/package/crds/local.jet.tfkit.dev_files.yaml")
		scheme := testScheme(t, exampleapis.AddToScheme)
		mgr := testManager(t, env.Config, ctrl.Options{Scheme: scheme})
		var regs []resource.Registration
		for _, reg := range examplecontroller.Registrations() {
			if reg.TerraformType == "local_file" || reg.TerraformType == "random_pet" {
				reg.ProviderConfig = nil
				regs = append(regs, reg)
			}
		}
		work := filepath.Join(t.TempDir(), "work")
		if err := Setup(ctx, mgr, regs, Options{WorkDir: work, Engine: engine, Timeout: time.Minute, Poll: time.Minute}); err != nil {
			t.Fatal(err)
		}
		runManager(t, ctx, cancel, mgr)
		c := testClient(t, env.Config, scheme)
		h := &pcHarness{t: t, c: c}
		dir := t.TempDir()

		path := filepath.Join(dir, "pet.txt")
		f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "init-ref"}}
		f.Spec.ForProvider.Filename = &path
		f.Spec.InitProvider.ContentRef = &resource.Reference{Name: "init-pet"}
		h.create(t, f)
		want := `spec.initProvider.content: waiting for Pet "init-pet": it does not exist; create it or fix spec.initProvider.contentRef`
		h.waitMessage(t, f, want)
		if r := f.Status.Condition(resource.TypeReady); r.Status != metav1.ConditionFalse || r.Reason != resource.ReasonUnavailable || !strings.Contains(r.Message, want) {
			t.Errorf("Ready = %s %s %q, want False, Unavailable with the wait", r.Status, r.Reason, r.Message)
		}
		h.waitEvent(t, f, string(resource.ReasonReconcileError), "spec.initProvider.contentRef")
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("the file exists before its reference is resolved (%v)", err)
		}

		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "init-pet", Labels: map[string]string{"init": "yes"}}}
		h.create(t, pet)
		h.waitReady(t, pet)
		id := fmtPtr(pet.Status.AtProvider.ID)
		if id == nil || id == "" {
			t.Fatalf("the Pet has no status.atProvider.id: %+v", pet.Status.AtProvider)
		}
		h.waitReady(t, f)
		if got := fmtPtr(f.Spec.InitProvider.Content); got != id {
			t.Errorf("spec.initProvider.content = %v, want the Pet's id %v", got, id)
		}
		if f.Spec.ForProvider.Content != nil {
			t.Errorf("spec.forProvider.content = %q: the resolved value went there", *f.Spec.ForProvider.Content)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != id {
			t.Errorf("the file holds %q (%v), want the Pet's id %v", b, err, id)
		}
		if got := fileIgnoreChanges(t, work, f); !slices.Equal(got, []string{"content"}) {
			t.Errorf("ignore_changes = %q, want [content]", got)
		}

		// By selector.
		selPath := filepath.Join(dir, "selected.txt")
		s := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "init-sel"}}
		s.Spec.ForProvider.Filename = &selPath
		s.Spec.InitProvider.ContentSelector = &resource.Selector{MatchLabels: map[string]string{"init": "yes"}}
		h.create(t, s)
		h.waitReady(t, s)
		if b, err := os.ReadFile(selPath); err != nil || string(b) != id {
			t.Errorf("the selected file holds %q (%v), want the Pet's id %v", b, err, id)
		}
		if s.Spec.InitProvider.ContentRef == nil || s.Spec.InitProvider.ContentRef.Name != "init-pet" {
			t.Errorf("spec.initProvider.contentRef = %+v, want the selected Pet", s.Spec.InitProvider.ContentRef)
		}
	})
}
