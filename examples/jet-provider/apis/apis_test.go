package apis_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/tfkit/tfkit/examples/jet-provider/apis"
	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	"github.com/tfkit/tfkit/examples/jet-provider/controller"
	"github.com/tfkit/tfkit/jet/resource"
)

func ptr[T any](v T) *T { return &v }

// TestTerraformRoundTrip converts a File's parameters to Terraform JSON
// and back: snake_case names, secret and reference fields left out.
func TestTerraformRoundTrip(t *testing.T) {
	f := &localv1alpha1.File{}
	f.Spec.ForProvider = localv1alpha1.FileParameters{
		Filename:       ptr("/tmp/x"),
		Content:        ptr("hello"),
		FilePermission: ptr("0600"),
		ContentRef:     &resource.Reference{Name: "pet"},
	}
	params, err := f.GetParameters()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"filename": "/tmp/x", "content": "hello", "file_permission": "0600"}
	if !reflect.DeepEqual(params, want) {
		t.Errorf("GetParameters = %v, want %v", params, want)
	}
	var back localv1alpha1.File
	if err := back.SetParameters(params); err != nil {
		t.Fatal(err)
	}
	f.Spec.ForProvider.ContentRef = nil
	if !reflect.DeepEqual(back.Spec.ForProvider, f.Spec.ForProvider) {
		t.Errorf("round trip: %+v, want %+v", back.Spec.ForProvider, f.Spec.ForProvider)
	}

	// State attributes: unknown ones are ignored, known ones land in
	// status.atProvider; a wrong type names the attribute.
	p := &randomv1alpha1.Password{}
	if err := p.SetObservation(map[string]any{"id": "none", "bcrypt_hash": "x", "result": "secret"}); err != nil {
		t.Fatal(err)
	}
	if p.Status.AtProvider.ID == nil || *p.Status.AtProvider.ID != "none" {
		t.Errorf("atProvider.id = %v", p.Status.AtProvider.ID)
	}
	err = (&randomv1alpha1.Integer{}).SetParameters(map[string]any{"max": "ten"})
	if err == nil || err.Error() != "max: Terraform value of type string does not fit float64" {
		t.Errorf("wrong type: %v", err)
	}
}

// TestSensitive checks where the example's sensitive fields went.
func TestSensitive(t *testing.T) {
	p := &randomv1alpha1.Password{}
	if got := p.GetConnectionDetailsMapping(); got["result"] != "attribute.result" {
		t.Errorf("random_password connection details = %v", got)
	}
	if _, ok := reflect.TypeOf(p.Status.AtProvider).FieldByName("Result"); ok {
		t.Error("random_password's result is in status")
	}
	sf := &localv1alpha1.SensitiveFile{}
	if got := sf.GetSensitiveParameters(); got["content"] != "spec.forProvider.contentSecretRef" {
		t.Errorf("local_sensitive_file sensitive parameters = %v", got)
	}
	sf.Spec.ForProvider.ContentSecretRef = &resource.SecretKeySelector{SecretReference: resource.SecretReference{Name: "s", Namespace: "ns"}, Key: "k"}
	raw, _ := json.Marshal(sf.Spec.ForProvider)
	if string(raw) != `{"contentSecretRef":{"name":"s","namespace":"ns","key":"k"},"filename":null}` {
		t.Errorf("JSON = %s", raw)
	}
}

// TestScheme registers every kind and deep-copies each.
func TestScheme(t *testing.T) {
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	regs := controller.Registrations()
	if len(regs) != 16 {
		t.Errorf("%d registrations", len(regs))
	}
	for _, r := range regs {
		obj := r.New()
		gvks, _, err := s.ObjectKinds(obj)
		if err != nil || len(gvks) != 1 || gvks[0] != r.Kind {
			t.Errorf("%s: kinds %v, %v; want %v", r.TerraformType, gvks, err, r.Kind)
		}
		if obj.GetTerraformResourceType() != r.TerraformType {
			t.Errorf("%s: resource type %s", r.TerraformType, obj.GetTerraformResourceType())
		}
		obj.SetName("x")
		cp := obj.DeepCopyObject().(resource.Terraformed)
		cp.SetName("y")
		if obj.GetName() != "x" {
			t.Errorf("%s: deep copy shares metadata", r.TerraformType)
		}
	}
}
