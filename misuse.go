package tfkit

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// Mistakes in the program's own structure: a nil *App or *Stack given to
// the API, and a method called on a nil handle or on one its constructor
// did not make (a tfkit.Resource{} built by hand, a typed binding's struct
// whose handle was never set). Such a handle belongs to no stack that
// could record the mistake, so it is recorded for the app the program
// created last (the program's app; in a test, the test's own), or, before
// any, for the next one created, and that app's Synth, Validate and Files
// report it as an error at the Go line of the call, with what to pass
// instead. The call does nothing else and returns what lets the program
// go on (the handle itself, a null expression, an empty name), so that
// one run reports every such mistake instead of the first ending the
// program with a Go stack trace. A nil *App reports them itself.

// misuses holds the mistakes of calls that have no stack to record them.
var misuses struct {
	mu sync.Mutex
	// latest is the app created last; pending are the mistakes made
	// before any app was.
	latest  *App
	pending diag.Diagnostics
}

// registerApp makes a the app that mistakes without a stack go to, and
// gives it those made before it.
func registerApp(a *App) {
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	a.misuse = append(a.misuse, misuses.pending...)
	misuses.pending = nil
	misuses.latest = a
}

// misuse records a mistake at the caller's Go line for the app created
// last (see above) and returns it.
func misuse(summary, detail, suggestion string) *diag.Diagnostic {
	site := callerSite()
	d := &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: &site, Suggestion: suggestion}
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	if a := misuses.latest; a != nil {
		a.misuse = append(a.misuse, d)
	} else {
		misuses.pending = append(misuses.pending, d)
	}
	return d
}

// misused returns the mistakes recorded for a.
func (a *App) misused() diag.Diagnostics {
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	return append(diag.Diagnostics(nil), a.misuse...)
}

// unclaimed returns the mistakes recorded before any app was created, for
// a nil *App to report.
func unclaimed() diag.Diagnostics {
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	return append(diag.Diagnostics(nil), misuses.pending...)
}

// constructors name the function that makes each kind of handle, for
// hints.
var constructors = map[string]string{
	"Resource":         "tfkit.NewResource(stack, type, name, body)",
	"DataSource":       "tfkit.NewDataSource(stack, type, name, body)",
	"Ephemeral":        "tfkit.NewEphemeral(stack, type, name, body)",
	"Provider":         "tfkit.NewProvider(stack, name, body)",
	"Module":           "tfkit.NewModule(stack, name, cfg)",
	"Variable":         "tfkit.NewVariable(stack, name, cfg)",
	"Output":           "tfkit.NewOutput(stack, name, cfg)",
	"Locals":           "tfkit.NewLocals(stack, body)",
	"Terraform":        "tfkit.NewTerraform(stack, cfg)",
	"Moved":            "tfkit.NewMoved(stack, from, to)",
	"Import":           "tfkit.NewImport(stack, to, id)",
	"Removed":          "tfkit.NewRemoved(stack, from, destroy)",
	"Check":            "tfkit.NewCheck(stack, name, asserts...)",
	"RemoteState":      "tfkit.NewRemoteState(stack, name, backend, cfg)",
	"ProviderInstance": "provider.Instance(key)",
	"Stack":            "tfkit.NewStack(app, name)",
	"Asset":            "tfkit.NewAsset(stack, name, source, type)",
	"KeyProvider":      "tfkit.NewKeyProvider(type, name, body)",
	"EncryptionMethod": "tfkit.NewEncryptionMethod(type, name, body)",
}

// absent reports whether h, the receiver of an exported method, is nil or
// was not made by its constructor, and records that mistake if so.
func absent[P interface {
	*H
	Element
}, H any](h P) bool {
	if h != nil && h.Block() != nil {
		return false
	}
	misusedHandle(reflect.TypeFor[H]().Name(), h == nil)
	return true
}

// misusedHandle records a call of a method on a nil handle of the named
// type (isNil), or on one its constructor did not make.
func misusedHandle(typ string, isNil bool) *diag.Diagnostic {
	if pkg, recv, method, ok := bindingCall(); ok {
		// Through a typed binding: name the binding's type, which is
		// what the program holds (a nil one, or a zero one, whose
		// untyped handle is nil alike).
		ctor := pkg + ".New" + recv
		if recv == "Module" {
			ctor = pkg + ".New"
		}
		return misuse("Nil *"+pkg+"."+recv,
			fmt.Sprintf("(*%s.%s).%s was called on a nil *%s.%s, or on one %s did not make (a zero %s.%s{}).", pkg, recv, method, pkg, recv, ctor, pkg, recv),
			fmt.Sprintf("use the *%s.%s that %s returns (a variable that was declared but never assigned is nil)", pkg, recv, ctor))
	}
	make := constructors[typ]
	if make == "" {
		make = "its constructor"
	}
	if isNil {
		return misuse("Nil *tfkit."+typ,
			fmt.Sprintf("%s was called on a nil *tfkit.%s.", apiCall(), typ),
			fmt.Sprintf("use the *tfkit.%s that %s returns (a variable that was declared but never assigned is nil)", typ, make))
	}
	return misuse("tfkit."+typ+" not made by its constructor",
		fmt.Sprintf("%s was called on a tfkit.%s that %s did not make (a zero tfkit.%s{}), which belongs to no stack.", apiCall(), typ, make, typ),
		fmt.Sprintf("use the *tfkit.%s that %s returns", typ, make))
}

// bindingCall finds the method of a typed binding (a package marked with
// HelperPackage) that the program called, when the call into tfkit came
// through one: its package's name, the receiver type and the method.
func bindingCall() (pkg, recv, method string, ok bool) {
	var pcs [32]uintptr
	n := runtime.Callers(3, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		prefix := packagePrefix(f.Function)
		if _, marked := helperPkgs.Load(prefix); marked {
			// "example.com/gen/docker.(*Image).ImageID"
			rest := strings.TrimPrefix(f.Function, prefix)
			if r, m, found := strings.Cut(rest, ")."); found && strings.HasPrefix(r, "(*") && !strings.Contains(m, ".") {
				pkg = strings.TrimSuffix(prefix[strings.LastIndexByte(prefix[:len(prefix)-1], '/')+1:], ".")
				recv, method, ok = strings.TrimPrefix(r, "(*"), m, true
			}
		} else if ok || !strings.HasPrefix(f.Function, pkgPrefix) {
			// The last binding method before the program's own frame.
			return pkg, recv, method, ok
		}
		if !more {
			return pkg, recv, method, ok
		}
	}
}

// usable returns s when it is a stack NewStack made; otherwise it records
// the mistake and returns a stack of no app, so that the call goes on
// without effect on the output (the mistake is reported instead).
func usable(s *Stack) *Stack {
	if s != nil && s.cfg != nil {
		return s
	}
	misusedStack(s, false)
	return &Stack{app: newApp(), cfg: &config.Config{}}
}

// misusedStack records the use of a nil stack, or of one NewStack did not
// make.
func misusedStack(s *Stack, receiver bool) *diag.Diagnostic {
	given := "was given"
	if receiver {
		given = "was called on"
	}
	if s == nil {
		return misuse("Nil *tfkit.Stack",
			fmt.Sprintf("%s %s a nil *tfkit.Stack.", apiCall(), given),
			"pass the stack that tfkit.NewStack(app, name) returns (a variable that was declared but never assigned is nil)")
	}
	return misuse("tfkit.Stack not made by tfkit.NewStack",
		fmt.Sprintf("%s %s a tfkit.Stack that tfkit.NewStack did not make (a zero tfkit.Stack{}), which belongs to no app.", apiCall(), given),
		"pass the stack that tfkit.NewStack(app, name) returns")
}

// stackAbsent reports whether s, the receiver of a method, is nil or was
// not made by NewStack, and records that mistake if so.
func stackAbsent(s *Stack) bool {
	if s != nil && s.cfg != nil {
		return false
	}
	misusedStack(s, true)
	return true
}

// misusedApp records the use of a nil *App.
func misusedApp(receiver bool) *diag.Diagnostic {
	given := "was given"
	if receiver {
		given = "was called on"
	}
	return misuse("Nil *tfkit.App",
		fmt.Sprintf("%s %s a nil *tfkit.App.", apiCall(), given),
		"pass the app that tfkit.NewApp() returns (a variable that was declared but never assigned is nil)")
}

// ready gives an App built as a zero value (&tfkit.App{}) the settings
// NewApp gives, so that it works as NewApp() would.
func (a *App) ready() {
	if a.getenv != nil {
		return
	}
	a.outdir, a.format, a.projectDir, a.getenv, a.stderr = DefaultOutdir, FormatHCL, ".", os.Getenv, os.Stderr
	registerApp(a)
}

// nullExpr is what a reference through a nil handle gives: null (the
// mistake is reported, so nothing is written).
func nullExpr() Expr { return Expr{x: config.Null()} }
