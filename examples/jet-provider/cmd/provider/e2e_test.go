package main

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"github.com/tfkit/tfkit/examples/jet-provider/apis"
	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	timev1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/time/v1alpha1"
	providerv1beta1 "github.com/tfkit/tfkit/examples/jet-provider/apis/v1beta1"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/kubetest"
	"github.com/tfkit/tfkit/jet/controller"
	"github.com/tfkit/tfkit/jet/resource"
)

// harness is a real API server with the example's CRDs, the manager built
// as a binary, and a client.
type harness struct {
	t       *testing.T
	env     *kubetest.Env
	c       client.Client
	bin     string
	workdir string
	files   string // where File objects put their files
	environ []string
	m       *managerProcess
}

// managerProcess is the running manager, shared by a harness and its copies
// for subtests.
type managerProcess struct {
	cmd    *exec.Cmd
	log    string
	starts int
}

// with returns h reporting to the subtest t.
func (h *harness) with(t *testing.T) *harness {
	c := *h
	c.t = t
	return &c
}

func setup(t *testing.T) *harness {
	if testing.Short() {
		t.Skip("runs a Kubernetes API server and terraform; skipped with -short")
	}
	return setupWith(t, enginetest.Engine(t))
}

// setupWith is setup with the given engine binary.
func setupWith(t *testing.T, engine string) *harness {
	env := kubetest.Start(t)
	mirror := enginetest.Mirror(t)
	for _, p := range []string{"hashicorp/random/3.9.0", "hashicorp/local/2.9.0", "hashicorp/time/0.14.2"} {
		parts := strings.Split(p, "/")
		enginetest.RequireProvider(t, parts[0]+"/"+parts[1], parts[2])
	}
	dir := t.TempDir()
	rc := filepath.Join(dir, "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(mirror)), 0o644); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, env: env, workdir: filepath.Join(dir, "work"), files: filepath.Join(dir, "files"), bin: filepath.Join(dir, "provider"), m: &managerProcess{}}
	if err := os.MkdirAll(h.files, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "TF_") || k == "KUBECONFIG" {
			continue
		}
		h.environ = append(h.environ, kv)
	}
	h.environ = append(h.environ, "TFKIT_TERRAFORM="+engine, "TF_CLI_CONFIG_FILE="+rc)

	build := exec.Command("go", "build", "-o", h.bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx := context.Background()
	installCRDs(t, ctx, env)
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	if err := apis.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	c, err := client.New(env.Config, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	h.c = c
	// The ProviderConfig every object names by default: these providers
	// take no arguments.
	pc := &providerv1beta1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: resource.DefaultProviderConfig}}
	pc.Spec.Credentials.Source = resource.CredentialsNone
	if err := c.Create(ctx, pc); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		h.stop(syscall.SIGTERM)
		if t.Failed() {
			data, _ := os.ReadFile(h.m.log)
			if len(data) > 20000 {
				data = data[len(data)-20000:]
			}
			t.Logf("manager log (%s):\n%s", h.m.log, data)
		}
	})
	return h
}

// start starts the manager process.
func (h *harness) start() {
	h.t.Helper()
	h.m.cmd, h.m.log = h.spawn("--metrics-addr", "0", "--health-addr", "0")
}

// spawn starts a manager process with the harness's flags and extra ones,
// and returns it with its log file.
func (h *harness) spawn(extra ...string) (*exec.Cmd, string) {
	h.t.Helper()
	h.m.starts++
	log := filepath.Join(filepath.Dir(h.bin), fmt.Sprintf("manager-%d.log", h.m.starts))
	f, err := os.Create(log)
	if err != nil {
		h.t.Fatal(err)
	}
	defer f.Close()
	args := append([]string{"--kubeconfig", h.env.Kubeconfig, "--workdir", h.workdir,
		"--poll", "2s", "--max-engines", "4", "--timeout", "2m"}, extra...)
	cmd := exec.Command(h.bin, args...)
	cmd.Env = h.environ
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		h.t.Fatal(err)
	}
	return cmd, log
}

// stop signals the manager and waits for it.
func (h *harness) stop(sig syscall.Signal) {
	if h.m.cmd == nil || h.m.cmd.Process == nil {
		return
	}
	_ = h.m.cmd.Process.Signal(sig)
	_ = h.m.cmd.Wait()
	h.m.cmd = nil
}

func (h *harness) create(obj client.Object) {
	h.t.Helper()
	if err := h.c.Create(context.Background(), obj); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) get(obj resource.Managed) error {
	return h.c.Get(context.Background(), client.ObjectKeyFromObject(obj.(client.Object)), obj.(client.Object))
}

// waitFor polls cond until it holds or timeout passes; cond says what it
// last saw.
func (h *harness) waitFor(timeout time.Duration, what string, cond func() (bool, string)) {
	h.t.Helper()
	deadline := time.Now().Add(timeout)
	last := ""
	for time.Now().Before(deadline) {
		ok, seen := cond()
		if ok {
			return
		}
		last = seen
		time.Sleep(200 * time.Millisecond)
	}
	h.t.Fatalf("%s: not after %s; last seen: %s", what, timeout, last)
}

func conditions(obj resource.Managed) string {
	b, _ := json.Marshal(obj.GetResourceStatus().Conditions)
	return string(b)
}

func (h *harness) waitCondition(obj resource.Managed, t resource.ConditionType, status metav1.ConditionStatus) {
	h.t.Helper()
	h.waitFor(90*time.Second, fmt.Sprintf("%s %s=%s", obj.GetName(), t, status), func() (bool, string) {
		if err := h.get(obj); err != nil {
			return false, err.Error()
		}
		return obj.GetResourceStatus().Condition(t).Status == status, conditions(obj)
	})
}

func (h *harness) waitGone(obj resource.Managed) {
	h.t.Helper()
	h.waitFor(90*time.Second, obj.GetName()+" deleted", func() (bool, string) {
		err := h.get(obj)
		if kerrors.IsNotFound(err) {
			return true, ""
		}
		return false, fmt.Sprint(err, " finalizers ", obj.GetFinalizers(), " ", conditions(obj))
	})
}

func ptr[T any](v T) *T { return &v }

func file(name, filename, content string) *localv1alpha1.File {
	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: name}}
	f.Spec.ForProvider.Filename = ptr(filename)
	if content != "" {
		f.Spec.ForProvider.Content = ptr(content)
	}
	return f
}

func readFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// TestManager runs the example manager against a real API server with the
// real engine and providers.
func TestManager(t *testing.T) {
	h := setup(t)
	h.start()
	ctx := context.Background()

	t.Run("PasswordConnectionSecret", func(t *testing.T) { passwordConnectionSecret(t, h.with(t)) })
	t.Run("FileLifecycle", func(t *testing.T) { fileLifecycle(t, h.with(t)) })

	t.Run("DeletedWithConnectionSecret", func(t *testing.T) {
		// random_password's refresh cannot tell that it was destroyed: the
		// delete must not bring it back from the external name.
		h := h.with(t)
		pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "short-lived"}}
		pw.Spec.ForProvider.Length = ptr(12.0)
		pw.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "short-lived-conn", Namespace: "default"}
		h.create(pw)
		h.waitCondition(pw, resource.TypeReady, metav1.ConditionTrue)
		key := client.ObjectKey{Namespace: "default", Name: "short-lived-conn"}
		var s corev1.Secret
		if err := h.c.Get(ctx, key, &s); err != nil {
			t.Fatal(err)
		}
		if owner := metav1.GetControllerOf(&s); owner == nil || owner.UID != pw.GetUID() {
			t.Errorf("connection Secret's controller %+v, want the Password", owner)
		}
		if err := h.c.Delete(ctx, pw); err != nil {
			t.Fatal(err)
		}
		h.waitGone(pw)
		if err := h.c.Get(ctx, key, &s); !kerrors.IsNotFound(err) {
			t.Errorf("connection Secret left after the delete: %v", err)
		}
	})

	t.Run("ConnectionSecretOfAnother", func(t *testing.T) {
		h := h.with(t)
		mine := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "app-config", Namespace: "default"},
			Data: map[string][]byte{"keep": []byte("me")}}
		h.create(mine)
		pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "clobbers"}}
		pw.Spec.ForProvider.Length = ptr(12.0)
		pw.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "app-config", Namespace: "default"}
		h.create(pw)
		h.waitFor(60*time.Second, "the foreign Secret refused", func() (bool, string) {
			_ = h.get(pw)
			c := pw.Status.Condition(resource.TypeSynced)
			return c.Status == metav1.ConditionFalse && strings.Contains(c.Message, "name another Secret in spec.writeConnectionSecretToRef"), conditions(pw)
		})
		if err := h.c.Delete(ctx, pw); err != nil {
			t.Fatal(err)
		}
		h.waitGone(pw)
		var s corev1.Secret
		if err := h.c.Get(ctx, client.ObjectKeyFromObject(mine), &s); err != nil || len(s.Data) != 1 || string(s.Data["keep"]) != "me" {
			t.Errorf("the Secret the Password must not write: %v %v", s.Data, err)
		}
	})

	t.Run("ReferenceWaitsForPet", func(t *testing.T) {
		h := h.with(t)
		path := filepath.Join(h.files, "pet.txt")
		f := file("from-pet", path, "")
		f.Spec.ForProvider.ContentRef = &resource.Reference{Name: "pet"}
		h.create(f)
		h.waitFor(60*time.Second, "waiting on the Pet", func() (bool, string) {
			_ = h.get(f)
			c := f.Status.Condition(resource.TypeSynced)
			return c.Status == metav1.ConditionFalse && strings.Contains(c.Message, `Pet "pet"`), conditions(f)
		})
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Fatal("file written before its reference resolved")
		}
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "pet"}}
		h.create(pet)
		h.waitCondition(pet, resource.TypeReady, metav1.ConditionTrue)
		h.waitCondition(f, resource.TypeReady, metav1.ConditionTrue)
		if pet.Status.AtProvider.ID == nil || readFile(path) != *pet.Status.AtProvider.ID {
			t.Errorf("file = %q, pet id %v", readFile(path), pet.Status.AtProvider.ID)
		}
	})

	t.Run("Paused", func(t *testing.T) {
		h := h.with(t)
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "paused",
			Annotations: map[string]string{controller.AnnotationPaused: "true"}}}
		h.create(pet)
		h.waitFor(60*time.Second, "paused", func() (bool, string) {
			_ = h.get(pet)
			return pet.Status.Condition(resource.TypeSynced).Reason == resource.ReasonReconcilePaused, conditions(pet)
		})
		if pet.Status.AtProvider.ID != nil {
			t.Fatal("a paused Pet was created")
		}
		// Removing the annotation resumes it.
		patch := client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"annotations":{"`+controller.AnnotationPaused+`":null}}}`))
		if err := h.c.Patch(ctx, pet, patch); err != nil {
			t.Fatal(err)
		}
		h.waitCondition(pet, resource.TypeReady, metav1.ConditionTrue)
		if err := h.c.Delete(ctx, pet); err != nil {
			t.Fatal(err)
		}
		h.waitGone(pet)
	})

	t.Run("DeletionPolicyOrphan", func(t *testing.T) {
		h := h.with(t)
		path := filepath.Join(h.files, "orphan.txt")
		f := file("orphan", path, "keep me\n")
		f.Spec.DeletionPolicy = resource.DeletionOrphan
		h.create(f)
		h.waitCondition(f, resource.TypeReady, metav1.ConditionTrue)
		if err := h.c.Delete(ctx, f); err != nil {
			t.Fatal(err)
		}
		h.waitGone(f)
		if got := readFile(path); got != "keep me\n" {
			t.Errorf("orphaned file = %q", got)
		}
	})

	t.Run("ObserveOnlyNeverWrites", func(t *testing.T) {
		h := h.with(t)
		path := filepath.Join(h.files, "observed.txt")
		f := file("observed", path, "would be written\n")
		f.Spec.ManagementPolicies = resource.ManagementPolicies{resource.ManagementObserve}
		f.SetAnnotations(map[string]string{resource.AnnotationExternalName: "0000000000000000000000000000000000000000"})
		h.create(f)
		h.waitCondition(f, resource.TypeSynced, metav1.ConditionFalse)
		if c := f.Status.Condition(resource.TypeSynced); !strings.Contains(c.Message, "does not exist") {
			t.Errorf("Synced message %q", c.Message)
		}
		time.Sleep(3 * time.Second) // another poll or two
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("an observe-only object wrote its file: %v", err)
		}
		// Deleting it leaves the external resource alone as well.
		if err := h.c.Delete(ctx, f); err != nil {
			t.Fatal(err)
		}
		h.waitGone(f)
	})

	t.Run("ObserveOnlyExisting", func(t *testing.T) {
		h := h.with(t)
		path := filepath.Join(h.files, "existing.txt")
		if err := os.WriteFile(path, []byte("made elsewhere\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		before, _ := os.Stat(path)
		sum := sha1.Sum([]byte("made elsewhere\n"))
		id := hex.EncodeToString(sum[:])
		f := file("existing", path, "made elsewhere\n")
		f.Spec.ManagementPolicies = resource.ManagementPolicies{resource.ManagementObserve}
		f.SetAnnotations(map[string]string{resource.AnnotationExternalName: id})
		h.create(f)
		h.waitCondition(f, resource.TypeReady, metav1.ConditionTrue)
		// The id and the arguments, the defaults the spec leaves out
		// included; not the hashes: local_file's refresh does not
		// recompute those its create records.
		at := f.Status.AtProvider
		if at.ID == nil || *at.ID != id || at.Filename == nil || *at.Filename != path || at.FilePermission == nil || *at.FilePermission != "0777" {
			b, _ := json.Marshal(at)
			t.Errorf("status.atProvider = %s", b)
		}
		if err := h.c.Delete(ctx, f); err != nil {
			t.Fatal(err)
		}
		h.waitGone(f)
		after, err := os.Stat(path)
		if err != nil || !after.ModTime().Equal(before.ModTime()) || after.Mode() != before.Mode() {
			t.Errorf("an observe-only object changed or removed its file: %v", err)
		}
	})

	t.Run("BadValueNamesField", func(t *testing.T) {
		h := h.with(t)
		pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "bad"}}
		pw.Spec.ForProvider.Length = ptr(0.0)
		h.create(pw)
		h.waitCondition(pw, resource.TypeSynced, metav1.ConditionFalse)
		msg := pw.Status.Condition(resource.TypeSynced).Message
		if !strings.Contains(msg, "spec.forProvider.length") {
			t.Errorf("Synced message does not name the field: %q", msg)
		}
		if pw.GetAnnotations()[resource.AnnotationExternalName] != "" {
			t.Error("an external name was recorded for a rejected resource")
		}
	})

	t.Run("WorkspaceRebuiltFromExternalName", func(t *testing.T) {
		h := h.with(t)
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "rebuilt"}}
		h.create(pet)
		h.waitCondition(pet, resource.TypeReady, metav1.ConditionTrue)
		name := pet.GetAnnotations()[resource.AnnotationExternalName]
		ws := filepath.Join(h.workdir, "pet.random.jet.tfkit.dev", "rebuilt")
		// A poll may be writing into it: removal races with it, so retry.
		h.waitFor(10*time.Second, "workspace removed", func() (bool, string) {
			err := os.RemoveAll(ws)
			return err == nil, fmt.Sprint(err)
		})
		h.waitFor(60*time.Second, "workspace rebuilt", func() (bool, string) {
			ids := stateIDs(filepath.Join(ws, controller.StateFile))
			return len(ids) == 1 && ids[0] == name, fmt.Sprint(ids)
		})
		time.Sleep(3 * time.Second)
		_ = h.get(pet)
		if got := pet.GetAnnotations()[resource.AnnotationExternalName]; got != name {
			t.Errorf("external name %q became %q: recreated, not rebuilt", name, got)
		}
		if ids := stateIDs(filepath.Join(ws, controller.StateFile)); len(ids) != 1 || ids[0] != name {
			t.Errorf("state ids %v, want [%s]", ids, name)
		}
	})

	t.Run("KilledMidCreate", func(t *testing.T) {
		h := h.with(t)
		s := &timev1alpha1.Sleep{ObjectMeta: metav1.ObjectMeta{Name: "slow"}}
		s.Spec.ForProvider.CreateDuration = ptr("8s")
		h.create(s)
		h.waitFor(60*time.Second, "create started", func() (bool, string) {
			_ = h.get(s)
			return s.GetAnnotations()[controller.AnnotationCreatePending] != "", fmt.Sprint(s.GetAnnotations())
		})
		ws := filepath.Join(h.workdir, "sleep.time.jet.tfkit.dev", "slow")
		h.waitFor(30*time.Second, "apply running", func() (bool, string) {
			_, err := os.Stat(filepath.Join(ws, ".tfkit-apply.pid"))
			return err == nil, fmt.Sprint(err)
		})
		time.Sleep(time.Second)
		shared := sharedPlugins(h.m.cmd.Process.Pid)
		if len(shared) == 0 {
			t.Error("the manager runs no shared provider plugin")
		}
		h.stop(syscall.SIGKILL)
		// The shared plugins die with the manager; the apply's own does not.
		h.waitFor(10*time.Second, "shared plugins gone with the killed manager", func() (bool, string) {
			var left []int
			for _, p := range shared {
				if alive(p) {
					left = append(left, p)
				}
			}
			return len(left) == 0, fmt.Sprint(left)
		})
		if ids := stateIDs(filepath.Join(ws, controller.StateFile)); len(ids) != 0 {
			t.Fatalf("the create finished before the kill: %v", ids)
		}
		h.start()
		h.waitFor(30*time.Second, "the new manager waits for the running apply", func() (bool, string) {
			_ = h.get(s)
			c := s.Status.Condition(resource.TypeSynced)
			return strings.Contains(c.Message, "waiting for the apply"), conditions(s)
		})
		h.waitCondition(s, resource.TypeReady, metav1.ConditionTrue)
		ids := stateIDs(filepath.Join(ws, controller.StateFile))
		if len(ids) != 1 || ids[0] != s.GetAnnotations()[resource.AnnotationExternalName] {
			t.Errorf("state ids %v, external name %q", ids, s.GetAnnotations()[resource.AnnotationExternalName])
		}
		if _, ok := s.GetAnnotations()[controller.AnnotationCreatePending]; ok {
			t.Error("create-pending annotation left")
		}
		// The killed manager's create is over: the new manager says so.
		if c := s.Status.Condition(resource.TypeAsyncOperation); c.Status != metav1.ConditionFalse || c.Reason != resource.ReasonFinished {
			t.Errorf("AsyncOperation after the adopted create: %s", conditions(s))
		}
		if c := s.Status.Condition(resource.TypeLastAsyncOperation); c.Status != metav1.ConditionTrue || c.Reason != resource.ReasonSuccess {
			t.Errorf("LastAsyncOperation after the adopted create: %s", conditions(s))
		}
	})

	t.Run("AsyncCreate", func(t *testing.T) {
		h := h.with(t)
		s := &timev1alpha1.Sleep{ObjectMeta: metav1.ObjectMeta{Name: "async"}}
		s.Spec.ForProvider.CreateDuration = ptr("6s")
		h.create(s)
		ws := filepath.Join(h.workdir, "sleep.time.jet.tfkit.dev", "async")
		pidFile := filepath.Join(ws, ".tfkit-apply.pid")
		h.waitFor(30*time.Second, "apply running", func() (bool, string) {
			_, err := os.Stat(pidFile)
			return err == nil, fmt.Sprint(err)
		})
		// While the apply runs: never a second engine in the workspace, and
		// a reconcile (an annotation change starts one) reports the
		// operation instead of waiting for it.
		stop := make(chan struct{})
		most := make(chan int, 1)
		go func() {
			n := 0
			for {
				select {
				case <-stop:
					most <- n
					return
				case <-time.After(20 * time.Millisecond):
				}
				n = max(n, enginesIn(ws))
			}
		}()
		_ = h.get(s)
		s.SetAnnotations(map[string]string{"example.org/poke": "1"})
		if err := h.c.Update(ctx, s); err != nil && !kerrors.IsConflict(err) {
			t.Fatal(err)
		}
		h.waitFor(10*time.Second, "the reconcile reports the create under way", func() (bool, string) {
			_ = h.get(s)
			c := s.Status.Condition(resource.TypeAsyncOperation)
			return c.Status == metav1.ConditionTrue && strings.Contains(c.Message, "create running since"), conditions(s)
		})
		if _, err := os.Stat(pidFile); err != nil {
			t.Errorf("the apply ended before the reconcile reported it (too slow to tell): %v", err)
		}
		if r := s.Status.Condition(resource.TypeReady); r.Reason != resource.ReasonCreating {
			t.Errorf("Ready while creating: %+v", r)
		}
		h.waitCondition(s, resource.TypeReady, metav1.ConditionTrue)
		close(stop)
		if n := <-most; n > 1 {
			t.Errorf("%d engine processes at once in the workspace during the create", n)
		}
		last := s.Status.Condition(resource.TypeLastAsyncOperation)
		if last.Status != metav1.ConditionTrue || last.Reason != resource.ReasonSuccess {
			t.Errorf("LastAsyncOperation %+v", last)
		}
		if c := s.Status.Condition(resource.TypeAsyncOperation); c.Status != metav1.ConditionFalse {
			t.Errorf("AsyncOperation after the create: %+v", c)
		}
	})

	t.Run("AsyncApplyFailure", func(t *testing.T) {
		h := h.with(t)
		// Plans well, fails in the apply: the directory cannot be made.
		f := file("cannot-write", "/dev/null/sub/f.txt", "x\n")
		h.create(f)
		h.waitFor(60*time.Second, "the apply's failure reported", func() (bool, string) {
			_ = h.get(f)
			c := f.Status.Condition(resource.TypeLastAsyncOperation)
			return c.Status == metav1.ConditionFalse && c.Reason == resource.ReasonApplyFailure, conditions(f)
		})
		last := f.Status.Condition(resource.TypeLastAsyncOperation)
		synced := f.Status.Condition(resource.TypeSynced)
		if !strings.Contains(last.Message, "not a directory") || synced.Status != metav1.ConditionFalse {
			t.Errorf("LastAsyncOperation %q, Synced %+v", last.Message, synced)
		}
		if f.GetAnnotations()[resource.AnnotationExternalName] != "" {
			t.Error("an external name was recorded for a failed create")
		}
		if err := h.c.Delete(ctx, f); err != nil {
			t.Fatal(err)
		}
		h.waitGone(f)
	})

	t.Run("SecretReference", func(t *testing.T) {
		h := h.with(t)
		path := filepath.Join(h.files, "secret.txt")
		f := file("from-secret", path, "")
		f.Spec.ForProvider.SensitiveContentSecretRef = &resource.SecretKeySelector{
			SecretReference: resource.SecretReference{Name: "file-content", Namespace: "default"}, Key: "text"}
		h.create(f)
		h.waitFor(60*time.Second, "waiting on the Secret", func() (bool, string) {
			_ = h.get(f)
			c := f.Status.Condition(resource.TypeSynced)
			return c.Status == metav1.ConditionFalse && strings.Contains(c.Message, "file-content"), conditions(f)
		})
		h.create(&corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "file-content", Namespace: "default"},
			Data: map[string][]byte{"text": []byte("from a secret\n")}})
		h.waitCondition(f, resource.TypeReady, metav1.ConditionTrue)
		if got := readFile(path); got != "from a secret\n" {
			t.Errorf("file = %q", got)
		}
		b, _ := json.Marshal(f)
		if strings.Contains(string(b), "from a secret") {
			t.Error("the secret value appears in the object")
		}
	})

	t.Run("DeletedAfterItsSecret", func(t *testing.T) {
		// kubectl delete -f of a directory deletes the Secret first.
		h := h.with(t)
		path := filepath.Join(h.files, "secret-gone.txt")
		sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "gone-first", Namespace: "default"},
			Data: map[string][]byte{"text": []byte("short-lived secret\n")}}
		h.create(sec)
		f := file("secret-gone", path, "")
		f.Spec.ForProvider.SensitiveContentSecretRef = &resource.SecretKeySelector{
			SecretReference: resource.SecretReference{Name: "gone-first", Namespace: "default"}, Key: "text"}
		h.create(f)
		h.waitCondition(f, resource.TypeReady, metav1.ConditionTrue)
		if err := h.c.Delete(ctx, sec); err != nil {
			t.Fatal(err)
		}
		if err := h.c.Delete(ctx, f); err != nil {
			t.Fatal(err)
		}
		h.waitGone(f)
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("file still there after delete: %v", err)
		}
	})

	t.Run("LeaderElectionAndMetrics", func(t *testing.T) {
		h := h.with(t)
		h.stop(syscall.SIGTERM)
		metrics := []string{freeAddr(t), freeAddr(t)}
		health := []string{freeAddr(t), freeAddr(t)}
		var cmds []*exec.Cmd
		var logs []string
		for i := range 2 {
			cmd, log := h.spawn("--leader-elect", "--leader-election-namespace", "default",
				"--metrics-addr", metrics[i], "--health-addr", health[i])
			cmds, logs = append(cmds, cmd), append(logs, log)
		}
		defer func() {
			for _, c := range cmds {
				_ = c.Process.Signal(syscall.SIGTERM)
				_ = c.Wait()
			}
		}()
		pet := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "elected"}}
		h.create(pet)
		h.waitCondition(pet, resource.TypeReady, metav1.ConditionTrue)
		leaders := 0
		leader := -1
		for i, l := range logs {
			if strings.Contains(readFile(l), "successfully acquired lease") {
				leaders++
				leader = i
			}
		}
		if leaders != 1 {
			t.Fatalf("%d managers lead, want 1", leaders)
		}
		for i := range 2 {
			if body, err := get("http://" + health[i] + "/healthz"); err != nil || body != "ok" {
				t.Errorf("manager %d /healthz: %q %v", i, body, err)
			}
		}
		body, err := get("http://" + metrics[leader] + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []string{"tfkit_jet_engine_runs_total", "tfkit_jet_engine_processes", "tfkit_jet_provider_starts_total", `controller_runtime_reconcile_total{controller="pet.random.jet.tfkit.dev"`} {
			if !strings.Contains(body, m) {
				t.Errorf("metrics lack %s", m)
			}
		}
		if !regexp.MustCompile(`(?m)^tfkit_jet_provider_processes [1-9]`).MatchString(body) {
			t.Error("the leader runs no shared provider plugin")
		}
		// The leader dies; the other takes over and reconciles.
		_ = cmds[leader].Process.Signal(syscall.SIGKILL)
		other := 1 - leader
		pet2 := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "after-failover"}}
		h.create(pet2)
		h.waitCondition(pet2, resource.TypeReady, metav1.ConditionTrue)
		if !strings.Contains(readFile(logs[other]), "successfully acquired lease") {
			t.Error("the second manager did not take the lease")
		}
	})
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func get(url string) (string, error) {
	rsp, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer rsp.Body.Close()
	b, err := io.ReadAll(rsp.Body)
	return string(b), err
}

func controllerContains(fs []string) bool {
	for _, f := range fs {
		if f == controller.Finalizer {
			return true
		}
	}
	return false
}

// sharedPlugins returns the pids of the provider plugins the manager
// process pid started itself: the shared ones (engines start their own).
func sharedPlugins(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		i := strings.LastIndexByte(string(stat), ')')
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 2 || f[1] != strconv.Itoa(pid) || !strings.Contains(string(stat), "(terraform-provi") {
			continue
		}
		p, _ := strconv.Atoi(e.Name())
		pids = append(pids, p)
	}
	return pids
}

// enginesIn counts the terraform or tofu processes whose working directory
// is dir.
func enginesIn(dir string) int {
	ents, _ := os.ReadDir("/proc")
	parents := map[string]string{} // engine pid -> its parent's pid
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd"))
		if err != nil || cwd != dir {
			continue
		}
		comm, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "comm"))
		if c := strings.TrimSpace(string(comm)); c != "terraform" && c != "tofu" {
			continue
		}
		stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		ppid := ""
		if i := strings.LastIndexByte(string(stat), ')'); i >= 0 {
			if f := strings.Fields(string(stat[i+1:])); len(f) > 1 {
				ppid = f[1]
			}
		}
		parents[e.Name()] = ppid
	}
	// A child the engine has forked to start a provider plugin is, until
	// it execs, a copy of the engine in the same directory: not counted.
	n := 0
	for _, ppid := range parents {
		if _, forked := parents[ppid]; !forked {
			n++
		}
	}
	return n
}

// alive says whether pid runs (and is not a zombie).
func alive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

// stateIDs returns the id of every resource instance in a state file.
func stateIDs(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var st struct {
		Resources []struct {
			Instances []struct {
				Attributes struct {
					ID string `json:"id"`
				} `json:"attributes"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if json.Unmarshal(data, &st) != nil {
		return nil
	}
	var ids []string
	for _, r := range st.Resources {
		for _, in := range r.Instances {
			ids = append(ids, in.Attributes.ID)
		}
	}
	return ids
}

// installCRDs creates every CRD of the example's package and waits until
// each is established.
func installCRDs(t *testing.T, ctx context.Context, env *kubetest.Env) {
	t.Helper()
	cs, err := apiextclient.NewForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob("../../package/crds/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no CRDs: %v", err)
	}
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
				if c.Type == apiextv1.Established && c.Status == apiextv1.ConditionTrue {
					established = true
				}
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

// passwordConnectionSecret: a Password becomes Ready with its connection
// Secret, external name, finalizer and late-initialized spec, and the
// password stays out of its status.
func passwordConnectionSecret(t *testing.T, h *harness) {
	ctx := context.Background()
	pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "pw"}}
	pw.Spec.ForProvider.Length = ptr(20.0)
	pw.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "pw-conn", Namespace: "default"}
	h.create(pw)
	h.waitCondition(pw, resource.TypeReady, metav1.ConditionTrue)
	var s corev1.Secret
	if err := h.c.Get(ctx, client.ObjectKey{Namespace: "default", Name: "pw-conn"}, &s); err != nil {
		t.Fatal(err)
	}
	if got := string(s.Data["attribute.result"]); len(got) != 20 || string(s.Data["password"]) != got {
		t.Errorf("Secret data: result %q password %q", got, s.Data["password"])
	}
	if pw.GetAnnotations()[resource.AnnotationExternalName] == "" {
		t.Error("no external name")
	}
	if !controllerContains(pw.GetFinalizers()) {
		t.Errorf("finalizers %v", pw.GetFinalizers())
	}
	// Late-initialized: the provider's defaults appear in the spec.
	if pw.Spec.ForProvider.Special == nil || !*pw.Spec.ForProvider.Special {
		t.Errorf("spec.forProvider.special not late-initialized: %v", pw.Spec.ForProvider.Special)
	}
	b, _ := json.Marshal(pw.Status)
	if bytes.Contains(b, s.Data["attribute.result"]) {
		t.Error("the password appears in status")
	}
}

// fileLifecycle: a File is created on disk, updated in place (its external
// name following the new id) and deleted with its workspace.
func fileLifecycle(t *testing.T, h *harness) {
	ctx := context.Background()
	path := filepath.Join(h.files, "a.txt")
	f := file("a", path, "hello\n")
	h.create(f)
	h.waitCondition(f, resource.TypeReady, metav1.ConditionTrue)
	if got := readFile(path); got != "hello\n" {
		t.Fatalf("file = %q", got)
	}
	sum := sha1.Sum([]byte("hello\n"))
	if en := f.GetAnnotations()[resource.AnnotationExternalName]; en != hex.EncodeToString(sum[:]) {
		t.Errorf("external name %q, want the file's id", en)
	}
	f.Spec.ForProvider.Content = ptr("world\n")
	if err := h.c.Update(ctx, f); err != nil {
		t.Fatal(err)
	}
	h.waitFor(60*time.Second, "file updated", func() (bool, string) {
		got := readFile(path)
		return got == "world\n", got
	})
	sum = sha1.Sum([]byte("world\n"))
	h.waitFor(30*time.Second, "external name follows the new id", func() (bool, string) {
		_ = h.get(f)
		en := f.GetAnnotations()[resource.AnnotationExternalName]
		return en == hex.EncodeToString(sum[:]), en
	})
	if err := h.c.Delete(ctx, f); err != nil {
		t.Fatal(err)
	}
	h.waitGone(f)
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("file still there after delete: %v", err)
	}
	if _, err := os.Stat(filepath.Join(h.workdir, "file.local.jet.tfkit.dev", "a")); !os.IsNotExist(err) {
		t.Errorf("workspace left after delete: %v", err)
	}
}

// TestManagerOpenTofu runs the manager with OpenTofu, besides the engine
// TestManager runs it with: a Password and a File through their
// lifecycle.
func TestManagerOpenTofu(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a Kubernetes API server and OpenTofu; skipped with -short")
	}
	engines := enginetest.Engines(t)
	if len(engines) < 2 {
		t.Skip("no OpenTofu besides " + engines[0] + " (the log above says why)")
	}
	h := setupWith(t, engines[1])
	h.start()
	t.Run("PasswordConnectionSecret", func(t *testing.T) { passwordConnectionSecret(t, h.with(t)) })
	t.Run("FileLifecycle", func(t *testing.T) { fileLifecycle(t, h.with(t)) })
	// With no subtest run (-run selecting none), the manager may not have
	// logged its engine yet.
	for deadline := time.Now().Add(time.Minute); !strings.Contains(readFile(h.m.log), `"flavor"="opentofu"`) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	if log := readFile(h.m.log); !strings.Contains(log, `"flavor"="opentofu"`) {
		t.Errorf("the manager did not run OpenTofu; its log:\n%s", log)
	}
}

// TestAddressTaken: a manager whose metrics or probe address is taken (a
// second manager on the host) stops at once, naming the flag to change,
// before it reconciles anything; a manager without --leader-elect says at
// start that another one would reconcile the same objects.
func TestAddressTaken(t *testing.T) {
	h := setup(t)
	f := file("untouched", filepath.Join(h.files, "untouched.txt"), "x")
	h.create(f)
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, flag := range []string{"--metrics-addr", "--health-addr"} {
		args := []string{"--metrics-addr", "0", "--health-addr", "0"}
		if flag == "--metrics-addr" {
			args[1] = taken.Addr().String()
		} else {
			args[3] = taken.Addr().String()
		}
		cmd, log := h.spawn(args...)
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			if err == nil {
				t.Errorf("%s taken: the manager exited with status 0", flag)
			}
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
			t.Fatalf("%s taken: the manager still runs after 30 s:\n%s", flag, readFile(log))
		}
		out := readFile(log)
		want := fmt.Sprintf("provider: %s %s: listen tcp %s: bind: address already in use; another process (another manager?) listens there: give this manager another %s, or %s 0 to turn it off",
			flag, taken.Addr(), taken.Addr(), flag, flag)
		if strings.TrimSpace(out) != want {
			t.Errorf("%s taken: the manager said\n%s\nwant\n%s", flag, out, want)
		}
		if err := h.get(f); err != nil {
			t.Fatal(err)
		}
		if len(f.Finalizers) > 0 || len(f.Status.Conditions) > 0 || f.Annotations[resource.AnnotationExternalName] != "" {
			t.Errorf("%s taken: the manager reconciled the File: finalizers %v, conditions %s", flag, f.Finalizers, conditions(f))
		}
		if _, err := os.Stat(h.workdir); !os.IsNotExist(err) {
			t.Errorf("%s taken: the work directory exists: %v", flag, err)
		}
	}

	h.start()
	h.waitCondition(f, resource.TypeReady, metav1.ConditionTrue)
	const warning = `"msg"="leader election is off: another manager of this cluster would reconcile the same objects at the same time; give every manager --leader-elect, or run only one"`
	if n := strings.Count(readFile(h.m.log), warning); n != 1 {
		t.Errorf("the manager without --leader-elect logged the warning %d times, want once:\n%s", n, readFile(h.m.log))
	}
	if err := h.c.Delete(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	h.waitGone(f)
}

// TestMistakesRetriedQuietly: a value the provider refuses (a fractional
// rotationDays, which the schema calls a number), a rule over several
// arguments none of which is set (named by their fields) and a connection Secret
// of another object are the objects' conditions, naming the field and the
// value, and are retried with back-off without an error in the log; once
// fixed, the objects become ready.
func TestMistakesRetriedQuietly(t *testing.T) {
	h := setup(t)
	h.start()
	ctx := context.Background()

	rot := &timev1alpha1.Rotating{ObjectMeta: metav1.ObjectMeta{Name: "fractional"}}
	rot.Spec.ForProvider.RotationDays = ptr(1.5)
	h.create(rot)
	// None of the arguments of which the provider wants at least one.
	unset := &timev1alpha1.Rotating{ObjectMeta: metav1.ObjectMeta{Name: "unset"}}
	h.create(unset)
	owner := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "owner"}}
	owner.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "pets-conn", Namespace: "default"}
	h.create(owner)
	h.waitCondition(owner, resource.TypeReady, metav1.ConditionTrue)
	pw := &randomv1alpha1.Password{ObjectMeta: metav1.ObjectMeta{Name: "same-secret"}}
	pw.Spec.ForProvider.Length = ptr(12.0)
	pw.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "pets-conn", Namespace: "default"}
	h.create(pw)

	const rotWant = "spec.forProvider.rotationDays: Configuration Read Error: An unexpected error was encountered trying to convert an attribute value from the configuration. " +
		"This is always an error in the provider. Please report the following to the provider developer: Error: Value 1.5 is not an integer."
	const pwWant = `connection Secret default/pets-conn: it belongs to Pet "owner" of random.jet.tfkit.dev/v1alpha1: name another Secret in spec.writeConnectionSecretToRef`
	const unsetWant = "spec.forProvider: Missing Attribute Configuration: At least one of these attributes must be configured: " +
		"[rotationMinutes, rotationHours, rotationDays, rotationMonths, rotationYears, rotationRfc3339]"
	for obj, want := range map[resource.Managed]string{rot: rotWant, pw: pwWant, unset: unsetWant} {
		h.waitFor(90*time.Second, obj.GetName()+" refused", func() (bool, string) {
			_ = h.get(obj)
			c := obj.GetResourceStatus().Condition(resource.TypeSynced)
			return c.Status == metav1.ConditionFalse && c.Message == want, conditions(obj)
		})
	}
	// Retries at 1 s, 2 s, 4 s of the work queue's back-off.
	time.Sleep(8 * time.Second)
	if log := readFile(h.m.log); strings.Contains(log, `"msg"="Reconciler error"`) {
		t.Errorf("the mistakes are logged as errors:\n%s", log)
	}

	rot.Spec.ForProvider.RotationDays = ptr(2.0)
	if err := h.c.Update(ctx, rot); err != nil {
		t.Fatal(err)
	}
	pw.Spec.WriteConnectionSecretToRef.Name = "password-conn"
	if err := h.c.Update(ctx, pw); err != nil {
		t.Fatal(err)
	}
	unset.Spec.ForProvider.RotationHours = ptr(1.0)
	if err := h.c.Update(ctx, unset); err != nil {
		t.Fatal(err)
	}
	for _, obj := range []resource.Managed{rot, pw, unset} {
		h.waitCondition(obj, resource.TypeReady, metav1.ConditionTrue)
		h.waitCondition(obj, resource.TypeSynced, metav1.ConditionTrue)
	}
	for _, obj := range []resource.Managed{rot, pw, unset, owner} {
		if err := h.c.Delete(ctx, obj.(client.Object)); err != nil {
			t.Fatal(err)
		}
		h.waitGone(obj)
	}
}
