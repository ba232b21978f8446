package controller

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/yaml"

	exampleapis "github.com/tfkit/tfkit/examples/jet-provider/apis"
	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	examplecontroller "github.com/tfkit/tfkit/examples/jet-provider/controller"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/kubetest"
	dockerapis "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis"
	dockerv1alpha1 "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/docker/v1alpha1"
	dockerrandomv1alpha1 "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/random/v1alpha1"
	dockerpc "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/v1beta1"
	dockercontroller "github.com/tfkit/tfkit/jet/controller/internal/dockertest/controller"
	"github.com/tfkit/tfkit/jet/resource"
)

// pcHarness is a manager running in the test against a real API server,
// with the example's Pet and internal/dockertest's Volume.
type pcHarness struct {
	t      *testing.T
	c      client.Client
	reader *countingReader
}

// countingManager is a manager whose API reader is reader.
type countingManager struct {
	ctrl.Manager
	reader *countingReader
}

func (m countingManager) GetAPIReader() client.Reader { return m.reader }

// countingReader counts the objects its lists return.
type countingReader struct {
	client.Reader
	mu     sync.Mutex
	listed int
}

func (r *countingReader) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	err := r.Reader.List(ctx, list, opts...)
	if err == nil {
		r.mu.Lock()
		r.listed += apimeta.LenList(list)
		r.mu.Unlock()
	}
	return err
}

// take returns the count so far and starts again from 0.
func (r *countingReader) take() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.listed
	r.listed = 0
	return n
}

// TestProviderConfigOnAPIServer runs the controller against a real
// kube-apiserver with the real docker and random providers: the
// ProviderConfig's Secret reaches the docker provider (its error names the
// host), a fixed Secret takes effect at once, mistakes in the credentials
// are conditions naming the ProviderConfig and the argument, a missing
// ProviderConfig is one too, a ProviderConfig in use is kept until its
// users are gone (found unused without reading the objects of other
// ProviderConfigs), one forced away still lets them be deleted, each
// provider of an API of two gets only its own arguments, one Terraform
// type in two APIs gets each API's configuration, an engine's error is a
// condition naming the field, an object the provider refuses is deleted
// all the same, and a connection Secret that cannot be written leaves the
// object Ready with a message saying what to fix.
func TestProviderConfigOnAPIServer(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	engine := enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/jet.tfkit.dev_providerconfigs.yaml",
		"../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml",
		"../../examples/jet-provider/package/crds/random.jet.tfkit.dev_passwords.yaml",
		"../../examples/jet-provider/package/crds/random.jet.tfkit.dev_uuids.yaml",
		"../../examples/jet-provider/package/crds/local.jet.tfkit.dev_files.yaml",
		"internal/dockertest/package/crds/jettest.tfkit.dev_providerconfigs.yaml",
		"internal/dockertest/package/crds/docker.jettest.tfkit.dev_volumes.yaml",
		"internal/dockertest/package/crds/random.jettest.tfkit.dev_uuids.yaml")

	scheme := testScheme(t, exampleapis.AddToScheme, dockerapis.AddToScheme)
	mgr, err := ctrl.NewManager(env.Config, ctrl.Options{Scheme: scheme, Metrics: metricsserver.Options{BindAddress: "0"}, HealthProbeBindAddress: "0"})
	if err != nil {
		t.Fatal(err)
	}
	// Two APIs, both with random_uuid: each UUID kind gets its own
	// API's configuration.
	example, docker := builtAPIs(t)
	var regs []resource.Registration
	for _, reg := range examplecontroller.Registrations() {
		if reg.TerraformType == "random_pet" || reg.TerraformType == "random_password" || reg.TerraformType == "random_uuid" || reg.TerraformType == "local_file" {
			regs = append(regs, reg)
		}
	}
	for _, reg := range dockercontroller.Registrations() {
		if reg.TerraformType == "docker_volume" || reg.TerraformType == "random_uuid" {
			regs = append(regs, reg)
		}
	}
	// The API reader counts what its lists return: the check before a
	// ProviderConfig's finalizer goes must not read every object.
	reader := &countingReader{Reader: mgr.GetAPIReader()}
	err = Setup(ctx, countingManager{mgr, reader}, regs, Options{WorkDir: filepath.Join(t.TempDir(), "work"), Engine: engine, Poll: 10 * time.Second, Timeout: time.Minute,
		Resources: append(example, docker...)})
	if err != nil {
		t.Fatal(err)
	}
	runManager(t, ctx, cancel, mgr)
	direct := testClient(t, env.Config, scheme)
	h := &pcHarness{t: t, c: direct, reader: reader}

	t.Run("RejectedWithoutSecretRef", func(t *testing.T) {
		pc := &dockerpc.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: "no-ref"}}
		pc.Spec.Credentials.Source = resource.CredentialsSecret
		err := h.c.Create(ctx, pc)
		if err == nil || !strings.Contains(err.Error(), "secretRef is required when source is Secret") {
			t.Fatalf("create: %v", err)
		}
	})

	t.Run("MissingProviderConfigThenSourceNone", func(t *testing.T) {
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "pet"}}
		pet.Spec.ProviderConfigReference = &resource.Reference{Name: "random"}
		h.create(t, pet)
		h.waitMessage(t, pet, `ProviderConfig "random" not found; create it or set spec.providerConfigRef`)
		pc := &exampleProviderConfig{name: "random"}
		h.create(t, pc.object())
		h.waitReady(t, pet)

		// In use: the ProviderConfig has the finalizer, and its deletion
		// waits for the Pet, saying so in a condition and an event.
		obj := pc.object()
		h.waitFor(t, "the ProviderConfig in use", func() (bool, string) {
			_ = h.c.Get(ctx, client.ObjectKeyFromObject(obj), obj)
			c := obj.(resource.ProviderConfigObject).GetProviderConfigStatus().Condition(resource.TypeInUse)
			return slices.Contains(obj.GetFinalizers(), ProviderConfigFinalizer) && c.Status == metav1.ConditionTrue &&
				c.Message == "used by 1 managed resource: Pet/pet", fmt.Sprint(obj.GetFinalizers(), c)
		})
		if err := h.c.Delete(ctx, obj); err != nil {
			t.Fatal(err)
		}
		h.waitFor(t, "the deletion blocked", func() (bool, string) {
			_ = h.c.Get(ctx, client.ObjectKeyFromObject(obj), obj)
			c := obj.(resource.ProviderConfigObject).GetProviderConfigStatus().Condition(resource.TypeInUse)
			return c.Reason == resource.ReasonDeletionBlocked && c.Message == "the deletion waits until no managed resource uses it: used by 1 managed resource: Pet/pet", fmt.Sprint(c)
		})
		h.waitEvent(t, obj, "DeletionBlocked", "Pet/pet")
		// The Pet still reconciles, and is deleted with it; then the
		// ProviderConfig goes.
		h.waitReady(t, pet)
		if got := pet.Labels[LabelProviderConfig]; got != "random" {
			t.Errorf("label %s = %q, want random", LabelProviderConfig, got)
		}
		// Objects of another ProviderConfig (paused: they do nothing)
		// are not read to decide that this one is unused.
		const others = 20
		for i := range others {
			o := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("other-%d", i),
				Annotations: map[string]string{AnnotationPaused: "true"}}}
			o.Spec.ProviderConfigReference = &resource.Reference{Name: "elsewhere"}
			h.create(t, o)
			defer func() {
				_ = h.c.Delete(context.Background(), o)
			}()
		}
		h.reader.take()
		if err := h.c.Delete(ctx, pet); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, pet)
		h.waitFor(t, "the ProviderConfig gone", func() (bool, string) {
			err := h.c.Get(ctx, client.ObjectKeyFromObject(obj), obj)
			return kerrors.IsNotFound(err), fmt.Sprint(err, obj.GetFinalizers())
		})
		if n := h.reader.take(); n != 0 {
			t.Errorf("the API server was asked for %d objects to find the ProviderConfig unused, want 0 (%d objects use another)", n, others)
		}

		// A ProviderConfig forced away (its finalizer removed): the
		// delete still destroys the Pet with the configuration written
		// before.
		pet = &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "pet2"}}
		pet.Spec.ProviderConfigReference = &resource.Reference{Name: "random"}
		h.create(t, pc.object())
		h.create(t, pet)
		h.waitReady(t, pet)
		obj = pc.object()
		if err := h.c.Delete(ctx, obj); err != nil {
			t.Fatal(err)
		}
		h.waitFor(t, "the ProviderConfig forced away", func() (bool, string) {
			if err := h.c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
				return kerrors.IsNotFound(err), err.Error()
			}
			obj.SetFinalizers(nil)
			err := h.c.Update(ctx, obj)
			return false, fmt.Sprint(err)
		})
		if err := h.c.Delete(ctx, pet); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, pet)
	})

	t.Run("EngineErrorNamesField", func(t *testing.T) {
		// Not valid in the plan: the condition is the provider's
		// diagnostic at the field, and Ready says the object is not.
		h.create(t, (&exampleProviderConfig{name: "default"}).object())
		pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "short"}}
		zero := 0.0
		pw.Spec.ForProvider.Length = &zero
		h.create(t, pw)
		const want = "spec.forProvider.length: Invalid Attribute Value: Attribute length value must be at least 1, got: 0"
		h.waitMessage(t, pw, want)
		if msg := pw.Status.Condition(resource.TypeSynced).Message; msg != want {
			t.Errorf("Synced message %q, want %q", msg, want)
		}
		if r := pw.Status.Condition(resource.TypeReady); r.Status != metav1.ConditionFalse || r.Reason != resource.ReasonUnavailable {
			t.Errorf("Ready = %+v, want False (Unavailable)", r)
		}
		// kubectl describe shows it too, once however often it is
		// retried (after 1 s, 2 s, ...).
		h.waitEvent(t, pw, "ReconcileError", want)
		time.Sleep(4 * time.Second)
		h.waitEvent(t, pw, "ReconcileError", want)
		if err := h.c.Get(ctx, client.ObjectKeyFromObject(pw), pw); err != nil {
			t.Fatal(err)
		}
		eight := 8.0
		pw.Spec.ForProvider.Length = &eight
		if err := h.c.Update(ctx, pw); err != nil {
			t.Fatal(err)
		}
		h.waitReady(t, pw)
		h.waitEvent(t, pw, "CreatedExternalResource", "Successfully created the external resource")
		if err := h.c.Delete(ctx, pw); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, pw)
		h.waitEvent(t, pw, "DeletedExternalResource", "Successfully deleted the external resource")
	})

	sockDir, err := os.MkdirTemp("", "jetpc")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sockDir) })
	missing := "unix://" + filepath.Join(sockDir, "missing.sock")
	daemonSock := filepath.Join(sockDir, "docker.sock")

	t.Run("DockerHostFromSecret", func(t *testing.T) {
		h.create(t, credentials("docker-creds", `{"docker": {"host": "`+missing+`"}}`))
		h.create(t, dockerProviderConfig("docker", "docker-creds"))
		vol := &dockerv1alpha1.Volume{ObjectMeta: metav1.ObjectMeta{Name: "vol"}}
		vol.Spec.ProviderConfigReference = &resource.Reference{Name: "docker"}
		h.create(t, vol)
		// The provider was configured with the Secret's host.
		h.waitMessage(t, vol, missing)

		// A daemon at another host; the Secret changed to it: the next
		// reconcile (the Secret's watch) uses it, in a new plugin.
		fake := startFakeDocker(t, daemonSock)
		var s corev1.Secret
		if err := h.c.Get(ctx, client.ObjectKey{Namespace: "default", Name: "docker-creds"}, &s); err != nil {
			t.Fatal(err)
		}
		s.Data["credentials"] = []byte(`{"docker": {"host": "unix://` + daemonSock + `"}}`)
		if err := h.c.Update(ctx, &s); err != nil {
			t.Fatal(err)
		}
		h.waitReady(t, vol)
		if n := fake.volumes(); n != 1 {
			t.Errorf("fake daemon holds %d volumes, want 1", n)
		}
		if err := h.c.Delete(ctx, vol); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, vol)
		if n := fake.volumes(); n != 0 {
			t.Errorf("fake daemon holds %d volumes after the delete, want 0", n)
		}
	})

	t.Run("ObservedExternalNameCorrected", func(t *testing.T) {
		// An ["Observe"] Volume of a misspelt name: the state rebuilt
		// for it names nothing. The name corrected, the state is rebuilt
		// for the new one, which exists.
		sock := filepath.Join(sockDir, "observe.sock")
		fake := startFakeDocker(t, sock)
		fake.vols["data"] = map[string]any{"Name": "data", "Driver": "local", "Mountpoint": "/var/lib/docker/volumes/data/_data", "Scope": "local"}
		h.create(t, credentials("observe-creds", `{"docker": {"host": "unix://`+sock+`"}}`))
		h.create(t, dockerProviderConfig("observe", "observe-creds"))
		vol := &dockerv1alpha1.Volume{ObjectMeta: metav1.ObjectMeta{Name: "observed",
			Annotations: map[string]string{resource.AnnotationExternalName: "dta"}}}
		vol.Spec.ProviderConfigReference = &resource.Reference{Name: "observe"}
		vol.Spec.ManagementPolicies = resource.ManagementPolicies{resource.ManagementObserve}
		h.create(t, vol)
		h.waitMessage(t, vol, `the external resource "dta" does not exist`)
		if err := h.c.Get(ctx, client.ObjectKeyFromObject(vol), vol); err != nil {
			t.Fatal(err)
		}
		vol.Annotations[resource.AnnotationExternalName] = "data"
		if err := h.c.Update(ctx, vol); err != nil {
			t.Fatal(err)
		}
		h.waitReady(t, vol)
		if vol.Status.AtProvider.Mountpoint == nil || *vol.Status.AtProvider.Mountpoint != "/var/lib/docker/volumes/data/_data" {
			t.Errorf("status.atProvider %+v, want the mountpoint of data", vol.Status.AtProvider)
		}
		if err := h.c.Delete(ctx, vol); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, vol)
		if n := fake.volumes(); n != 1 {
			t.Errorf("fake daemon holds %d volumes after deleting an observing object, want 1", n)
		}
	})

	t.Run("OneConfigForTwoProviders", func(t *testing.T) {
		// One ProviderConfig serves the docker Volume and the random
		// UUID of one API; each provider gets only its own arguments.
		sock := filepath.Join(sockDir, "two.sock")
		fake := startFakeDocker(t, sock)
		h.create(t, credentials("two-creds", `{"docker": {"host": "unix://`+sock+`"}, "random": {}}`))
		h.create(t, dockerProviderConfig("two", "two-creds"))
		vol := &dockerv1alpha1.Volume{ObjectMeta: metav1.ObjectMeta{Name: "two"}}
		vol.Spec.ProviderConfigReference = &resource.Reference{Name: "two"}
		uuid := &dockerrandomv1alpha1.UUID{ObjectMeta: metav1.ObjectMeta{Name: "two"}}
		uuid.Spec.ProviderConfigReference = &resource.Reference{Name: "two"}
		h.create(t, vol)
		h.create(t, uuid)
		h.waitReady(t, vol)
		h.waitReady(t, uuid)
		if n := fake.volumes(); n != 1 {
			t.Errorf("fake daemon holds %d volumes, want 1", n)
		}
		for _, mg := range []client.Object{vol, uuid} {
			if err := h.c.Delete(ctx, mg); err != nil {
				t.Fatal(err)
			}
		}
		h.waitGone(t, vol)
		h.waitGone(t, uuid)
	})

	t.Run("RefusedNeverCreatedIsDeleted", func(t *testing.T) {
		// The provider refuses the spec at every plan: nothing was ever
		// created, and the delete needs no plan.
		if err := h.c.Create(ctx, (&exampleProviderConfig{name: "default"}).object()); err != nil && !kerrors.IsAlreadyExists(err) {
			t.Fatal(err)
		}
		pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "refused"}}
		zero := 0.0
		pw.Spec.ForProvider.Length = &zero
		h.create(t, pw)
		h.waitMessage(t, pw, "spec.forProvider.length: Invalid Attribute Value")
		if err := h.c.Delete(ctx, pw); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, pw)
	})

	t.Run("ReplacedThenDeletedWithoutItsProviderConfig", func(t *testing.T) {
		// length forces a new Pet: a new external name. Then the
		// reference changed to a ProviderConfig that does not exist: the
		// delete destroys with the configuration written before.
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "replaced"}}
		h.create(t, pet)
		h.waitReady(t, pet)
		before := pet.Annotations[resource.AnnotationExternalName]
		three := 3.0
		h.update(t, pet, func() { pet.Spec.ForProvider.Length = &three })
		h.waitFor(t, "the Pet replaced", func() (bool, string) {
			_ = h.c.Get(ctx, client.ObjectKeyFromObject(pet), pet)
			name := pet.Annotations[resource.AnnotationExternalName]
			return name != before && strings.Count(name, "-") == 2 && pet.Status.Condition(resource.TypeSynced).Status == metav1.ConditionTrue, name + " " + conditionsOf(pet)
		})
		h.update(t, pet, func() { pet.Spec.ProviderConfigReference = &resource.Reference{Name: "nope"} })
		h.waitMessage(t, pet, `ProviderConfig "nope" not found`)
		if err := h.c.Delete(ctx, pet); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, pet)
	})

	t.Run("ReferencePolicies", func(t *testing.T) {
		if err := h.c.Create(ctx, (&exampleProviderConfig{name: "default"}).object()); err != nil && !kerrors.IsAlreadyExists(err) {
			t.Fatal(err)
		}
		files := t.TempDir()
		newFile := func(name string, ref *resource.Reference, content string) *localv1alpha1.File {
			f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: name}}
			path := filepath.Join(files, name)
			f.Spec.ForProvider.Filename = &path
			f.Spec.ForProvider.ContentRef = ref
			if content != "" {
				f.Spec.ForProvider.Content = &content
			}
			return f
		}
		always, optional := resource.ResolveAlways, resource.ResolutionOptional
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "ref-pet"}}
		h.create(t, pet)
		h.waitReady(t, pet)
		// The default policy resolves once: the File keeps the Pet's id
		// after the Pet is deleted, and its next change still applies.
		f := newFile("ref-once", &resource.Reference{Name: "ref-pet"}, "")
		h.create(t, f)
		h.waitReady(t, f)
		id := *pet.Status.AtProvider.ID
		if got, err := os.ReadFile(*f.Spec.ForProvider.Filename); string(got) != id {
			t.Fatalf("file content %q (%v), want the Pet's id %q", got, err, id)
		}
		if err := h.c.Delete(ctx, pet); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, pet)
		perm := "0640"
		h.update(t, f, func() { f.Spec.ForProvider.FilePermission = &perm })
		h.waitFor(t, "the File changed without its Pet", func() (bool, string) {
			_ = h.c.Get(ctx, client.ObjectKeyFromObject(f), f)
			c := f.Status.Condition(resource.TypeSynced)
			return c.Status == metav1.ConditionTrue && f.Status.ObservedGeneration == f.Generation, conditionsOf(f)
		})
		if st, err := os.Stat(*f.Spec.ForProvider.Filename); err != nil || st.Mode().Perm() != 0o640 {
			t.Errorf("file after the change: %v %v", st, err)
		}
		// Always: the field follows its target, and waits for it.
		fa := newFile("ref-always", &resource.Reference{Name: "ref-pet", Policy: &resource.Policy{Resolve: &always}}, "stale")
		h.create(t, fa)
		h.waitMessage(t, fa, `spec.forProvider.content: waiting for Pet "ref-pet": it does not exist`)
		// Optional: a missing target leaves the value as it is.
		fo := newFile("ref-optional", &resource.Reference{Name: "ref-pet", Policy: &resource.Policy{Resolve: &always, Resolution: &optional}}, "kept")
		h.create(t, fo)
		h.waitReady(t, fo)
		if got, err := os.ReadFile(*fo.Spec.ForProvider.Filename); string(got) != "kept" {
			t.Errorf("file content %q (%v), want kept", got, err)
		}
		for _, o := range []*localv1alpha1.File{f, fa, fo} {
			if err := h.c.Delete(ctx, o); err != nil {
				t.Fatal(err)
			}
			h.waitGone(t, o)
		}
		if _, err := os.Stat(*f.Spec.ForProvider.Filename); !os.IsNotExist(err) {
			t.Errorf("the File's file outlived it: %v", err)
		}
	})

	t.Run("ConnectionSecretNamespaceMissing", func(t *testing.T) {
		// Created; only its Secret cannot be written: Ready, and Synced
		// says what to fix.
		pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "nons"}}
		eight := 8.0
		pw.Spec.ForProvider.Length = &eight
		pw.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "pw", Namespace: "nons"}
		h.create(t, pw)
		h.waitMessage(t, pw, `connection Secret nons/pw: namespace "nons" not found; create it or fix spec.writeConnectionSecretToRef`)
		h.waitFor(t, "Ready=True (Available)", func() (bool, string) {
			_ = h.c.Get(ctx, client.ObjectKeyFromObject(pw), pw)
			c := pw.Status.Condition(resource.TypeReady)
			return c.Status == metav1.ConditionTrue && c.Reason == resource.ReasonAvailable, conditionsOf(pw)
		})
		if err := h.c.Delete(ctx, pw); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, pw)
	})

	t.Run("SensitiveArgumentInConnectionSecret", func(t *testing.T) {
		// A sensitive argument's value, from its Secret, is in the
		// connection Secret too, as attribute.<argument>.
		if err := h.c.Create(ctx, (&exampleProviderConfig{name: "default"}).object()); err != nil && !kerrors.IsAlreadyExists(err) {
			t.Fatal(err)
		}
		h.create(t, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "motd-text", Namespace: "default"},
			Data: map[string][]byte{"text": []byte("not for the manifest")}})
		f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "motd"}}
		path := filepath.Join(t.TempDir(), "motd")
		f.Spec.ForProvider.Filename = &path
		f.Spec.ForProvider.SensitiveContentSecretRef = &resource.SecretKeySelector{
			SecretReference: resource.SecretReference{Name: "motd-text", Namespace: "default"}, Key: "text"}
		f.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "motd-conn", Namespace: "default"}
		h.create(t, f)
		h.waitReady(t, f)
		var conn corev1.Secret
		h.waitFor(t, "the connection Secret", func() (bool, string) {
			err := h.c.Get(ctx, client.ObjectKey{Namespace: "default", Name: "motd-conn"}, &conn)
			return err == nil && string(conn.Data["attribute.sensitive_content"]) == "not for the manifest", fmt.Sprint(err, " keys ", slices.Sorted(maps.Keys(conn.Data)))
		})
		if err := h.c.Delete(ctx, f); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, f)
	})

	t.Run("ConnectionSecretOfSameNameInAnotherAPI", func(t *testing.T) {
		// Two UUIDs named twin, of two APIs, name one connection
		// Secret: the second is told whose it is, with the API, since
		// the kind and name are its own.
		if err := h.c.Create(ctx, (&exampleProviderConfig{name: "default"}).object()); err != nil && !kerrors.IsAlreadyExists(err) {
			t.Fatal(err)
		}
		ref := &resource.SecretReference{Name: "twin-conn", Namespace: "default"}
		first := &randomv1alpha1.UUID{ObjectMeta: metav1.ObjectMeta{Name: "twin"}}
		first.Spec.ProviderConfigReference = &resource.Reference{Name: "default"}
		first.Spec.WriteConnectionSecretToRef = ref
		h.create(t, first)
		h.waitReady(t, first)
		none := &dockerpc.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: "twin-none"}}
		none.Spec.Credentials.Source = resource.CredentialsNone
		h.create(t, none)
		second := &dockerrandomv1alpha1.UUID{ObjectMeta: metav1.ObjectMeta{Name: "twin"}}
		second.Spec.ProviderConfigReference = &resource.Reference{Name: "twin-none"}
		second.Spec.WriteConnectionSecretToRef = ref
		h.create(t, second)
		h.waitMessage(t, second, `connection Secret default/twin-conn: it belongs to UUID "twin" of random.jet.tfkit.dev/v1alpha1: name another Secret in spec.writeConnectionSecretToRef`)
		for _, o := range []resource.Managed{second, first} {
			if err := h.c.Delete(ctx, o); err != nil {
				t.Fatal(err)
			}
			h.waitGone(t, o)
		}
	})

	t.Run("SameTypeInTwoAPIs", func(t *testing.T) {
		// random_uuid of the example's API of four providers takes
		// their arguments by name, "time" among them; with the docker
		// API's configuration (docker, random) it would be refused.
		h.create(t, credentials("four-creds", `{"random": {}, "time": {}}`))
		pc := (&exampleProviderConfig{name: "four"}).object().(resource.ProviderConfigObject)
		pc.GetProviderConfigSpec().Credentials = resource.ProviderCredentials{
			Source:    resource.CredentialsSecret,
			SecretRef: &resource.SecretKeySelector{SecretReference: resource.SecretReference{Name: "four-creds", Namespace: "default"}, Key: "credentials"},
		}
		h.create(t, pc.(client.Object))
		uuid := &randomv1alpha1.UUID{ObjectMeta: metav1.ObjectMeta{Name: "four"}}
		uuid.Spec.ProviderConfigReference = &resource.Reference{Name: "four"}
		h.create(t, uuid)
		h.waitReady(t, uuid)
		if err := h.c.Delete(ctx, uuid); err != nil {
			t.Fatal(err)
		}
		h.waitGone(t, uuid)
	})

	t.Run("CredentialMistakes", func(t *testing.T) {
		const secretValue = "unix:///s3cr3t-host.sock"
		for _, tc := range []struct {
			name, creds string
			want        []string
		}{
			{"typo", `{"docker": {"hots": "` + secretValue + `"}}`, []string{`ProviderConfig "typo" does not fit provider registry.terraform.io/kreuzwerker/docker: the provider has no argument "hots" (did you mean "host"?)`, `fix the credentials in Secret default/typo-creds key "credentials"`}},
			{"wrongtype", `{"docker": {"disable_docker_daemon_check": "` + secretValue + `"}}`, []string{`argument "disable_docker_daemon_check" must be bool`}},
			{"flat", `{"host": "` + secretValue + `"}`, []string{`ProviderConfig "flat": the credentials in Secret default/flat-creds key "credentials" hold "host", which is no provider of this API`}},
			{"badjson", `{"host": "` + secretValue + `"`, []string{`ProviderConfig "badjson": the credentials in Secret default/badjson-creds key "credentials" is not valid JSON`}},
		} {
			h.create(t, credentials(tc.name+"-creds", tc.creds))
			h.create(t, dockerProviderConfig(tc.name, tc.name+"-creds"))
			vol := &dockerv1alpha1.Volume{ObjectMeta: metav1.ObjectMeta{Name: tc.name}}
			vol.Spec.ProviderConfigReference = &resource.Reference{Name: tc.name}
			h.create(t, vol)
			for _, w := range tc.want {
				h.waitMessage(t, vol, w)
			}
			if msg := vol.Status.Condition(resource.TypeSynced).Message; strings.Contains(msg, "s3cr3t") {
				t.Errorf("%s: the condition quotes the credentials: %s", tc.name, msg)
			}
		}
		// A missing Secret and a missing key: the ProviderConfig says so
		// too.
		pc := dockerProviderConfig("absent", "absent-creds")
		h.create(t, pc)
		vol := &dockerv1alpha1.Volume{ObjectMeta: metav1.ObjectMeta{Name: "absent"}}
		vol.Spec.ProviderConfigReference = &resource.Reference{Name: "absent"}
		h.create(t, vol)
		h.waitMessage(t, vol, `ProviderConfig "absent": Secret default/absent-creds not found; create it or fix spec.credentials.secretRef`)
		s := credentials("absent-creds", "")
		s.Data = map[string][]byte{"other": []byte("x")}
		h.create(t, s)
		h.waitMessage(t, vol, `ProviderConfig "absent": Secret default/absent-creds has no key "credentials"`)
		h.waitFor(t, "the ProviderConfig's Ready condition", func() (bool, string) {
			_ = h.c.Get(ctx, client.ObjectKeyFromObject(pc), pc)
			c := pc.Status.Condition(resource.TypeReady)
			return c.Status == metav1.ConditionFalse && strings.Contains(c.Message, `has no key "credentials"`), c.Message
		})
	})
}

// exampleProviderConfig is a ProviderConfig of the example's group with
// source None.
type exampleProviderConfig struct{ name string }

func (p *exampleProviderConfig) object() client.Object {
	pc := examplecontroller.ProviderConfig.New().(client.Object)
	pc.SetName(p.name)
	pc.(resource.ProviderConfigObject).GetProviderConfigSpec().Credentials.Source = resource.CredentialsNone
	return pc
}

func credentials(name, content string) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}, Data: map[string][]byte{"credentials": []byte(content)}}
}

func dockerProviderConfig(name, secret string) *dockerpc.ProviderConfig {
	pc := &dockerpc.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: name}}
	pc.Spec.Credentials = resource.ProviderCredentials{
		Source:    resource.CredentialsSecret,
		SecretRef: &resource.SecretKeySelector{SecretReference: resource.SecretReference{Name: secret, Namespace: "default"}, Key: "credentials"},
	}
	return pc
}

func (h *pcHarness) create(t *testing.T, obj client.Object) {
	t.Helper()
	if err := h.c.Create(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
}

// update applies change to obj and writes it, again on a fresh copy when
// the controller wrote the object meanwhile.
func (h *pcHarness) update(t *testing.T, obj client.Object, change func()) {
	t.Helper()
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := h.c.Get(context.Background(), client.ObjectKeyFromObject(obj), obj); err != nil {
			return err
		}
		change()
		return h.c.Update(context.Background(), obj)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (h *pcHarness) waitFor(t *testing.T, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	last := ""
	for time.Now().Before(deadline) {
		ok, state := cond()
		if ok {
			return
		}
		last = state
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s; last: %s", what, last)
}

func conditionsOf(mg resource.Managed) string {
	b, _ := json.Marshal(mg.GetResourceStatus().Conditions)
	return string(b)
}

func (h *pcHarness) waitMessage(t *testing.T, mg resource.Managed, want string) {
	t.Helper()
	h.waitFor(t, "Synced=False with "+want, func() (bool, string) {
		_ = h.c.Get(context.Background(), client.ObjectKeyFromObject(mg), mg)
		c := mg.GetResourceStatus().Condition(resource.TypeSynced)
		return c.Status == metav1.ConditionFalse && strings.Contains(c.Message, want), conditionsOf(mg)
	})
}

// waitEvent waits for an event of reason on obj whose message holds want,
// and fails when it was recorded twice.
func (h *pcHarness) waitEvent(t *testing.T, obj client.Object, reason, want string) {
	t.Helper()
	h.waitFor(t, "the "+reason+" event", func() (bool, string) {
		var evs corev1.EventList
		_ = h.c.List(context.Background(), &evs)
		var found []string
		for _, e := range evs.Items {
			if e.InvolvedObject.UID == obj.GetUID() && e.Reason == reason {
				found = append(found, fmt.Sprintf("%s (count %d)", e.Message, e.Count))
				if strings.Contains(e.Message, want) && e.Count > 1 {
					t.Errorf("event %s recorded %d times, want once", reason, e.Count)
				}
			}
		}
		return len(found) > 0 && strings.Contains(found[len(found)-1], want), fmt.Sprint(len(evs.Items), " events; of reason ", reason, ": ", found)
	})
}

func (h *pcHarness) waitReady(t *testing.T, mg resource.Managed) {
	t.Helper()
	h.waitFor(t, mg.GetName()+" Ready", func() (bool, string) {
		_ = h.c.Get(context.Background(), client.ObjectKeyFromObject(mg), mg)
		return mg.GetResourceStatus().Condition(resource.TypeReady).Status == metav1.ConditionTrue, conditionsOf(mg)
	})
}

func (h *pcHarness) waitGone(t *testing.T, mg resource.Managed) {
	t.Helper()
	h.waitFor(t, mg.GetName()+" gone", func() (bool, string) {
		err := h.c.Get(context.Background(), client.ObjectKeyFromObject(mg), mg)
		return kerrors.IsNotFound(err), conditionsOf(mg)
	})
}

// installCRDs creates CRDs from files and waits until each is established.
func installCRDs(t *testing.T, cfg *rest.Config, paths ...string) {
	t.Helper()
	cs, err := apiextclient.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(data, &crd); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if _, err := cs.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, &crd, metav1.CreateOptions{}); err != nil {
			t.Fatalf("install %s: %v", p, err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			got, err := cs.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, crd.Name, metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			established := false
			for _, c := range got.Status.Conditions {
				established = established || (c.Type == apiextv1.Established && c.Status == apiextv1.ConditionTrue)
			}
			if established {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not established", crd.Name)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// fakeDocker is a Docker daemon on a unix socket that knows volumes only:
// enough for docker_volume's create, read and delete.
type fakeDocker struct {
	mu   sync.Mutex
	vols map[string]map[string]any
}

func (f *fakeDocker) volumes() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.vols)
}

var apiVersionPrefix = regexp.MustCompile(`^/v[0-9.]+`)

func startFakeDocker(t *testing.T, sock string) *fakeDocker {
	t.Helper()
	f := &fakeDocker{vols: map[string]map[string]any{}}
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	reply := func(w http.ResponseWriter, code int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(v)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := apiVersionPrefix.ReplaceAllString(r.URL.Path, "")
		w.Header().Set("Api-Version", "1.41")
		w.Header().Set("Ostype", "linux")
		f.mu.Lock()
		defer f.mu.Unlock()
		switch {
		case path == "/_ping":
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write([]byte("OK"))
		case path == "/volumes/create" && r.Method == http.MethodPost:
			var req struct {
				Name       string
				Driver     string
				DriverOpts map[string]string
				Labels     map[string]string
			}
			_ = json.NewDecoder(r.Body).Decode(&req)
			if req.Name == "" {
				req.Name = "generated"
			}
			if req.Driver == "" {
				req.Driver = "local"
			}
			v := map[string]any{"Name": req.Name, "Driver": req.Driver, "Options": req.DriverOpts, "Labels": req.Labels,
				"Mountpoint": "/var/lib/docker/volumes/" + req.Name + "/_data", "Scope": "local", "CreatedAt": "2026-01-01T00:00:00Z"}
			f.vols[req.Name] = v
			reply(w, http.StatusCreated, v)
		case strings.HasPrefix(path, "/volumes/") && r.Method == http.MethodGet:
			if v, ok := f.vols[strings.TrimPrefix(path, "/volumes/")]; ok {
				reply(w, http.StatusOK, v)
				return
			}
			reply(w, http.StatusNotFound, map[string]string{"message": "no such volume"})
		case strings.HasPrefix(path, "/volumes/") && r.Method == http.MethodDelete:
			delete(f.vols, strings.TrimPrefix(path, "/volumes/"))
			w.WriteHeader(http.StatusNoContent)
		default:
			reply(w, http.StatusNotImplemented, map[string]string{"message": "fake docker daemon: " + r.Method + " " + path + " is not implemented"})
		}
	})}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return f
}
