package config

import (
	"context"
	"os"
	"strings"
	"testing"

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
