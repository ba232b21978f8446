package cli

import (
	"os"
	"path/filepath"
	"strings"

	version "github.com/hashicorp/go-version"

	"github.com/tfkit/tfkit/internal/codegen/golang"
	"github.com/tfkit/tfkit/internal/project"
)

// warnStaleBindings warns, once per provider, when the Go bindings of a
// provider in tfkit.json were generated for a version its constraint there
// does not allow. The bindings write their own version into
// required_providers, so after tfkit.json changes without a new tfkit get
// the stacks would quietly keep requiring the old one. Under watch a
// warning is not repeated while it stays the same.
func warnStaleBindings(r *run, proj *project.Config) {
	if proj == nil || len(proj.TerraformProviders) == 0 {
		return
	}
	out := proj.BindingsDir()
	cache := readGetCache(r.abs(out))
	packages := map[string]string{}
	for _, p := range cache.Providers {
		packages[sourceKey(p.Source)] = p.Package
	}
	for _, d := range proj.TerraformProviders {
		pkg, ok := packages[sourceKey(d.Source)]
		if !ok {
			continue
		}
		dir := filepath.Join(out, pkg)
		src, err := os.ReadFile(filepath.Join(r.abs(dir), golang.ProviderFile))
		if err != nil {
			continue // no Go bindings (TypeScript declarations name no version)
		}
		_, bound, ok := golang.BoundProvider(src)
		if !ok || allows(d.Version, bound) {
			continue
		}
		want, had := d.Version, bound
		if want == "" {
			want = "any version"
		}
		if had == "" {
			had = "any version"
		}
		r.warnOncef("provider %s: %s asks for %q, but the bindings in %s were generated for %q, which the stacks will require; run tfkit get",
			d.Source, proj.File, want, r.shown(dir), had)
	}
}

// allows reports whether bindings generated for the version constraint
// bound still serve a project whose constraint is want: the same
// constraint, or one version that want allows.
func allows(want, bound string) bool {
	norm := func(s string) string { return strings.Join(strings.Fields(s), "") }
	if norm(want) == norm(bound) {
		return true
	}
	if !exactVersion(bound) {
		return false
	}
	v, err := version.NewVersion(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(bound), "=")))
	if err != nil {
		return false
	}
	if strings.TrimSpace(want) == "" {
		return true
	}
	c, err := version.NewConstraint(want)
	return err == nil && c.Check(v)
}
