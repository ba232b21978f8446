package tfkit

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/synth"
)

// requirement is a required_providers entry recorded by Provider.Source or
// Stack.RequireProvider.
type requirement struct {
	name, source, version string
	site                  hcl.Range
}

// RequireProvider records a required_providers entry: the provider with
// local name name comes from source (hashicorp/aws), in versions matching
// version (may be empty). Provider.Source calls it; typed bindings call it
// for the resources they declare, so that a stack using only resources of a
// provider still names its source.
func (s *Stack) RequireProvider(name, source, version string) {
	requireStack(s)
	s.requireProvider(callerSite(), name, source, version)
}

func (s *Stack) requireProvider(site hcl.Range, name, source, version string) {
	if source == "" {
		s.errorf(site, "Empty provider source", fmt.Sprintf("The source of provider %q is empty.", name),
			`give the source as "namespace/type", such as "hashicorp/aws"`)
		return
	}
	for i, r := range s.required {
		if r.name != name {
			continue
		}
		if synth.NormalizeSource(r.source) != synth.NormalizeSource(source) {
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider sources",
				Detail:  fmt.Sprintf("Provider %q is required from %q here and from %q before.", name, source, r.source),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "a local name can have one source; give the other provider another local name",
			})
			return
		}
		switch {
		case version == "" || version == r.version:
		case r.version == "":
			s.required[i].version = version
		default:
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider versions",
				Detail:  fmt.Sprintf("Provider %q is required in versions %q here and %q before.", name, version, r.version),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "use one version constraint",
			})
		}
		return
	}
	s.required = append(s.required, requirement{name: name, source: source, version: version, site: site})
}
