package runner

import (
	"slices"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
)

// TestGatesFollowLanguage: every block of the language table newer than
// the oldest engines (BlockSpec.Since) is a feature of Features with the
// table's versions, and a configuration holding it, in HCL and in JSON, is
// found to use it at the block.
func TestGatesFollowLanguage(t *testing.T) {
	labelled := func(s *config.BlockSpec) (hcl, json string) {
		hcl, json = s.Type, `"`+s.Type+`": `
		for range s.Labels {
			hcl += ` "x"`
			json += `{"x": `
		}
		hcl += " {}"
		json += "{}" + strings.Repeat("}", len(s.Labels))
		return hcl, json
	}
	found := 0
	for _, k := range config.Kinds {
		specs := append([]*config.BlockSpec{&k.BlockSpec}, k.Blocks...)
		for _, s := range specs {
			if s.Since == (config.Engines{}) {
				continue
			}
			found++
			f, ok := blockFeatures[s]
			if !ok || !slices.Contains(Features, f) || f.Terraform != s.Since.Terraform || f.OpenTofu != s.Since.OpenTofu {
				t.Errorf("%s.%s: feature %+v, want one of Features with %+v", k.Type, s.Type, f, s.Since)
				continue
			}
			outerHCL, outerJSON := labelled(&k.BlockSpec)
			hcl, json := outerHCL, "{"+outerJSON+"}"
			if s != &k.BlockSpec {
				innerHCL, innerJSON := labelled(s)
				hcl = strings.TrimSuffix(outerHCL, "{}") + "{\n  " + innerHCL + "\n}"
				json = "{" + strings.Replace(outerJSON, "{}", "{"+innerJSON+"}", 1) + "}"
			}
			for name, src := range map[string]string{"main.tf": "\n" + hcl + "\n", "main.tf.json": json} {
				uses := scanFeatures([]byte(src), name)
				if !slices.ContainsFunc(uses, func(u Use) bool { return u.Feature == f }) {
					t.Errorf("%s: %s is not found in\n%s\n(found %v)", name, f.Name, src, uses)
				}
			}
		}
	}
	if found == 0 || found != len(blockFeatures) {
		t.Fatalf("the language table gives %d blocks engine versions; the gates know %d", found, len(blockFeatures))
	}
}
