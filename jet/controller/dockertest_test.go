package controller

import (
	"os"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	jetconfig "github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/pipeline"
	"github.com/tfkit/tfkit/schema"
)

// dockerTestProvider is the jet configuration of internal/dockertest: the
// docker provider's docker_volume as Volume in docker.jettest.tfkit.dev,
// for tests of a provider whose source is not hashicorp's and whose
// provider block has arguments (host), and random_uuid as UUID in
// random.jettest.tfkit.dev, for an API of two providers; random_integer
// and random_shuffle with their result sensitive, a number and a list in
// the connection Secret; docker_volume's labels.value, a reference in
// nested blocks, to a UUID.
func dockerTestProvider(t testing.TB) *jetconfig.Provider {
	t.Helper()
	var ps []*schema.Provider
	for _, name := range []string{"../config/testdata/docker-4.6.0.json", "../../examples/jet-provider/config/schemas/random-3.9.0.json"} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := schema.ReadProviders(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p...)
	}
	p := &jetconfig.Provider{
		ModulePath: "github.com/tfkit/tfkit/jet/controller/internal/dockertest",
		RootGroup:  "jettest.tfkit.dev",
		GroupKind:  jetconfig.GroupFromProviderName,
		Include:    []string{"docker_volume", "random_uuid", "random_integer", "random_shuffle"},
		Schemas:    ps,
	}
	// A reference in a set of blocks: a label's value is a UUID's id.
	p.AddResourceConfigurator("docker_volume", func(r *jetconfig.Resource) error {
		r.References["labels.value"] = jetconfig.Reference{TerraformType: "random_uuid"}
		return nil
	})
	// A number and a list in the connection Secret.
	for _, typ := range []string{"random_integer", "random_shuffle"} {
		p.AddResourceConfigurator(typ, func(r *jetconfig.Resource) error {
			r.Sensitive.Fields = append(r.Sensitive.Fields, "result")
			return nil
		})
	}
	return p
}

// TestDockerTestProviderUpToDate: internal/dockertest is what the
// pipeline generates for dockerTestProvider (go test -update rewrites it).
func TestDockerTestProviderUpToDate(t *testing.T) {
	files, err := pipeline.Generate(dockerTestProvider(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	for _, f := range files {
		want[f.Path] = f.Data
	}
	golden.CheckTree(t, "internal/dockertest", want)
}
