package controller

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	"github.com/tfkit/tfkit/jet/resource"
)

// namedFile is a File configured as NameAsIdentifier("filename"): the
// external name is the filename.
type namedFile struct{ localv1alpha1.File }

func (*namedFile) GetExternalName() resource.ExternalName {
	return resource.ExternalName{NameArgument: "filename"}
}

// TestNameArgument: the name argument of a kind whose name is its identity
// is the external name (the object's name when there is none yet), and
// after create the external name is read back from it, not from the id.
func TestNameArgument(t *testing.T) {
	newNamed := func() resource.Terraformed { return &namedFile{} }
	r := &Reconciler{reg: resource.Registration{TerraformType: "local_file", New: newNamed}}
	mg := &namedFile{localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "notes.txt"}}}
	content := "x"
	mg.Spec.ForProvider.Content = &content
	params, _, err := r.arguments(context.Background(), mg)
	if err != nil {
		t.Fatal(err)
	}
	if params["filename"] != "notes.txt" || params["content"] != "x" {
		t.Errorf("parameters without an external name = %v", params)
	}
	mg.SetAnnotations(map[string]string{resource.AnnotationExternalName: "/srv/notes.txt"})
	if params, _, _ = r.arguments(context.Background(), mg); params["filename"] != "/srv/notes.txt" {
		t.Errorf("parameters with an external name = %v", params)
	}
	name, err := r.externalName(map[string]any{"id": "da39a3ee", "filename": "/srv/notes.txt"})
	if err != nil || name != "/srv/notes.txt" {
		t.Errorf("externalName = %q, %v; want the filename", name, err)
	}
	if _, err := r.externalName(map[string]any{"id": "da39a3ee"}); err == nil {
		t.Error("externalName of a state without the name argument did not fail")
	}
}

// TestExtractPath: a reference can extract an annotation, whose name has
// dots, such as the external name.
func TestExtractPath(t *testing.T) {
	for in, want := range map[string]string{
		"status.atProvider.id":                              "status|atProvider|id",
		`metadata.annotations.crossplane\.io/external-name`: "metadata|annotations|crossplane.io/external-name",
	} {
		if got := strings.Join(extractPath(in), "|"); got != want {
			t.Errorf("extractPath(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestFillSecrets: a sensitive argument inside a list of blocks (docker
// auth.password) is read for every block that selects a Secret, and a
// missing Secret is reported at the element's path.
func TestFillSecrets(t *testing.T) {
	params := map[string]any{"auth": []any{
		map[string]any{"server_address": "a.example"},
		map[string]any{"server_address": "b.example"},
	}}
	fp := map[string]any{"auth": []any{
		map[string]any{"serverAddress": "a.example", "passwordSecretRef": map[string]any{"name": "a", "namespace": "ns", "key": "pw"}},
		map[string]any{"serverAddress": "b.example"},
	}}
	read := func(path string, sel map[string]any) (string, error) {
		if sel["name"] != "a" {
			return "", errors.New(path + ": no such Secret")
		}
		return "secret-a", nil
	}
	if err := fillSecrets(params, fp, []string{"auth", "password"}, []string{"auth[*]", "passwordSecretRef"}, "spec.forProvider", read); err != nil {
		t.Fatal(err)
	}
	blocks := params["auth"].([]any)
	if got := blocks[0].(map[string]any)["password"]; got != "secret-a" {
		t.Errorf("auth[0].password = %v", got)
	}
	if _, ok := blocks[1].(map[string]any)["password"]; ok {
		t.Error("auth[1] got a password it selects no Secret for")
	}
	fp["auth"].([]any)[1].(map[string]any)["passwordSecretRef"] = map[string]any{"name": "b"}
	err := fillSecrets(params, fp, []string{"auth", "password"}, []string{"auth[*]", "passwordSecretRef"}, "spec.forProvider", read)
	if err == nil || !strings.HasPrefix(err.Error(), "spec.forProvider.auth[1].passwordSecretRef: ") {
		t.Errorf("error = %v, want one naming spec.forProvider.auth[1].passwordSecretRef", err)
	}
}

// TestWaitDelay: an object waiting for a reference is looked at again
// after 2 s, 4 s, ... up to 30 s; the count starts again once it stops
// waiting, and a steady wait stays at 2 s.
func TestWaitDelay(t *testing.T) {
	r := &Reconciler{}
	name := types.NamespacedName{Name: "a"}
	var got []time.Duration
	for range 6 {
		got = append(got, r.waitDelay(name, false))
	}
	want := []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second}
	if !slices.Equal(got, want) {
		t.Errorf("delays %v, want %v", got, want)
	}
	if d := r.waitDelay(types.NamespacedName{Name: "b"}, false); d != 2*time.Second {
		t.Errorf("another object's first wait: %v", d)
	}
	if d := r.waitDelay(name, true); d != 2*time.Second {
		t.Errorf("steady wait: %v", d)
	}
	r.forgetWait(name)
	if d := r.waitDelay(name, false); d != 2*time.Second {
		t.Errorf("after the wait ended: %v", d)
	}
}
