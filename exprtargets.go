package tfkit

import "github.com/tfkit/tfkit/internal/exprrefs"

// init hands the elements an Expr refers to, which it keeps to itself, to
// the testing helpers of package tfkittest (see package exprrefs).
func init() {
	exprrefs.Of = func(v any) ([]exprrefs.Target, bool) {
		e, ok := v.(Expr)
		if !ok || e.meta == nil || len(e.meta.refs) == 0 {
			return nil, false
		}
		out := make([]exprrefs.Target, len(e.meta.refs))
		for i, t := range e.meta.refs {
			out[i] = exprrefs.Target{Stack: t.stack, Block: t.block, Local: t.local}
		}
		return out, true
	}
}
