package tfkit

import (
	"fmt"
	"runtime"
	"strings"
)

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
