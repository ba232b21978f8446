package tfkit

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"weak"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// helperFuncs holds the names of functions marked with Helper. Frames in
// them are skipped when an element's declaration site is looked up.
var helperFuncs sync.Map // function name → struct{}

// Helper marks the calling function as a helper: elements declared while it
// runs report the line of its caller instead of a line inside it, the way
// testing.T.Helper works for test failures. Typed bindings and composite
// functions call it first thing:
//
//	func NewImage(stack *tfkit.Stack, name string, cfg ImageConfig) *Image {
//		tfkit.Helper()
//		return &Image{tfkit.NewResource(stack, "docker_image", name, cfg.attrs())}
//	}
//
// Marking is by function name and lasts for the life of the process.
func Helper() {
	var pcs [1]uintptr
	if runtime.Callers(2, pcs[:]) == 0 {
		return
	}
	f, _ := runtime.CallersFrames(pcs[:]).Next()
	if f.Function == "" {
		return
	}
	if _, known := helperFuncs.LoadOrStore(f.Function, struct{}{}); !known {
		// Decisions cached before this function was a helper are stale.
		sites.clear()
	}
}

// helperPkgs holds the function name prefixes ("example.com/app/gen/docker.")
// of packages marked with HelperPackage.
var helperPkgs sync.Map // prefix → struct{}

// HelperPackage marks every function of the calling package as a helper
// (see Helper). Typed bindings call it from an init function, so that a
// mistake made through any of their methods (a getter called on a nil
// handle) is reported at the line of the program that called it:
//
//	func init() { tfkit.HelperPackage() }
func HelperPackage() {
	var pcs [1]uintptr
	if runtime.Callers(2, pcs[:]) == 0 {
		return
	}
	f, _ := runtime.CallersFrames(pcs[:]).Next()
	prefix := packagePrefix(f.Function)
	if prefix == "" {
		return
	}
	if _, known := helperPkgs.LoadOrStore(prefix, struct{}{}); !known {
		sites.clear()
	}
}

// packagePrefix is the package part of a function name, with its dot:
// "example.com/app/gen/docker." of "example.com/app/gen/docker.(*Image).ImageID".
func packagePrefix(function string) string {
	slash := strings.LastIndexByte(function, '/')
	dot := strings.IndexByte(function[slash+1:], '.')
	if dot < 0 {
		return ""
	}
	return function[:slash+1+dot+1]
}

// pkgPrefix is the prefix of the function names of this package, such as
// "github.com/tfkit/tfkit.", found at run time so a module rename cannot
// break it.
var pkgPrefix = func() string {
	name := runtime.FuncForPC(reflect.ValueOf(Helper).Pointer()).Name()
	return name[:len(name)-len("Helper")]
}()

// cwd is the working directory, used to shorten file names in diagnostics.
var cwd = sync.OnceValue(func() string {
	d, err := os.Getwd()
	if err != nil {
		return ""
	}
	return d
})

// skipFrame reports whether a frame belongs to tfkit itself or to a function
// marked with Helper. Test files of this package count as user code.
func skipFrame(f runtime.Frame) bool {
	if strings.HasPrefix(f.Function, pkgPrefix) && !strings.HasSuffix(f.File, "_test.go") {
		return true
	}
	if _, ok := helperFuncs.Load(f.Function); ok {
		return true
	}
	_, ok := helperPkgs.Load(packagePrefix(f.Function))
	return ok
}

// callerSite returns the Go file and line of the first caller outside tfkit
// and outside helper functions: where the user declared what is being built.
func callerSite() hcl.Range {
	// The user's frame is usually two or three up, and unwinding costs per
	// frame: look at a few first, in an array on the stack, and further
	// only when they are all tfkit's or helpers'.
	var buf [64]uintptr
	for size := 4; size <= len(buf); size *= 4 {
		n := runtime.Callers(2, buf[:size])
		if rng, ok := firstUserSite(buf[:n]); ok {
			return rng
		}
		if n < size {
			return hcl.Range{}
		}
	}
	for size := 4 * len(buf); ; size *= 4 {
		pcs := make([]uintptr, size)
		n := runtime.Callers(2, pcs)
		if rng, ok := firstUserSite(pcs[:n]); ok {
			return rng
		}
		if n < size {
			return hcl.Range{}
		}
	}
}

// firstUserSite returns the site of the first program counter that is not
// in tfkit or a helper. Decisions are cached per counter.
func firstUserSite(pcs []uintptr) (hcl.Range, bool) {
	for _, pc := range pcs {
		if s := sites.load(pc); s != nil {
			if !s.skip {
				return s.rng, true
			}
			continue
		}
		f := frameAt(pc)
		if f.Function == "" || skipFrame(f) {
			sites.store(pc, skipSite)
			continue
		}
		s := &site{rng: siteRange(f.File, f.Line)}
		sites.store(pc, s)
		return s.rng, true
	}
	return hcl.Range{}, false
}

// sites caches, per program counter, whether its frame is skipped and
// otherwise the declaration site it stands for; Helper clears it.
var sites siteCache

// siteCache is a map from program counters to sites, safe for concurrent
// use. (A sync.Map would box every counter looked up into an interface,
// an allocation per frame.)
type siteCache struct {
	mu sync.RWMutex
	m  map[uintptr]*site
}

func (c *siteCache) load(pc uintptr) *site {
	c.mu.RLock()
	s := c.m[pc]
	c.mu.RUnlock()
	return s
}

func (c *siteCache) store(pc uintptr, s *site) {
	c.mu.Lock()
	if c.m == nil {
		c.m = map[uintptr]*site{}
	}
	c.m[pc] = s
	c.mu.Unlock()
}

func (c *siteCache) clear() {
	c.mu.Lock()
	clear(c.m)
	c.mu.Unlock()
}

type site struct {
	skip bool
	rng  hcl.Range
}

// skipSite is the cache entry of a frame to skip.
var skipSite = &site{skip: true}

// frames caches the symbol information of program counters: a call site
// is resolved once, however many elements it declares.
var frames sync.Map // uintptr → runtime.Frame

// frameAt returns the frame of one program counter from runtime.Callers,
// which gives one counter per frame, inlined calls included.
func frameAt(pc uintptr) runtime.Frame {
	if f, ok := frames.Load(pc); ok {
		return f.(runtime.Frame)
	}
	f, _ := runtime.CallersFrames([]uintptr{pc}).Next()
	f = runtime.Frame{Function: f.Function, File: f.File, Line: f.Line}
	frames.Store(pc, f)
	return f
}

// siteRange turns a Go file and line into a range. Files under the working
// directory are named relative to it, as compilers print them; Go gives no
// column, so the column stays 0 and diagnostics print file:line.
func siteRange(file string, line int) hcl.Range {
	if wd := cwd(); wd != "" && filepath.IsAbs(file) {
		if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
	}
	pos := hcl.Pos{Line: line}
	return hcl.Range{Filename: filepath.ToSlash(file), Start: pos, End: pos}
}

// Mistakes in the program's own structure: a nil *App or *Stack given to
// the API, and a method called on a nil handle or on one its constructor
// did not make (a tfkit.Resource{} built by hand, a typed binding's struct
// whose handle was never set). Such a handle belongs to no stack that
// could record the mistake, so it is recorded for the app the calling
// goroutine created last (in a test, the test's own, also among parallel
// tests), else for the app the program created last, or, before any, for
// the next one created; that app's Synth, Validate and Files report it as
// an error at the Go line of the call, with what to pass instead. The
// call does nothing else and returns what lets the program go on (the
// handle itself, a null expression, an empty name), so that one run
// reports every such mistake instead of the first ending the program with
// a Go stack trace. A nil *App reports them itself.

// misuses holds the mistakes of calls that have no stack to record them.
var misuses struct {
	mu sync.Mutex
	// latest is where the app created last keeps such mistakes;
	// byGoroutine where the app each goroutine created last keeps them,
	// held weakly so that apps a program is done with are collected;
	// pending are the mistakes made before any app was.
	latest      *diag.Diagnostics
	byGoroutine map[uint64]weak.Pointer[diag.Diagnostics]
	pending     diag.Diagnostics
}

// claimMisuses makes list, an app's created by the calling goroutine,
// where mistakes without a stack go, and gives it those made before.
func claimMisuses(list *diag.Diagnostics) {
	g := goroutineID()
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	*list = append(*list, misuses.pending...)
	misuses.pending = nil
	misuses.latest = list
	if misuses.byGoroutine == nil {
		misuses.byGoroutine = map[uint64]weak.Pointer[diag.Diagnostics]{}
	}
	for id, p := range misuses.byGoroutine {
		if p.Value() == nil {
			delete(misuses.byGoroutine, id)
		}
	}
	misuses.byGoroutine[g] = weak.Make(list)
}

// misuse records a mistake at the caller's Go line for the app of the
// calling goroutine, else the one created last (see above), and returns it.
func misuse(summary, detail, suggestion string) *diag.Diagnostic {
	site := callerSite()
	d := &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: &site, Suggestion: suggestion}
	g := goroutineID()
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	l := misuses.byGoroutine[g].Value()
	if l == nil {
		l = misuses.latest
	}
	if l != nil {
		*l = append(*l, d)
	} else {
		misuses.pending = append(misuses.pending, d)
	}
	return d
}

// goroutineID is the number the runtime gives the calling goroutine, read
// from the first line of its stack trace ("goroutine 7 [running]:"). Go
// has no other way to tell goroutines apart; it is read only when an app
// is created and when a mistake is recorded.
func goroutineID() uint64 {
	var buf [64]byte
	line := buf[:runtime.Stack(buf[:], false)]
	line = bytes.TrimPrefix(line, []byte("goroutine "))
	var id uint64
	for _, c := range line {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + uint64(c-'0')
	}
	return id
}

// misusesIn returns a copy of list, an app's mistakes without a stack.
func misusesIn(list *diag.Diagnostics) diag.Diagnostics {
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	return append(diag.Diagnostics(nil), *list...)
}

// unclaimed returns the mistakes recorded before any app was created, for
// a nil *App to report.
func unclaimed() diag.Diagnostics {
	misuses.mu.Lock()
	defer misuses.mu.Unlock()
	return append(diag.Diagnostics(nil), misuses.pending...)
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
