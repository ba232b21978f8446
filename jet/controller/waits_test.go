package controller

import (
	"context"
	"os"
	"path/filepath"
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
	"github.com/tfkit/tfkit/jet/resource"
)

// TestWaitEndsWhenItComes: on a real API server, a File that waits for
// the Pet its contentRef names to be Ready, then for the Secret of its
// sensitive argument, is reconciled within a second or two of the Pet
// becoming Ready and of the Secret's creation, though its back-off would
// look at it again only after 7 s, then 30 s.
func TestWaitEndsWhenItComes(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	engine := enginetest.Engine(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml",
		"../../examples/jet-provider/package/crds/local.jet.tfkit.dev_files.yaml")
	scheme := testScheme(t, exampleapis.AddToScheme)
	mgr := testManager(t, env.Config, ctrl.Options{Scheme: scheme})
	// Files only, without a ProviderConfig: the test makes the Pet Ready.
	var regs []resource.Registration
	for _, reg := range examplecontroller.Registrations() {
		if reg.TerraformType == "local_file" {
			reg.ProviderConfig = nil
			regs = append(regs, reg)
		}
	}
	if err := Setup(ctx, mgr, regs, Options{WorkDir: filepath.Join(t.TempDir(), "work"), Engine: engine, Timeout: time.Minute}); err != nil {
		t.Fatal(err)
	}
	runManager(t, ctx, cancel, mgr)
	c := testClient(t, env.Config, scheme)
	h := &pcHarness{t: t, c: c}

	pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "slow-pet"}}
	h.create(t, pet)
	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "waiting"}}
	filename := filepath.Join(t.TempDir(), "waiting.txt")
	f.Spec.ForProvider.Filename = &filename
	f.Spec.ForProvider.ContentRef = &resource.Reference{Name: "slow-pet"}
	f.Spec.ForProvider.SensitiveContentSecretRef = &resource.SecretKeySelector{
		SecretReference: resource.SecretReference{Name: "waiting-text", Namespace: "default"}, Key: "text"}
	h.create(t, f)

	// reaction is how long after change the File's Synced condition says
	// want.
	reaction := func(change func(), want string) time.Duration {
		t.Helper()
		start := time.Now()
		change()
		h.waitMessage(t, f, want)
		return time.Since(start)
	}
	// Looked at when created, after 2 s and 6 s, then at 14 s.
	h.waitMessage(t, f, `waiting for Pet "slow-pet" to be Ready`)
	time.Sleep(7 * time.Second)
	d := reaction(func() {
		pet.Status.SetConditions(condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, ""))
		id := "brave-otter"
		pet.Status.AtProvider.ID = &id
		if err := c.Status().Update(ctx, pet); err != nil {
			t.Fatal(err)
		}
	}, "Secret default/waiting-text not found")
	t.Logf("the File went on %v after the Pet became Ready", d.Round(time.Millisecond))
	if d > 3*time.Second {
		t.Errorf("the File went on %v after the Pet became Ready, want at once", d)
	}

	// The wait goes on (30 s until the next look).
	time.Sleep(time.Second)
	d = reaction(func() {
		h.create(t, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "waiting-text", Namespace: "default"}, Data: map[string][]byte{"txt": []byte("x")}})
	}, `Secret default/waiting-text has no key "text"`)
	t.Logf("the File went on %v after the Secret was created", d.Round(time.Millisecond))
	if d > 3*time.Second {
		t.Errorf("the File went on %v after the Secret was created, want at once", d)
	}
}

// TestReferencedKindNotInstalled: on a real API server with the CRD of
// File installed and not the one of Pet, which a File's contentRef refers
// to, the File controller starts and reconciles: a File that refers to
// nothing is created, and one whose contentRef names a Pet says which CRD
// to install (condition and event). Once the CRD is installed the File
// waits for its Pet, and the watch of Pets, started then, makes it go on
// as soon as the Pet is Ready, not at the next look of its back-off.
func TestReferencedKindNotInstalled(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	engine := enginetest.Engine(t)
	poll := crdPoll
	crdPoll = time.Second
	t.Cleanup(func() { crdPoll = poll })
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
	if err := Setup(ctx, mgr, regs, Options{WorkDir: filepath.Join(t.TempDir(), "work"), Engine: engine, Timeout: time.Minute}); err != nil {
		t.Fatal(err)
	}
	runManager(t, ctx, cancel, mgr)
	c := testClient(t, env.Config, scheme)
	h := &pcHarness{t: t, c: c}
	dir := t.TempDir()

	// Reconciled although Pets cannot be watched.
	plain := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "plain"}}
	plainName, text := filepath.Join(dir, "plain.txt"), "hello"
	plain.Spec.ForProvider.Filename, plain.Spec.ForProvider.Content = &plainName, &text
	h.create(t, plain)
	h.waitReady(t, plain)
	if b, err := os.ReadFile(plainName); err != nil || string(b) != text {
		t.Fatalf("%s: %q, %v; want %q", plainName, b, err, text)
	}

	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "from-pet"}}
	petName := filepath.Join(dir, "pet.txt")
	f.Spec.ForProvider.Filename = &petName
	f.Spec.ForProvider.ContentRef = &resource.Reference{Name: "later"}
	created := time.Now()
	h.create(t, f)
	const want = "spec.forProvider.content: waiting for kind Pet of random.jet.tfkit.dev/v1alpha1, which is not installed in the cluster: install its CustomResourceDefinition pets.random.jet.tfkit.dev (kubectl apply --server-side -f package/crds/random.jet.tfkit.dev_pets.yaml of its API)"
	h.waitMessage(t, f, want)
	if ready := f.Status.Condition(resource.TypeReady); ready.Status != metav1.ConditionFalse || ready.Message != want {
		t.Errorf("Ready = %s %q, want False with the message", ready.Status, ready.Message)
	}
	h.waitEvent(t, f, string(resource.ReasonReconcileError), want)

	// Installed: the File waits for its Pet (the back-off's next look).
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml")
	pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "later"}}
	h.create(t, pet)
	h.waitMessage(t, f, `spec.forProvider.content: waiting for Pet "later" to be Ready`)
	// Looked at about 0, 2, 6, 14 and 30 s after its creation: the Pet
	// becomes Ready at 17 s, and only the watch would see it before 30 s.
	time.Sleep(time.Until(created.Add(17 * time.Second)))
	start := time.Now()
	pet.Status.SetConditions(condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, ""))
	id := "late-otter"
	pet.Status.AtProvider.ID = &id
	if err := c.Status().Update(ctx, pet); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the File's content from the Pet", func() (bool, string) {
		_ = c.Get(ctx, client.ObjectKeyFromObject(f), f)
		return f.Spec.ForProvider.Content != nil && *f.Spec.ForProvider.Content == id, conditionsOf(f)
	})
	d := time.Since(start)
	t.Logf("the File went on %v after the Pet became Ready", d.Round(time.Millisecond))
	if d > 5*time.Second {
		t.Errorf("the File went on %v after the Pet became Ready, want at once", d)
	}
	h.waitReady(t, f)
	if b, err := os.ReadFile(petName); err != nil || string(b) != id {
		t.Errorf("%s: %q, %v; want %q", petName, b, err, id)
	}
}
