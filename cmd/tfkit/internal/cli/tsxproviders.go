package cli

import (
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/internal/synth"
	"github.com/tfkit/tfkit/tffile"
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
	used := providersUsed(cfg)
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

// providersUsed are the local names of the providers cfg uses: those its
// resources, data sources and ephemeral resources imply by their type or
// name with a provider meta-argument, its provider blocks, and those its
// module calls and import blocks pass or name.
func providersUsed(cfg *config.Config) map[string]bool {
	used := map[string]bool{}
	ref := func(x config.Expr) {
		if trs, ok := config.StaticReferences(x); ok {
			for _, tr := range trs {
				used[tr.RootName()] = true
			}
		}
	}
	var block func(b *config.Block)
	block = func(b *config.Block) {
		switch b.Type {
		case "provider":
			if len(b.Labels) == 1 {
				used[b.Labels[0]] = true
			}
		case "resource", "data", "ephemeral":
			if len(b.Labels) != 2 {
				return
			}
			if a := b.Body.Attribute("provider"); a != nil {
				ref(a.Expr)
				return
			}
			used[tffile.ImpliedProvider(b.Labels[0])] = true
		case "import":
			if a := b.Body.Attribute("provider"); a != nil {
				ref(a.Expr)
			}
		case "module":
			if a := b.Body.Attribute("providers"); a != nil {
				if o, ok := a.Expr.(*config.Object); ok {
					for _, it := range o.Items {
						ref(it.Value)
					}
				}
			}
		case "check":
			for _, nb := range b.Body.Blocks("data") {
				block(nb)
			}
		}
	}
	for _, b := range cfg.Blocks {
		block(b)
	}
	return used
}
