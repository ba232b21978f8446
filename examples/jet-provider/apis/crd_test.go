package apis_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/yaml"

	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	"github.com/tfkit/tfkit/internal/kubetest"
	"github.com/tfkit/tfkit/jet/resource"
)

// installCRDs creates every CRD of package/crds and waits until each is
// established.
func installCRDs(t *testing.T, ctx context.Context, env *kubetest.Env) {
	t.Helper()
	cs, err := apiextclient.NewForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob("../package/crds/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no CRDs: %v", err)
	}
	var names []string
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
		names = append(names, crd.Name)
	}
	for _, n := range names {
		for {
			crd, err := cs.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, n, metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			established := false
			for _, c := range crd.Status.Conditions {
				if c.Type == apiextv1.Established && c.Status == apiextv1.ConditionTrue {
					established = true
				}
				if c.Type == apiextv1.NonStructuralSchema && c.Status == apiextv1.ConditionTrue {
					t.Fatalf("%s: schema is not structural: %s", n, c.Message)
				}
			}
			if established {
				break
			}
			select {
			case <-ctx.Done():
				t.Fatalf("%s not established", n)
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
}

// toUnstructured turns a generated object into what the dynamic client
// sends, through its JSON: the Go types and the CRDs must agree.
func toUnstructured(t *testing.T, obj any) *unstructured.Unstructured {
	t.Helper()
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	return u
}

func fromUnstructured(t *testing.T, u *unstructured.Unstructured, into any) {
	t.Helper()
	data, err := u.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		t.Fatalf("read back %s: %v", u.GetName(), err)
	}
}

// TestCRDsOnAPIServer installs the example's CRDs into a real
// kube-apiserver, creates objects from the generated Go types and reads
// them back, and checks that invalid objects are rejected with messages
// naming the field.
func TestCRDsOnAPIServer(t *testing.T) {
	env := kubetest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	installCRDs(t, ctx, env)
	dyn, err := dynamic.NewForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	res := func(gvk schema.GroupVersionKind, plural string) dynamic.ResourceInterface {
		return dyn.Resource(gvk.GroupVersion().WithResource(plural))
	}

	pet := &randomv1alpha1.Pet{TypeMeta: metav1.TypeMeta{APIVersion: randomv1alpha1.GroupVersion.String(), Kind: "Pet"}}
	pet.Name = "pet"
	pet.Spec.ForProvider.Length = ptr(3.0)
	file := &localv1alpha1.File{TypeMeta: metav1.TypeMeta{APIVersion: localv1alpha1.GroupVersion.String(), Kind: "File"}}
	file.Name = "file"
	file.Spec.ForProvider.Filename = ptr("/tmp/pet.txt")
	file.Spec.ForProvider.ContentRef = &resource.Reference{Name: "pet"}
	file.Spec.DeletionPolicy = resource.DeletionOrphan
	sensitive := &localv1alpha1.SensitiveFile{TypeMeta: metav1.TypeMeta{APIVersion: localv1alpha1.GroupVersion.String(), Kind: "SensitiveFile"}}
	sensitive.Name = "secret-file"
	sensitive.Spec.ForProvider.Filename = ptr("/tmp/secret.txt")
	sensitive.Spec.ForProvider.ContentSecretRef = &resource.SecretKeySelector{SecretReference: resource.SecretReference{Name: "content", Namespace: "default"}, Key: "text"}
	password := &randomv1alpha1.Password{TypeMeta: metav1.TypeMeta{APIVersion: randomv1alpha1.GroupVersion.String(), Kind: "Password"}}
	password.Name = "password"
	password.Spec.ForProvider.Length = ptr(16.0)
	password.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "password", Namespace: "default"}

	for _, c := range []struct {
		obj    any
		gvk    schema.GroupVersionKind
		plural string
		into   any
		check  func(t *testing.T)
	}{
		{pet, randomv1alpha1.PetGroupVersionKind, "pets", &randomv1alpha1.Pet{}, nil},
		{file, localv1alpha1.FileGroupVersionKind, "files", &localv1alpha1.File{}, nil},
		{sensitive, localv1alpha1.SensitiveFileGroupVersionKind, "sensitivefiles", &localv1alpha1.SensitiveFile{}, nil},
		{password, randomv1alpha1.PasswordGroupVersionKind, "passwords", &randomv1alpha1.Password{}, nil},
	} {
		u := toUnstructured(t, c.obj)
		if _, err := res(c.gvk, c.plural).Create(ctx, u, metav1.CreateOptions{}); err != nil {
			t.Fatalf("create %s: %v", c.gvk.Kind, err)
		}
		got, err := res(c.gvk, c.plural).Get(ctx, u.GetName(), metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		fromUnstructured(t, got, c.into)
	}

	// What was sent came back, with the CRD's defaults filled in.
	var gotFile localv1alpha1.File
	u, err := res(localv1alpha1.FileGroupVersionKind, "files").Get(ctx, "file", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fromUnstructured(t, u, &gotFile)
	if *gotFile.Spec.ForProvider.Filename != "/tmp/pet.txt" || gotFile.Spec.ForProvider.ContentRef.Name != "pet" {
		t.Errorf("file spec read back as %+v", gotFile.Spec.ForProvider)
	}
	if gotFile.Spec.DeletionPolicy != resource.DeletionOrphan {
		t.Errorf("deletionPolicy = %q, want Orphan", gotFile.Spec.DeletionPolicy)
	}
	if gotFile.Spec.ProviderConfigReference == nil || gotFile.Spec.ProviderConfigReference.Name != "default" {
		t.Errorf("providerConfigRef default not applied: %+v", gotFile.Spec.ProviderConfigReference)
	}
	if len(gotFile.Spec.ManagementPolicies) != 1 || gotFile.Spec.ManagementPolicies[0] != resource.ManagementAll {
		t.Errorf("managementPolicies default not applied: %v", gotFile.Spec.ManagementPolicies)
	}
	var gotPassword randomv1alpha1.Password
	u, err = res(randomv1alpha1.PasswordGroupVersionKind, "passwords").Get(ctx, "password", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fromUnstructured(t, u, &gotPassword)
	if gotPassword.Spec.DeletionPolicy != resource.DeletionDelete || *gotPassword.Spec.ForProvider.Length != 16 {
		t.Errorf("password read back as %+v", gotPassword.Spec)
	}

	// The status subresource takes status.atProvider.
	u.Object["status"] = map[string]any{"atProvider": map[string]any{"id": "none"}}
	if _, err := res(randomv1alpha1.PasswordGroupVersionKind, "passwords").UpdateStatus(ctx, u, metav1.UpdateOptions{}); err != nil {
		t.Errorf("update status: %v", err)
	}

	// Invalid objects: the API server's validation names the field.
	for _, c := range []struct {
		name   string
		gvk    schema.GroupVersionKind
		plural string
		spec   map[string]any
		want   []string
	}{
		{"missing required", localv1alpha1.FileGroupVersionKind, "files",
			map[string]any{"forProvider": map[string]any{"content": "x"}},
			[]string{"spec.forProvider.filename", "Required value"}},
		{"wrong type", randomv1alpha1.PasswordGroupVersionKind, "passwords",
			map[string]any{"forProvider": map[string]any{"length": "sixteen"}},
			[]string{"spec.forProvider.length", "must be of type number"}},
		{"bad enum", randomv1alpha1.PetGroupVersionKind, "pets",
			map[string]any{"forProvider": map[string]any{}, "deletionPolicy": "Sometimes"},
			[]string{"spec.deletionPolicy", "Unsupported value"}},
		{"missing forProvider", randomv1alpha1.PetGroupVersionKind, "pets",
			map[string]any{},
			[]string{"spec.forProvider", "Required value"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := &unstructured.Unstructured{Object: map[string]any{
				"apiVersion": c.gvk.GroupVersion().String(), "kind": c.gvk.Kind,
				"metadata": map[string]any{"name": "invalid"},
				"spec":     c.spec,
			}}
			_, err := res(c.gvk, c.plural).Create(ctx, u, metav1.CreateOptions{})
			if err == nil {
				t.Fatal("the API server accepted it")
			}
			t.Log(err)
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}
