package controller

import (
	"context"
	"encoding/json"
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
