package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/tfkit/tfkit/internal/kubetest"
	"github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/schema"
)

// bigProvider configures one resource, big_thing, whose argument has a
// description of n bytes: it is in spec.forProvider, spec.initProvider and
// status.atProvider of the CRD.
func bigProvider(t testing.TB, n int) *config.Provider {
	t.Helper()
	doc := fmt.Sprintf(`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/example/big":{"provider":{"version":0,"block":{}},"resource_schemas":{
"big_thing":{"version":0,"block":{"attributes":{
 "id":{"type":"string","optional":true,"computed":true},
 "note":{"type":"string","optional":true,"description":%q}}}}}}}}`, strings.Repeat("x", n))
	ps, err := schema.ReadProviders(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	return &config.Provider{ModulePath: "example.com/provider-big", RootGroup: "big.example.org", GroupKind: config.GroupFromProviderName, Schemas: ps}
}

// crdOf generates p and returns its one managed kind's CRD as compact
// JSON, or the error of the generation.
func crdOf(t *testing.T, p *config.Provider) ([]byte, error) {
	t.Helper()
	files, err := Generate(p)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if f.Path == "package/crds/big.big.example.org_things.yaml" {
			return yaml.YAMLToJSON(f.Data)
		}
	}
	t.Fatal("no CRD of big_thing")
	return nil, nil
}

// TestCRDSizeLimit: a kind whose CRD would come within 5% of the 1.5 MiB
// the API server stores per object is not generated, with an error naming
// the kind, the resource type, the size and the fix; one just under that
// is generated, and installs into a real kube-apiserver.
func TestCRDSizeLimit(t *testing.T) {
	// The CRD grows by three bytes per byte of the description.
	small, err := crdOf(t, bigProvider(t, 1000))
	if err != nil {
		t.Fatal(err)
	}
	fits := 1000 + (crdLimit-len(small))/3
	data, err := crdOf(t, bigProvider(t, fits))
	if err != nil {
		t.Fatalf("a CRD of about %d bytes: %v", crdLimit, err)
	}
	if len(data) > crdLimit || len(data) < crdLimit-10 {
		t.Fatalf("the CRD has %d bytes, want just under %d", len(data), crdLimit)
	}

	_, err = crdOf(t, bigProvider(t, fits+10))
	want := fmt.Sprintf("pipeline: the CRD things.big.big.example.org of kind Thing (big_thing) is %d bytes as JSON (1.43 MiB), more than %d, 95%% of the 1.5 MiB the API server can store per object in etcd", len(data)+30, crdLimit)
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), "leave big_thing out (add it to Provider.Exclude)") {
		t.Errorf("error = %v\nwant it to start with %s", err, want)
	}

	kubetest.SkipShort(t)
	crd := &apiextv1.CustomResourceDefinition{}
	if err := json.Unmarshal(data, crd); err != nil {
		t.Fatal(err)
	}
	env := kubetest.Start(t)
	cs, err := apiextclient.NewForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := cs.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, crd, metav1.CreateOptions{}); err != nil {
		t.Fatalf("the API server refuses a CRD of %d bytes: %v", len(data), err)
	}
	// Beyond etcd's limit, the refusal the check prevents.
	over := crd.DeepCopy()
	over.Name, over.Spec.Names.Plural, over.Spec.Names.Singular = "bigthings.big.big.example.org", "bigthings", "bigthing"
	over.Spec.Names.Kind, over.Spec.Names.ListKind = "BigThing", "BigThingList"
	over.Spec.Versions[0].Schema.OpenAPIV3Schema.Description = strings.Repeat("y", etcdObjectLimit-crdLimit+1000)
	if _, err := cs.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, over, metav1.CreateOptions{}); err == nil || !strings.Contains(err.Error(), "request is too large") {
		t.Errorf("a CRD beyond 1.5 MiB: %v, want etcdserver: request is too large", err)
	}
}
