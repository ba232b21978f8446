package controller

import (
	"fmt"
	"strings"

	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"

	jetconfig "github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/resource"
)

// configurations matches the built configuration of Options.Resources to
// the registrations by kind. A Terraform type is no key: two APIs in one
// manager (or one API generated at two versions) can both have
// random_pet, each with its own configurators, provider schema and
// credentials setup. What cannot be matched without guessing is refused,
// naming the entries and the fix: an entry Build did not make, a kind
// given twice, a kind whose Terraform type is not the registration's (the
// generated code is older than the configuration), and, when any
// configuration is given, a registration without one.
func configurations(regs []resource.Registration, rs []*jetconfig.Resource) (map[k8sschema.GroupVersionKind]*jetconfig.Resource, error) {
	out := map[k8sschema.GroupVersionKind]*jetconfig.Resource{}
	if len(rs) == 0 {
		return out, nil
	}
	index := map[k8sschema.GroupVersionKind]int{}
	var errs []string
	for i, r := range rs {
		if r == nil {
			errs = append(errs, fmt.Sprintf("Options.Resources[%d] is nil", i))
			continue
		}
		gvk := r.GroupVersionKind()
		if gvk.Empty() {
			errs = append(errs, fmt.Sprintf("Options.Resources[%d] (%s) names no kind: pass the resources config.Provider.Build returns, not ones made by hand", i, r.TerraformType))
			continue
		}
		if j, dup := index[gvk]; dup {
			errs = append(errs, fmt.Sprintf("Options.Resources[%d] (%s) and Options.Resources[%d] (%s) are both kind %s: pass each Provider.Build result once, and give two APIs of one manager different Provider.RootGroup values",
				j, describe(rs[j]), i, describe(r), kindName(gvk)))
			continue
		}
		index[gvk] = i
		out[gvk] = r
	}
	for _, reg := range regs {
		r, ok := out[reg.Kind]
		switch {
		case !ok:
			errs = append(errs, fmt.Sprintf("Options.Resources has no configuration for kind %s (%s): append the Provider.Build result of its API", kindName(reg.Kind), reg.TerraformType))
		case r.TerraformType != reg.TerraformType:
			errs = append(errs, fmt.Sprintf("kind %s is %s in the generated code but %s in Options.Resources[%d]: generate the API again from this configuration", kindName(reg.Kind), reg.TerraformType, r.TerraformType, index[reg.Kind]))
		case reg.ProviderVersion != "" && r.ProviderVersion != "" && reg.ProviderVersion != r.ProviderVersion:
			errs = append(errs, fmt.Sprintf("kind %s was generated from %s %s, but Options.Resources[%d] (%s) is of version %s: generate the API again from this configuration",
				kindName(reg.Kind), providerName(r), reg.ProviderVersion, index[reg.Kind], reg.TerraformType, r.ProviderVersion))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("controller: %s", strings.Join(errs, "; "))
	}
	return out, nil
}

// kindName writes a kind as "Kind of group/version".
func kindName(gvk k8sschema.GroupVersionKind) string {
	return gvk.Kind + " of " + gvk.Group + "/" + gvk.Version
}

// providerName is the source address of r's provider.
func providerName(r *jetconfig.Resource) string {
	if r.Provider == nil {
		return "the provider"
	}
	return r.Provider.Source
}

// describe names a configuration entry by Terraform type and provider.
func describe(r *jetconfig.Resource) string {
	if r.Provider == nil {
		return r.TerraformType
	}
	return r.TerraformType + " of " + r.Provider.Source
}
