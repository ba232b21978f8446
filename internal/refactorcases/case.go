// Package refactorcases holds the moved, import and removed blocks the
// tests of every path through the checks of config/refactor.go run
// (config.CheckMoves and config.Validate, the Go and TSX synth check, and eval), with the errors
// both engines give for each in their words, and runs the engines for
// those tests to compare them with.
//
// It is test support: only _test.go files import it.
package refactorcases

import "sort"

// Engine names an engine whose words a case holds, as tffile names it.
type Engine string

// The engines.
const (
	Terraform Engine = "terraform"
	OpenTofu  Engine = "opentofu"
)

// Error is one error an engine gives for a case.
type Error struct {
	// At is where eval reports it, file:line:column; empty in the cases
	// only the front ends run.
	At string
	// Summary and Detail are the engine's words, the detail's spaces
	// folded.
	Summary, Detail string
}

// Words is the error's summary and detail.
func (e Error) Words() string { return e.Summary + "; " + e.Detail }

// Case is one configuration of moved, import or removed blocks.
type Case struct {
	Name string
	// Files are the configuration's files: main.tf, and any module it
	// calls.
	Files map[string]string
	// Terraform are the errors Terraform gives (validate, or plan where
	// validate accepts the configuration), none where it accepts it.
	Terraform []Error
	// OpenTofu are OpenTofu's errors where they differ from Terraform's.
	OpenTofu []Error
	// Only, when set, is the one engine whose words the case holds.
	Only Engine
}

// Main is the case's main.tf.
func (c Case) Main() string { return c.Files["main.tf"] }

// Engines are the engines whose words the case holds.
func (c Case) Engines() []Engine {
	if c.Only != "" {
		return []Engine{c.Only}
	}
	return []Engine{Terraform, OpenTofu}
}

// Errors are the errors engine gives for the case.
func (c Case) Errors(engine Engine) []Error {
	if engine == OpenTofu && c.OpenTofu != nil {
		return c.OpenTofu
	}
	return c.Terraform
}

// Words are the words of the errors engine gives for the case, sorted.
func (c Case) Words(engine Engine) []string {
	var out []string
	for _, e := range c.Errors(engine) {
		out = append(out, e.Words())
	}
	sort.Strings(out)
	return out
}

// Located are the errors engine gives for the case as eval writes them,
// file:line:column: Error: summary; detail, sorted.
func (c Case) Located(engine Engine) []string {
	var out []string
	for _, e := range c.Errors(engine) {
		out = append(out, e.At+": Error: "+e.Words())
	}
	sort.Strings(out)
	return out
}

// mainTF is a configuration of main.tf alone.
func mainTF(src string) map[string]string { return map[string]string{"main.tf": src} }

// withModule is a configuration of main.tf and a module m/main.tf.
func withModule(src, module string) map[string]string {
	return map[string]string{"main.tf": src, "m/main.tf": module}
}
