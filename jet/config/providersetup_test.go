package config

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/jet/resource"
	"github.com/tfkit/tfkit/schema"
)

func dockerSchema(t *testing.T) *schema.Provider {
	t.Helper()
	f, err := os.Open("testdata/docker-4.6.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	return ps[0]
}

// TestDefaultTerraformSetup: the credentials are a JSON object of
// arguments; every other content is refused with a message that never
// quotes it.
func TestDefaultTerraformSetup(t *testing.T) {
	ctx := context.Background()
	args, err := DefaultTerraformSetup(ctx, TerraformSetupRequest{Source: resource.CredentialsNone, Credentials: []byte("ignored")})
	if err != nil || args != nil {
		t.Fatalf("source None: %v, %v", args, err)
	}
	args, err = DefaultTerraformSetup(ctx, TerraformSetupRequest{Source: resource.CredentialsSecret, Credentials: []byte(`{"host": "unix:///x.sock", "ssh_opts": ["-i", "k"]}`)})
	if err != nil || args["host"] != "unix:///x.sock" {
		t.Fatalf("got %v, %v", args, err)
	}
	const secret = "s3cr3t-value"
	for in, want := range map[string]string{
		`{"host": "` + secret + `"`:        "ends early",
		`{"host": ` + secret + `}`:         "not valid JSON (error at byte 10)",
		`"` + secret + `"`:                 "is a JSON string, not an object",
		`[1]`:                              "is a JSON array",
		``:                                 "is empty",
		`{"a": 1} {"b": "` + secret + `"}`: "more than one JSON value",
	} {
		_, err := DefaultTerraformSetup(ctx, TerraformSetupRequest{Source: resource.CredentialsSecret, Credentials: []byte(in)})
		if err == nil {
			t.Errorf("%s: no error", in)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %q does not contain %q", in, err, want)
		}
		if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "s3cr") {
			t.Errorf("%s: error %q quotes the credentials", in, err)
		}
	}
}

// TestCheckProviderArguments checks arguments against the docker
// provider's real provider block.
func TestCheckProviderArguments(t *testing.T) {
	p := dockerSchema(t)
	for _, tc := range []struct {
		args string
		want []string // one substring per diagnostic, in order
	}{
		{`{"host": "unix:///x.sock"}`, nil},
		{`{}`, nil},
		{`{"host": "tcp://h:2376", "ssh_opts": ["-o", "X=1"], "disable_docker_daemon_check": true, "registry_auth": [{"address": "r.example.org", "username": "u"}]}`, nil},
		{`{"registry_auth": {"address": "r.example.org"}}`, nil},
		{`{"hots": "unix:///x.sock"}`, []string{`the provider has no argument "hots" (at hots)` + "\n  hint: did you mean \"host\"?"}},
		{`{"zzzzzzzzzzzz": 1}`, []string{`the provider's arguments are "ca_material", "cert_material"`}},
		{`{"disable_docker_daemon_check": "maybe"}`, []string{`argument "disable_docker_daemon_check" must be bool`}},
		{`{"ssh_opts": "-i k"}`, []string{`argument "ssh_opts" must be list of string`}},
		{`{"registry_auth": [{"username": "u", "adress": "x"}]}`, []string{
			`no argument "registry_auth[0].adress"`, `did you mean "address"?`,
		}},
		{`{"registry_auth": [{"username": "u"}]}`, []string{`the required argument "registry_auth[0].address" is missing`}},
		{`{"registry_auth": "r"}`, []string{`block "registry_auth" must be a JSON array of objects`}},
	} {
		args, err := DecodeProviderArguments([]byte(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		ds := CheckProviderArguments(p, args)
		if len(tc.want) == 0 {
			if len(ds) > 0 {
				t.Errorf("%s: %v", tc.args, ds)
			}
			continue
		}
		if len(ds) == 0 {
			t.Errorf("%s: no diagnostics", tc.args)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(ds.Error(), w) {
				t.Errorf("%s: %q does not contain %q", tc.args, ds.Error(), w)
			}
		}
	}
}

// TestBuildSetsTerraformSetup: every resource gets the provider's setup
// function, or the default.
func TestBuildSetsTerraformSetup(t *testing.T) {
	p := &Provider{ModulePath: "example.com/p", RootGroup: "docker.example.org", Schemas: []*schema.Provider{dockerSchema(t)}}
	rs, ds := p.Build()
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	args, err := rs[0].TerraformSetup(context.Background(), TerraformSetupRequest{Source: resource.CredentialsSecret, Credentials: []byte(`{"host": "h"}`)})
	if err != nil || args["host"] != "h" {
		t.Fatalf("default setup: %v, %v", args, err)
	}
	p.TerraformSetup = func(context.Context, TerraformSetupRequest) (map[string]any, error) {
		return map[string]any{"host": "mine"}, nil
	}
	rs, _ = p.Build()
	if args, _ := rs[0].TerraformSetup(context.Background(), TerraformSetupRequest{}); args["host"] != "mine" {
		t.Fatalf("Provider.TerraformSetup not used: %v", args)
	}
}

// TestSetupOfSeveralProviders: in an API of several providers each one
// gets only the arguments the credentials hold for it, by its name or
// source address; a provider they do not name gets none, and arguments not
// under a provider's name (meant for one, given to all) are refused
// without quoting a value.
func TestSetupOfSeveralProviders(t *testing.T) {
	docker := dockerSchema(t)
	random := &schema.Provider{Source: "registry.terraform.io/hashicorp/random", Resources: []*schema.Resource{{Type: "random_uuid", Block: &schema.Block{
		Attributes: []*schema.Attribute{{Name: "id", Type: cty.String, Computed: true}},
	}}}}
	p := &Provider{ModulePath: "example.com/p", RootGroup: "example.org", Include: []string{"docker_volume", "random_uuid"},
		Schemas: []*schema.Provider{docker, random, {Source: "registry.terraform.io/hashicorp/null"}}}
	rs, ds := p.Build()
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, r := range rs {
		// null has no included resource: not a provider of the API.
		if len(r.APIProviders) != 2 || r.APIProviders[0] != docker || r.APIProviders[1] != random {
			t.Fatalf("%s: APIProviders %v", r.TerraformType, r.APIProviders)
		}
	}
	ctx := context.Background()
	setup := func(creds string, prov *schema.Provider) (map[string]any, error) {
		return DefaultTerraformSetup(ctx, TerraformSetupRequest{Source: resource.CredentialsSecret, Credentials: []byte(creds), Provider: prov, Providers: rs[0].APIProviders})
	}
	both := `{"docker": {"host": "unix:///d.sock"}, "random": {}}`
	if args, err := setup(both, docker); err != nil || len(args) != 1 || args["host"] != "unix:///d.sock" {
		t.Errorf("docker: %v, %v", args, err)
	}
	if args, err := setup(both, random); err != nil || len(args) != 0 {
		t.Errorf("random: %v, %v", args, err)
	}
	if args, err := setup(`{"registry.terraform.io/kreuzwerker/docker": {"host": "h"}}`, docker); err != nil || args["host"] != "h" {
		t.Errorf("by source address: %v, %v", args, err)
	}
	if args, err := setup(`{"docker": {"host": "h"}}`, random); err != nil || args != nil {
		t.Errorf("a provider not named: %v, %v", args, err)
	}
	const secret = "s3cr3t"
	for creds, want := range map[string]string{
		`{"host": "` + secret + `"}`:             `hold "host", which is no provider of this API: with several providers they hold the arguments of each by its name, such as {"docker": {...}}; the providers are "docker", "random"`,
		`{"dokcer": {"host": "` + secret + `"}}`: `hold "dokcer", which is no provider of this API (did you mean "docker"?)`,
		`{"docker": "` + secret + `"}`:           `hold a JSON string for provider "docker", not an object of its arguments`,
	} {
		_, err := setup(creds, docker)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), secret) {
			t.Errorf("%s: %v, want %q", creds, err, want)
		}
	}
	// One provider: the object is its arguments, as before.
	if args, err := DefaultTerraformSetup(ctx, TerraformSetupRequest{Source: resource.CredentialsSecret, Credentials: []byte(`{"host": "h"}`), Provider: docker, Providers: []*schema.Provider{docker}}); err != nil || args["host"] != "h" {
		t.Errorf("one provider: %v, %v", args, err)
	}
}
