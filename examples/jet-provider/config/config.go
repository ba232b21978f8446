// Package config is the jet configuration of the example provider: the
// random, local, time and null Terraform providers as Kubernetes kinds in
// the groups random, local, time and null.jet.tfkit.dev.
package config

import (
	"bytes"
	"embed"
	"fmt"

	"github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/schema"
)

// ModulePath is the Go import path the generated code lives under.
const ModulePath = "github.com/tfkit/tfkit/examples/jet-provider"

//go:embed schemas/*.json
var schemas embed.FS

// providerVersions are the providers of the API and the versions their
// schemas (schemas/<name>-<version>.json) were read from, with
// `terraform providers schema -json` in a directory whose lock file
// selected that version.
var providerVersions = []struct{ name, version string }{
	{"random", "3.9.0"},
	{"local", "2.9.0"},
	{"time", "0.14.2"},
	{"null", "2.1.2"},
}

// Provider returns the example's configuration.
func Provider() (*config.Provider, error) {
	p := &config.Provider{
		ModulePath: ModulePath,
		RootGroup:  "jet.tfkit.dev",
		// random_password → group random, kind Password: these providers
		// name their resources <provider>_<thing>.
		GroupKind: config.GroupFromProviderName,
		Include:   []string{"random_.*", "local_file", "local_sensitive_file", "time_.*", "null_resource"},
		// random_bytes has no id, and its identity (the import ID) is
		// its own base64 value, a secret: no external name fits it.
		Exclude: []string{"random_bytes"},
	}
	// Each schema was read from one version of its provider; the
	// workspaces of its kinds require exactly that version
	// (ProviderVersions), so that a manager whose engine has another one
	// says so instead of running a provider the API was not made from.
	p.ProviderVersions = map[string]string{}
	for _, pv := range providerVersions {
		name := pv.name + "-" + pv.version
		data, err := schemas.ReadFile("schemas/" + name + ".json")
		if err != nil {
			return nil, err
		}
		ps, err := schema.ReadProviders(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		p.Schemas = append(p.Schemas, ps...)
		p.ProviderVersions[pv.name] = pv.version
	}

	// Provider-wide: the keepers and triggers maps only ever come from
	// the manifest, never from the observed state.
	p.AddConfigurator(func(r *config.Resource) error {
		for _, name := range []string{"keepers", "triggers"} {
			if r.Schema.Block.Attribute(name) != nil {
				r.LateInitializer.IgnoredFields = append(r.LateInitializer.IgnoredFields, name)
			}
		}
		return nil
	})

	// The generated password (a sensitive output) goes to the connection
	// Secret as attribute.result; this adds a plain "password" key too,
	// computed when the controller writes the Secret.
	p.AddResourceConfigurator("random_password", func(r *config.Resource) error {
		r.Sensitive.AdditionalConnectionDetailsFn = func(attrs map[string]any) (map[string][]byte, error) {
			s, _ := attrs["result"].(string)
			return map[string][]byte{"password": []byte(s)}, nil
		}
		return nil
	})

	// A file's content can come from a Pet: spec.forProvider.contentRef
	// names a Pet whose status.atProvider.id becomes the content.
	p.AddResourceConfigurator("local_file", func(r *config.Resource) error {
		r.References["content"] = config.Reference{TerraformType: "random_pet", Extract: "status.atProvider.id"}
		return nil
	})
	// A shuffle's input can be Pets: spec.forProvider.inputRefs names
	// them, or inputSelector selects every Pet with its labels; their
	// ids become the list.
	p.AddResourceConfigurator("random_shuffle", func(r *config.Resource) error {
		r.References["input"] = config.Reference{TerraformType: "random_pet"}
		return nil
	})
	return p, nil
}
