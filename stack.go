package tfkit

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/synth"
)

// Stack is one Terraform configuration: one root module, written to
// stacks/<name>/main.tf. Elements are appended to it in the order they are
// declared, and that is the order of the output.
type Stack struct {
	app      *App
	name     string
	site     hcl.Range
	cfg      *config.Config
	diags    diag.Diagnostics
	deps     []*Stack
	required []requirement
	// uses are the elements of other stacks referred to through handles.
	uses []use
}

// stackName is what a stack may be called: it becomes a directory name.
var stackName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// NewStack adds a stack named name to app.
func NewStack(app *App, name string) *Stack {
	requireApp(app)
	site := callerSite()
	s := &Stack{app: app, name: name, site: site, cfg: &config.Config{}}
	switch {
	case !stackName.MatchString(name):
		app.diags = append(app.diags, &diag.Diagnostic{
			Severity: diag.Error, Summary: "Invalid stack name",
			Detail:     fmt.Sprintf("%q cannot name a stack: the name becomes a directory name.", name),
			Subject:    &site,
			Suggestion: "use letters, digits, '-', '_' and '.', starting with a letter or digit",
		})
	default:
		for _, other := range app.stacks {
			if other.name == name {
				app.diags = append(app.diags, &diag.Diagnostic{
					Severity: diag.Error, Summary: "Duplicate stack",
					Detail:  fmt.Sprintf("A stack named %q is already declared.", name),
					Subject: &site,
					Related: []diag.Related{{Message: "first declared here", Range: other.site}},
				})
				break
			}
		}
	}
	app.stacks = append(app.stacks, s)
	return s
}

// Name returns the stack's name.
func (s *Stack) Name() string { requireStack(s); return s.name }

// App returns the app the stack belongs to.
func (s *Stack) App() *App { requireStack(s); return s.app }

// DependsOn records that s must be deployed after others (listed in the
// manifest's dependencies, for the CLI to order deployments). It returns s.
func (s *Stack) DependsOn(others ...*Stack) *Stack {
	requireStack(s)
	site := callerSite()
	for _, o := range others {
		switch {
		case o == nil:
			s.errorf(site, "Nil stack", "DependsOn was given a nil stack.", "")
		case o == s:
			s.errorf(site, "Stack depends on itself", fmt.Sprintf("Stack %q cannot depend on itself.", s.name), "")
		case o.app != s.app:
			s.errorf(site, "Stack of another app", fmt.Sprintf("Stack %q belongs to another app.", o.name), "")
		default:
			if !containsStack(s.deps, o) {
				s.deps = append(s.deps, o)
			}
		}
	}
	return s
}

func containsStack(list []*Stack, s *Stack) bool {
	for _, have := range list {
		if have == s {
			return true
		}
	}
	return false
}

// Dependencies returns the stacks s depends on: those declared with
// DependsOn, in the order declared, then those whose elements s refers to,
// in the app's order.
func (s *Stack) Dependencies() []*Stack {
	requireStack(s)
	return s.dependencies(s.app.crossPlan())
}

func (s *Stack) dependencies(p *crossPlan) []*Stack {
	deps := p.plan.Dependencies(p.of[s])
	out := make([]*Stack, len(deps))
	for i, d := range deps {
		out[i] = p.back[d]
	}
	return out
}

func (s *Stack) errorf(site hcl.Range, summary, detail, suggestion string) {
	s.diags = append(s.diags, &diag.Diagnostic{
		Severity: diag.Error, Summary: summary, Detail: detail, Subject: &site, Suggestion: suggestion,
	})
}

// Config returns the stack's configuration as it will be written: the
// declared blocks, with required_providers entries from providers' Source
// merged into the terraform block, references to other stacks' elements
// read through terraform_remote_state, and outputs for what other stacks
// read of this one. It is a new Config sharing the declared blocks that
// were not changed; the others are copies.
func (s *Stack) Config() *config.Config {
	requireStack(s)
	p := s.app.crossPlan()
	cfg, _ := p.plan.Config(p.of[s])
	return cfg
}

// Diagnostics returns the mistakes recorded while the stack was built.
// Validate adds those found by checking the whole configuration.
func (s *Stack) Diagnostics() diag.Diagnostics {
	requireStack(s)
	return append(diag.Diagnostics(nil), s.diags...)
}

// Validate returns the stack's diagnostics: the mistakes recorded while it
// was built, and those config.Validate finds in its configuration as
// written (see Config: duplicates, undeclared references, cycles).
func (s *Stack) Validate() diag.Diagnostics {
	requireStack(s)
	return s.validate(s.app.crossPlan())
}

func (s *Stack) validate(p *crossPlan) diag.Diagnostics {
	return p.plan.ValidateStack(p.of[s])
}

// A nil *Stack or *App given to the API is a programming mistake, so it
// panics (as package documentation says misuse does), but with a message
// that names the call and says what to pass instead of a nil pointer
// dereference deep inside tfkit.

// requireStack panics when s is nil.
func requireStack(s *Stack) {
	if s == nil {
		panic(fmt.Sprintf("%s: the *tfkit.Stack is nil; pass the stack that tfkit.NewStack(app, name) returns", apiCall()))
	}
}

// requireApp panics when a is nil.
func requireApp(a *App) {
	if a == nil {
		panic(fmt.Sprintf("%s: the *tfkit.App is nil; pass the app that tfkit.NewApp() returns", apiCall()))
	}
}

// apiCall names the tfkit function or method the program called, as
// "tfkit.NewResource" or "(*tfkit.App).Synth": the outermost exported one
// of the tfkit frames the stack starts with.
func apiCall() string {
	var pcs [32]uintptr
	n := runtime.Callers(3, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	const pkg = "github.com/tfkit/tfkit."
	name := ""
	for {
		f, more := frames.Next()
		rest, ok := strings.CutPrefix(f.Function, pkg)
		if !ok || strings.Contains(rest, "/") {
			break
		}
		last := rest[strings.LastIndex(rest, ".")+1:]
		if last != "" && last[0] >= 'A' && last[0] <= 'Z' {
			name = rest
		}
		if !more {
			break
		}
	}
	switch {
	case name == "":
		return "tfkit"
	case strings.HasPrefix(name, "(*"):
		return "(*tfkit." + strings.TrimPrefix(name, "(*")
	}
	return "tfkit." + name
}

// requirement is a required_providers entry recorded by Provider.Source or
// Stack.RequireProvider.
type requirement struct {
	name, source, version string
	site                  hcl.Range
}

// RequireProvider records a required_providers entry: the provider with
// local name name comes from source (hashicorp/aws), in versions matching
// version (may be empty). Provider.Source calls it; typed bindings call it
// for the resources they declare, so that a stack using only resources of a
// provider still names its source.
func (s *Stack) RequireProvider(name, source, version string) {
	requireStack(s)
	s.requireProvider(callerSite(), name, source, version)
}

func (s *Stack) requireProvider(site hcl.Range, name, source, version string) {
	if source == "" {
		s.errorf(site, "Empty provider source", fmt.Sprintf("The source of provider %q is empty.", name),
			`give the source as "namespace/type", such as "hashicorp/aws"`)
		return
	}
	for i, r := range s.required {
		if r.name != name {
			continue
		}
		if synth.NormalizeSource(r.source) != synth.NormalizeSource(source) {
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider sources",
				Detail:  fmt.Sprintf("Provider %q is required from %q here and from %q before.", name, source, r.source),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "a local name can have one source; give the other provider another local name",
			})
			return
		}
		switch {
		case version == "" || version == r.version:
		case r.version == "":
			s.required[i].version = version
		default:
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider versions",
				Detail:  fmt.Sprintf("Provider %q is required in versions %q here and %q before.", name, version, r.version),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "use one version constraint",
			})
		}
		return
	}
	s.required = append(s.required, requirement{name: name, source: source, version: version, site: site})
}
