package validate

import (
	"fmt"
	"strings"

	"github.com/tfkit/tfkit/diag"
)

// unsupportedArgument is the engine's summary for an argument the schema
// does not have; like the engine's, it does not name the argument (the
// diagnostic's path does).
const unsupportedArgument = "Unsupported argument"

// blockAsArgumentDetail is the engine's detail for a nested block of type
// name written as an argument (name = { ... }).
func blockAsArgumentDetail(name string) string {
	return fmt.Sprintf("An argument named %q is not expected here. Did you mean to define a block of type %q?", name, name)
}

// BlockAsArgument reports whether d is the diagnostic the checker gives
// for a nested block written as an argument, and returns the block's
// type: the last name of d's path, which the detail names as the block
// type. A detail grown after the checker (a code frame added to its end)
// is still recognised.
func BlockAsArgument(d *diag.Diagnostic) (string, bool) {
	if d == nil || d.Summary != unsupportedArgument {
		return "", false
	}
	i := strings.LastIndexByte(d.Path, '.')
	if i < 0 {
		return "", false
	}
	name := d.Path[i+1:]
	if name == "" || !strings.HasPrefix(d.Detail, blockAsArgumentDetail(name)) {
		return "", false
	}
	return name, true
}
