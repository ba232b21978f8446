package controller

import (
	"compress/gzip"
	"context"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	exampleapis "github.com/tfkit/tfkit/examples/jet-provider/apis"
	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	examplecontroller "github.com/tfkit/tfkit/examples/jet-provider/controller"
	"github.com/tfkit/tfkit/internal/kubetest"
	jetconfig "github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/pipeline"
	"github.com/tfkit/tfkit/jet/resource"
	"github.com/tfkit/tfkit/schema"
)

// awsCRDs are the CRDs of every aws 3.3.0 resource (584 kinds; the
// ProviderConfig left out).
func awsCRDs(t *testing.T) []*apiextv1.CustomResourceDefinition {
	t.Helper()
	f, err := os.Open("../pipeline/testdata/providers/aws-3.3.0.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := schema.ReadProviders(zr)
	if err != nil {
		t.Fatal(err)
	}
	p := &jetconfig.Provider{ModulePath: "example.com/provider-aws", RootGroup: "aws.jet.tfkit.dev", Schemas: ps}
	p.AddResourceConfigurator("aws_config_configuration_recorder_status", func(r *jetconfig.Resource) error {
		r.Kind = "RecorderStatus"
		return nil
	})
	files, err := pipeline.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	var crds []*apiextv1.CustomResourceDefinition
	for _, f := range files {
		if !strings.HasPrefix(f.Path, "package/crds/") || strings.HasPrefix(f.Path, "package/crds/aws.jet.tfkit.dev_") {
			continue
		}
		crd := &apiextv1.CustomResourceDefinition{}
		if err := yaml.UnmarshalStrict(f.Data, crd); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		crds = append(crds, crd)
	}
	if len(crds) != 584 {
		t.Fatalf("%d CRDs, want 584", len(crds))
	}
	return crds
}

// createCRDs installs crds, four at a time, and waits until every one is
// established.
func createCRDs(t *testing.T, cfg *rest.Config, crds []*apiextv1.CustomResourceDefinition) {
	t.Helper()
	cs, err := apiextclient.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	work := make(chan *apiextv1.CustomResourceDefinition)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for crd := range work {
				if _, err := cs.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, crd, metav1.CreateOptions{}); err != nil {
					t.Errorf("install %s: %v", crd.Name, err)
				}
			}
		}()
	}
	for _, crd := range crds {
		work <- crd
	}
	close(work)
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	deadline := time.Now().Add(5 * time.Minute)
	for {
		list, err := cs.ApiextensionsV1().CustomResourceDefinitions().List(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		established := 0
		for _, crd := range list.Items {
			for _, c := range crd.Status.Conditions {
				if c.Type == apiextv1.Established && c.Status == apiextv1.ConditionTrue {
					established++
				}
			}
		}
		if established >= len(crds) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d CRDs established", established, len(crds))
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// requestCounter counts the requests of a rest.Config and the bytes of
// their responses.
type requestCounter struct {
	requests, bytes atomic.Int64
}

type countingBody struct {
	rc interface {
		Read([]byte) (int, error)
		Close() error
	}
	n *atomic.Int64
}

func (b countingBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	b.n.Add(int64(n))
	return n, err
}

func (b countingBody) Close() error { return b.rc.Close() }

type countingTransport struct {
	next http.RoundTripper
	c    *requestCounter
}

func (t countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	t.c.requests.Add(1)
	resp, err := t.next.RoundTrip(req)
	if resp != nil && resp.Body != nil {
		resp.Body = countingBody{rc: resp.Body, n: &t.c.bytes}
	}
	return resp, err
}

func (c *requestCounter) take() (int64, int64) {
	return c.requests.Swap(0), c.bytes.Swap(0)
}

// TestInUseCheckCostAWS: the check on the API server before a
// ProviderConfig's in-use finalizer goes, with the 584 kinds of aws 3.3.0
// installed in a real kube-apiserver, asks every kind once per
// ProviderConfig name (metadata only, of one label), then only the kinds
// whose objects ever named it; it stops at the first user found and does
// not take an object whose label is stale (its spec names another
// ProviderConfig) for a user.
func TestInUseCheckCostAWS(t *testing.T) {
	kubetest.SkipShort(t)
	crds := awsCRDs(t)
	env := kubetest.Start(t)
	installCRDs(t, env.Config, "../../examples/jet-provider/package/crds/random.jet.tfkit.dev_pets.yaml")
	start := time.Now()
	createCRDs(t, env.Config, crds)
	t.Logf("584 CRDs established in %v", time.Since(start))

	scheme := testScheme(t, exampleapis.AddToScheme)
	counter := &requestCounter{}
	cfg := rest.CopyConfig(env.Config)
	cfg.QPS, cfg.Burst = 1000, 1000
	cfg.WrapTransport = func(rt http.RoundTripper) http.RoundTripper { return countingTransport{next: rt, c: counter} }
	reader, err := client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	direct := testClient(t, env.Config, scheme)
	// The aws kinds have no Go types here; no object of theirs is ever
	// read, only listed. The Pet kind comes last.
	var pet resource.Registration
	for _, reg := range examplecontroller.Registrations() {
		if reg.TerraformType == "random_pet" {
			pet = reg
		}
	}
	var regs []resource.Registration
	for _, crd := range crds {
		gvk := k8sschema.GroupVersionKind{Group: crd.Spec.Group, Version: crd.Spec.Versions[0].Name, Kind: crd.Spec.Names.Kind}
		regs = append(regs, resource.Registration{Kind: gvk, New: pet.New})
	}
	regs = append(regs, pet)
	r := &providerConfigStatus{reader: reader, scheme: scheme, users: regs, usage: newUsage()}
	ctx := context.Background()
	// A manager's caches list every kind before its controllers start,
	// which is when the API server sets up the storage of a CRD (a
	// quarter of a second for an aws kind): so does this test, four at a
	// time, before it measures.
	start = time.Now()
	work := make(chan resource.Registration)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for reg := range work {
				list := &metav1.PartialObjectMetadataList{}
				list.SetGroupVersionKind(reg.Kind.GroupVersion().WithKind(reg.Kind.Kind + "List"))
				if err := reader.List(ctx, list, client.Limit(1)); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	for _, reg := range regs {
		work <- reg
	}
	close(work)
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	t.Logf("every kind listed once in %v", time.Since(start))
	counter.take()

	check := func(name, want string, maxRequests int64) {
		t.Helper()
		start := time.Now()
		got, err := r.userOnServer(ctx, name)
		took := time.Since(start)
		requests, bytes := counter.take()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("user of %q on the API server: %q, want %q", name, got, want)
		}
		if requests > maxRequests {
			t.Errorf("the check of %q made %d requests, want at most %d", name, requests, maxRequests)
		}
		t.Logf("check of %q: %d requests, %d response bytes, %v", name, requests, bytes, took)
	}

	// No user anywhere: every kind once, then none that never named it.
	check("default", "", int64(len(regs)))
	check("default", "", 0)

	// A Pet whose label is stale: its spec names another ProviderConfig.
	stale := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "stale", Labels: map[string]string{LabelProviderConfig: "default"}}}
	stale.Spec.ProviderConfigReference = &resource.Reference{Name: "other"}
	if err := direct.Create(ctx, stale); err != nil {
		t.Fatal(err)
	}
	r.usage.note("default", len(regs)-1)
	check("default", "", 2)

	// A user: found at once in the kind that named it.
	user := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "user", Labels: map[string]string{LabelProviderConfig: "default"}}}
	if err := direct.Create(ctx, user); err != nil {
		t.Fatal(err)
	}
	check("default", "Pet/user", 3)

	// Another name is asked of every kind once too, and stops at the
	// first user.
	other := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: "o", Labels: map[string]string{LabelProviderConfig: "other"}}}
	other.Spec.ProviderConfigReference = &resource.Reference{Name: "other"}
	if err := direct.Create(ctx, other); err != nil {
		t.Fatal(err)
	}
	check("other", "Pet/o", int64(len(regs))+1)
}
