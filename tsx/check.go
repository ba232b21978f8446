package tsx

import (
	"fmt"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/textdiff"
)

// checkConfig runs config.ValidateEngine (in OpenTofu's words when tofu),
// after reporting variables declared more than once itself: composites
// often declare the variables they need, and when two declarations of one
// variable disagree the useful message is what differs between them.
func checkConfig(cfg *config.Config, tofu bool) diag.Diagnostics {
	var diags diag.Diagnostics
	first := map[string]*config.Block{}
	kept := make([]*config.Block, 0, len(cfg.Blocks))
	for _, b := range cfg.Blocks {
		if b.Type != "variable" || len(b.Labels) != 1 {
			kept = append(kept, b)
			continue
		}
		prev, dup := first[b.Labels[0]]
		if !dup {
			first[b.Labels[0]] = b
			kept = append(kept, b)
			continue
		}
		diags = append(diags, variableMismatch(prev, b))
	}
	return append(diags, config.ValidateEngine(&config.Config{Blocks: kept}, tofu)...)
}

// variableMismatch reports a variable declared again. Whether the two
// declarations say the same is read from the model; only when they do not
// are they rendered, for the diff the message shows.
func variableMismatch(prev, b *config.Block) *diag.Diagnostic {
	name := b.Labels[0]
	d := &diag.Diagnostic{
		Severity: diag.Error,
		Path:     "var." + name,
		Subject:  &b.DeclRange,
		Related:  []diag.Related{{Message: "first declared here", Range: prev.DeclRange}},
	}
	var a, c []byte
	same := config.SameBlock(prev, b)
	if !same {
		var errA, errB error
		a, errA = render.HCL(&config.Config{Blocks: []*config.Block{prev}})
		c, errB = render.HCL(&config.Config{Blocks: []*config.Block{b}})
		// Models that differ may still be written alike (the renderer
		// writes some different expressions the same way): the text
		// decides, as Terraform reads the text.
		same = errA != nil || errB != nil || string(a) == string(c)
	}
	if same {
		d.Summary = fmt.Sprintf("Duplicate variable %q", name)
		d.Detail = fmt.Sprintf("Variable %q is declared twice with the same settings; a variable is declared once per configuration.", name)
		d.Suggestion = "declare it once, for instance in the root component, and pass tf.var(...) or the value down as a prop"
		return d
	}
	d.Summary = fmt.Sprintf("Variable %q declared twice with different settings", name)
	diff := textdiff.Unified(diag.FormatRange(prev.DeclRange), diag.FormatRange(b.DeclRange), string(a), string(c), 3)
	d.Detail = "The two declarations differ:\n" + strings.TrimRight(diff, "\n")
	d.Suggestion = "declare the variable once with the settings you want"
	return d
}
