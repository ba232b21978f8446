package controller

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/kubetest"
	dockerapis "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis"
	dockerrandomv1alpha1 "github.com/tfkit/tfkit/jet/controller/internal/dockertest/apis/random/v1alpha1"
	dockercontroller "github.com/tfkit/tfkit/jet/controller/internal/dockertest/controller"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestConnectionDetails: the connection Secret holds every attribute as
// its consumer reads it, whatever its type: numbers in decimal (not
// Go's 8080 or 1e+21), bools, and lists, sets, maps and objects as compact
// JSON with sorted keys (not Go's map[a:b] or [x y]); blocks' attributes
// once per block, the index in the key.
func TestConnectionDetails(t *testing.T) {
	// The attributes as the state's JSON decodes (terraform show -json).
	const state = `{
		"password": "s3cr3t",
		"port": 8080,
		"ratio": 0.5,
		"big": 1e21,
		"negative": -3,
		"enabled": true,
		"hosts": ["b.example", "a.example"],
		"labels": {"z": "last", "a": "first", "url": "https://x?a=1&b=<2>"},
		"endpoint": {"port": 5432, "host": "db", "tls": false, "tags": null},
		"empty_list": [],
		"unset": null,
		"kube_config": [{"password": "p0", "port": 1}, {"password": "p1"}],
		"single": {"token": "t"}
	}`
	var attrs map[string]any
	if err := json.Unmarshal([]byte(state), &attrs); err != nil {
		t.Fatal(err)
	}
	mapping := map[string]string{}
	for _, a := range []string{"password", "port", "ratio", "big", "negative", "enabled", "hosts", "labels", "endpoint",
		"empty_list", "unset", "missing", "kube_config.password", "kube_config.port", "single.token", "password.nested"} {
		mapping[a] = "attribute." + a
	}
	mapping["port"] = "custom-port"
	got, err := connectionDetails(attrs, mapping)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"attribute.password":               "s3cr3t",
		"custom-port":                      "8080",
		"attribute.ratio":                  "0.5",
		"attribute.big":                    "1000000000000000000000",
		"attribute.negative":               "-3",
		"attribute.enabled":                "true",
		"attribute.hosts":                  `["b.example","a.example"]`,
		"attribute.labels":                 `{"a":"first","url":"https://x?a=1&b=<2>","z":"last"}`,
		"attribute.endpoint":               `{"host":"db","port":5432,"tags":null,"tls":false}`,
		"attribute.empty_list":             `[]`,
		"attribute.kube_config.0.password": "p0",
		"attribute.kube_config.1.password": "p1",
		"attribute.kube_config.0.port":     "1",
		"attribute.single.token":           "t",
	}
	for k, v := range want {
		if string(got[k]) != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected key %s = %q", k, got[k])
		}
	}
	if t.Failed() {
		t.Logf("keys: %v", slices.Sorted(maps.Keys(got)))
	}

	// The same state gives the same bytes (map order is random).
	for range 20 {
		again, err := connectionDetails(attrs, mapping)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.EqualFunc(got, again, func(a, b []byte) bool { return string(a) == string(b) }) {
			t.Fatalf("second run differs: %q vs %q", again, got)
		}
	}

	// A value JSON cannot hold is an error naming the key and attribute,
	// never a panic.
	_, err = connectionDetails(map[string]any{"f": func() {}}, map[string]string{"f": "attribute.f"})
	if err == nil || err.Error() != "connection Secret key attribute.f: attribute f: json: unsupported type: func()" {
		t.Errorf("error = %v", err)
	}
}

// TestConnectionSecretValues: on a real API server, with the real engine
// and random provider, the connection Secret of a random_integer whose
// result is sensitive holds the number as written in decimal (Go's
// formatting gave 1.2345678e+07), and the one of a random_shuffle its
// list as JSON (Go's gave [<a> b & c d]).
func TestConnectionSecretValues(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	engine := enginetest.Engine(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	installCRDs(t, env.Config, "internal/dockertest/package/crds/random.jettest.tfkit.dev_integers.yaml",
		"internal/dockertest/package/crds/random.jettest.tfkit.dev_shuffles.yaml")
	scheme := testScheme(t, dockerapis.AddToScheme)
	mgr := testManager(t, env.Config, ctrl.Options{Scheme: scheme})
	var regs []resource.Registration
	for _, reg := range dockercontroller.Registrations() {
		if reg.TerraformType == "random_integer" || reg.TerraformType == "random_shuffle" {
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
	secret := func(name string) map[string][]byte {
		t.Helper()
		var s corev1.Secret
		h.waitFor(t, "Secret "+name, func() (bool, string) {
			err := c.Get(ctx, client.ObjectKey{Namespace: "default", Name: name}, &s)
			return err == nil && len(s.Data) > 0, fmt.Sprint(err)
		})
		return s.Data
	}

	n := 12345678.0
	i := &dockerrandomv1alpha1.Integer{ObjectMeta: metav1.ObjectMeta{Name: "port"}}
	i.Spec.ForProvider.Min, i.Spec.ForProvider.Max = &n, &n
	i.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "port-conn", Namespace: "default"}
	h.create(t, i)
	h.waitReady(t, i)
	if got := string(secret("port-conn")["attribute.result"]); got != "12345678" {
		t.Errorf("attribute.result of the Integer = %q, want 12345678", got)
	}

	input := []string{"b & c", "<a>", "d"}
	seed := "fixed"
	s := &dockerrandomv1alpha1.Shuffle{ObjectMeta: metav1.ObjectMeta{Name: "order"}}
	s.Spec.ForProvider.Input, s.Spec.ForProvider.Seed = input, &seed
	s.Spec.WriteConnectionSecretToRef = &resource.SecretReference{Name: "order-conn", Namespace: "default"}
	h.create(t, s)
	h.waitReady(t, s)
	got := string(secret("order-conn")["attribute.result"])
	var list []string
	if err := json.Unmarshal([]byte(got), &list); err != nil {
		t.Fatalf("attribute.result of the Shuffle = %q, want a JSON list: %v", got, err)
	}
	// Compact, and & < > as they are (no \u0026).
	if want := `["` + strings.Join(list, `","`) + `"]`; got != want {
		t.Errorf("attribute.result of the Shuffle = %q, want %q", got, want)
	}
	if slices.Sort(list); !slices.Equal(list, []string{"<a>", "b & c", "d"}) {
		t.Errorf("attribute.result of the Shuffle = %q, want the input's elements", got)
	}
}
