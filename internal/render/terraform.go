package render

import (
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/tfrules"
)

// The renderers' knowledge of Terraform itself, which arguments Terraform
// reads statically (bare references and keywords rather than expressions)
// and which it reads literally in JSON syntax, is in internal/tfrules,
// shared with the tests that read the output back.

// static converts the value of a statically read argument to the form
// Terraform expects (see tfrules.Static), reporting strings that do not
// parse as diagnostics at the argument.
func (w *emitter) static(rule tfrules.Rule, name string, e config.Expr) config.Expr {
	if rule == tfrules.Plain {
		return e
	}
	return tfrules.Static(rule, name, e, w.fail)
}
