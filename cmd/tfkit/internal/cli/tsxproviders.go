package cli

import (
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/internal/synth"
	"github.com/tfkit/tfkit/internal/validate"
)

// projectRequirements are the required_providers entries a TSX stack gets
// from the project's providers (tfkit.json "providers", the ones tfkit get
// made bindings for): one for each provider the stack uses, as a Go app's
// typed bindings record theirs. Without them the engine would look for
// hashicorp/NAME (kreuzwerker/docker's docker_container would be
// hashicorp/docker, which does not exist). An entry the stack declares
// itself in <Terraform required_providers> wins (synth.Plan.Config: the
// same source with another version is a warning, another source an
// error).
func projectRequirements(deps []project.Dependency, cfg *config.Config) []synth.Requirement {
	if len(deps) == 0 || cfg == nil {
		return nil
	}
	used := validate.ProvidersUsed(cfg)
	var out []synth.Requirement
	for _, d := range deps {
		name := providerLocalName(d)
		if !used[name] || name == "terraform" {
			continue
		}
		out = append(out, synth.Requirement{Name: name, Source: d.Source, Version: d.Version, Site: d.Range})
	}
	return out
}
