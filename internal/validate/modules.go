package validate

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/tffile"
)

// Children are the outputs that the child modules of a configuration's
// module calls declare, sorted, by the call's name. A call it does not
// name is not checked.
type Children map[string][]string

// ReadChildren reads the outputs of the child modules of cfg, the module
// in directory dir, whose module calls give a local path as source (./
// or ../), reading their files as engine does. Other sources (a registry,
// a repository) are not read, nor is a child module whose files cannot be
// read without error: references to their outputs are not checked.
func ReadChildren(dir string, cfg *config.Config, engine tffile.Engine) Children {
	var out Children
	for _, b := range cfg.Blocks {
		if b.Type != config.KindModule.Type || len(b.Labels) != 1 {
			continue
		}
		src, ok := b.Body.StringAttr("source")
		if !ok || !(strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../")) {
			continue
		}
		m, ds := tffile.Dir(filepath.Join(dir, filepath.FromSlash(src)), tffile.Options{Engine: engine})
		if ds.HasErrors() {
			continue
		}
		outputs := []string{}
		for _, ob := range m.Config.Blocks {
			if ob.Type == "output" && len(ob.Labels) == 1 {
				outputs = append(outputs, ob.Labels[0])
			}
		}
		slices.Sort(outputs)
		if out == nil {
			out = Children{}
		}
		out[b.Labels[0]] = outputs
	}
	return out
}
