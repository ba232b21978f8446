package tsx

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
	"github.com/go-sourcemap/sourcemap"
)

// Engine evaluates a bundled configuration script. The script leaves the
// rendered tree in the global __tfkitOutput, which Run returns as a Value.
// Failures of the script are *ScriptError values; anything else is a
// failure of the engine itself.
//
// The interface is small so that a faster engine can replace goja without
// touching the rest of the front end; JSONEngine adapts any engine that can
// print the tree as JSON (such as node, for comparisons).
type Engine interface {
	Run(ctx context.Context, s Script) (Value, error)
}

// Script is what an Engine runs.
type Script struct {
	// Name is the script's file name in stack traces.
	Name string
	// Code is the bundle, with an inline source map (only the built-in
	// engine is given it without one: see mapped).
	Code string
	// Env becomes process.env.
	Env map[string]string
	// Dir is what process.cwd() returns.
	Dir string
	// Timeout stops a script that runs longer; zero means no limit.
	Timeout time.Duration
	// Log receives console output; nil discards it.
	Log io.Writer
	// Asset builds the asset tf.asset declares (kind "file", "directory",
	// "archive", or "" to take the source's), returning its path and hash
	// or the mistake; nil makes tf.asset an error. Engines that cannot
	// call back into Go leave it unused.
	Asset func(name, source, kind string) (AssetInfo, *AssetError)

	// mapped, when set, gives the same bundle as Code with its inline
	// source map, which Code then lacks, or "" when it cannot: only the
	// built-in engine is given a bundle without a map, and it asks for the
	// map only when a position is read (see mapLater).
	mapped func() string
}

// AssetInfo is what tf.asset returns to the script.
type AssetInfo struct {
	Type, Path, Hash string
}

// AssetError is a mistake in a tf.asset call, thrown in the script where
// the call was made.
type AssetError struct {
	Summary, Detail, Hint string
}

// ScriptError is an exception the script did not catch, or its stop by
// timeout or cancellation.
type ScriptError struct {
	// Name is the error's class (TypeError, Error, TfkitError); empty for
	// thrown non-errors.
	Name    string
	Message string
	// Summary, Detail and Hint are set on tfkit's own runtime errors
	// (Name TfkitError).
	Summary, Detail, Hint string
	// Stack lists the frames, innermost first, at source positions (the
	// .tsx files, through the bundle's source map).
	Stack []Frame
	// Timeout is set when the script was stopped because it ran too long.
	Timeout time.Duration
	// Canceled is set when the context was canceled.
	Canceled bool
	// Composites are the composite components the exception passed
	// through, innermost first: Func is the component's name and the
	// position that of its element (<Network ... />), which the stack
	// does not show because the runtime calls composites.
	Composites []Frame
}

// Frame is one stack frame.
type Frame struct {
	Func string
	File string // as the source map names it
	Line int    // 1-based
	Col  int    // 1-based
}

func (e *ScriptError) Error() string {
	var b strings.Builder
	if e.Name != "" {
		b.WriteString(e.Name)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	b.WriteString(formatFrames(e.Stack))
	return b.String()
}

// Goja returns the engine built into tfkit: goja, a JavaScript interpreter
// written in Go.
func Goja() Engine { return gojaEngine{} }

type gojaEngine struct {
	// asIs runs the bundle as goja reads it, with the elements' position
	// objects (see indexJSXSites) and the source map read by the parser,
	// for tests that compare the two ways.
	asIs bool
	// jsRefProxies leaves the ref proxies to the runtime's JavaScript
	// traps, for tests that compare them with the native ones.
	jsRefProxies bool
}

func (ge gojaEngine) Run(ctx context.Context, s Script) (Value, error) {
	// The inline source map is decoded and parsed on another core while
	// goja parses and compiles the code, and given to the program before it
	// runs, so that every position it reports is mapped as if goja had read
	// the map itself.
	code, mapLine := s.Code, ""
	if !ge.asIs {
		code, mapLine = splitInlineMap(s.Code)
	}
	later := mapLine == "" && s.mapped != nil
	var mapped chan *sourcemap.Consumer
	opts := []parser.Option{noSourceMapFiles}
	if mapLine != "" {
		mapped = make(chan *sourcemap.Consumer, 1)
		go func() { mapped <- parseInlineMap(s.Name, mapLine) }()
		opts = []parser.Option{parser.WithDisableSourceMaps}
	}
	prg, sites, err := parseBundle(s.Name, code, opts, !ge.asIs)
	if err != nil {
		whole := s.Code
		if later {
			whole = s.mapped()
		}
		if whole != "" && (mapLine != "" || later) {
			// Parse again as a whole, for the error at mapped positions.
			if _, err2 := goja.Parse(s.Name, whole, noSourceMapFiles); err2 != nil {
				err = err2
			}
		}
		return nil, fmt.Errorf("parse bundle: %w", err)
	}
	compiled, err := goja.CompileAST(prg, false)
	if mapped != nil {
		if m := <-mapped; m != nil {
			prg.File.SetSourceMap(m)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("compile bundle: %w", err)
	}
	vm := goja.New()
	vm.SetMaxCallStackSize(10000)
	// The bundle is scanned for tests of refs on another core while the
	// script runs; only a message reads what was found.
	found := make(chan []refTest, 1)
	go func() { found <- findRefTests(prg) }()
	env := &gojaEnv{vm: vm, sites: sites, jsRefProxies: ge.jsRefProxies, file: prg.File, refTestsFound: found}
	if later {
		env.mapLater = &lateMap{file: prg.File, name: s.Name, mapped: s.mapped}
	}
	if err := env.setupGlobals(s); err != nil {
		return nil, err
	}

	// A watcher interrupts the run on timeout or cancellation. It is
	// stopped, and any interrupt it raised cleared, before the result is
	// read: reading may run getters, which must not be interrupted.
	stop := make(chan struct{})
	watcherDone := make(chan struct{})
	type reason struct{ timeout, canceled bool }
	if s.Timeout > 0 || ctx.Done() != nil {
		var timer <-chan time.Time
		if s.Timeout > 0 {
			t := time.NewTimer(s.Timeout)
			defer t.Stop()
			timer = t.C
		}
		go func() {
			defer close(watcherDone)
			select {
			case <-timer:
				vm.Interrupt(reason{timeout: true})
			case <-ctx.Done():
				vm.Interrupt(reason{canceled: true})
			case <-stop:
			}
		}()
	} else {
		close(watcherDone)
	}
	stopWatcher := func() {
		close(stop)
		<-watcherDone
	}

	_, err = vm.RunProgram(compiled)
	stopWatcher()
	if err != nil {
		env.mapLater.apply()
		var ie *goja.InterruptedError
		if errors.As(err, &ie) {
			r, _ := ie.Value().(reason)
			se := &ScriptError{Stack: framesOf(ie.Stack()), Canceled: r.canceled}
			if r.timeout {
				se.Timeout = s.Timeout
				se.Message = fmt.Sprintf("the configuration did not finish within %s", s.Timeout)
			} else {
				se.Message = "the build was canceled"
			}
			return nil, se
		}
		var so *goja.StackOverflowError
		if errors.As(err, &so) {
			return nil, &ScriptError{Name: "RangeError", Message: "maximum call stack size exceeded (endless recursion?)", Stack: framesOf(so.Stack())}
		}
		var ex *goja.Exception
		if errors.As(err, &ex) {
			return nil, exceptionError(ex, sites, env.host)
		}
		return nil, err
	}
	vm.ClearInterrupt()
	out := vm.Get(outputGlobal)
	if out == nil || goja.IsUndefined(out) {
		return nil, errors.New("the bundle did not render the configuration")
	}
	env.objectProto = vm.NewObject().Prototype()
	if ep, ok := env.host.Get("elementPrototype").(*goja.Object); ok {
		env.elementProto = ep
	}
	return env.wrap(out), nil
}

// parseBundle parses a bundle; with index, the elements' position objects
// are taken out and returned as a table (see indexJSXSites). They are
// replaced in the text first (see textSites), so that goja parses a number
// for each; when any replaced text turns out not to be one, the text is
// parsed as it was and the objects are taken out of its syntax tree.
func parseBundle(name, code string, opts []parser.Option, index bool) (*ast.Program, []jsxSite, error) {
	if !index {
		prg, err := goja.Parse(name, code, opts...)
		return prg, nil, err
	}
	if t := textSites(code); t != nil {
		if prg, err := goja.Parse(name, t.code, opts...); err == nil {
			if sites, ok := t.index(prg); ok {
				return prg, sites, nil
			}
		}
	}
	prg, err := goja.Parse(name, code, opts...)
	if err != nil {
		return nil, nil, err
	}
	return prg, indexJSXSites(prg, code), nil
}

// lateMap is the source map of a program parsed without one, made when a
// position is first read. Positions are read only for messages (a script's
// exception, a ref's site), after the script has stopped, so a build that
// succeeds never makes the map.
type lateMap struct {
	file   *file.File
	name   string
	mapped func() string
	done   bool
}

// apply gives the program its map, once; nil does nothing. It must not run
// while the script runs.
func (m *lateMap) apply() {
	if m == nil || m.done {
		return
	}
	m.done = true
	if _, line := splitInlineMap(m.mapped()); line != "" {
		if sm := parseInlineMap(m.name, line); sm != nil {
			m.file.SetSourceMap(sm)
		}
	}
}

// mapPositionsOf gives the program behind a value of the goja engine its
// source map, for positions read from an exception it raised.
func mapPositionsOf(tree Value) {
	if g, ok := tree.(*gojaValue); ok {
		g.env.mapLater.apply()
	}
}

// noSourceMapFiles refuses source maps that are not inline: only the
// bundle's own map is used; files are never read.
var noSourceMapFiles = parser.WithSourceMapLoader(func(string) ([]byte, error) {
	return nil, errors.New("no external source maps")
})

// splitInlineMap cuts the last line of a bundle off when it is an inline
// source map (only empty lines after it), the line goja's parser would
// read the map from: code is the rest, mapLine the comment. Any other
// bundle is left whole, for goja to read as it does.
func splitInlineMap(bundle string) (code, mapLine string) {
	rest := strings.TrimRight(bundle, "\n")
	p := strings.LastIndexByte(rest, '\n')
	if line := rest[p+1:]; strings.HasPrefix(line, "//# sourceMappingURL=data:application/json") {
		return bundle[:p+1], line
	}
	return bundle, ""
}

// parseInlineMap reads the map of a "//# sourceMappingURL=data:..." line
// as goja's parser does; nil when it cannot be read.
func parseInlineMap(name, line string) *sourcemap.Consumer {
	url := line[strings.Index(line, "=")+1:]
	data, err := base64.StdEncoding.DecodeString(url[strings.Index(url, ",")+1:])
	if err != nil || data == nil {
		return nil
	}
	m, err := sourcemap.Parse(name, data)
	if err != nil {
		return nil
	}
	return m
}

func exceptionError(ex *goja.Exception, sites []jsxSite, host *goja.Object) *ScriptError {
	se := &ScriptError{Stack: framesOf(ex.Stack())}
	v := ex.Value()
	if host != nil {
		if list, ok := host.Get(throwSitesKey).(*goja.Object); ok {
			se.Composites = compositeSites(list, sites)
		}
	}
	if obj, ok := v.(*goja.Object); ok && obj.ClassName() == "Error" {
		se.Name = stringProp(obj, "name")
		se.Message = stringProp(obj, "message")
		se.Summary = stringProp(obj, "summary")
		se.Detail = stringProp(obj, "detail")
		se.Hint = stringProp(obj, "hint")
		return se
	}
	if v == nil {
		se.Message = "undefined was thrown"
	} else {
		se.Message = "a non-error value was thrown: " + v.String()
	}
	return se
}

// compositeSites reads the composites an exception passed through, as the
// runtime lists them on the host (innermost first): each one's name and
// the position of its element (an index into sites, or esbuild's object).
func compositeSites(list *goja.Object, sites []jsxSite) []Frame {
	if list.ClassName() != "Array" {
		return nil
	}
	var out []Frame
	n := int(list.Get("length").ToInteger())
	for i := 0; i < n && i < 100; i++ {
		site, ok := list.Get(strconv.Itoa(i)).(*goja.Object)
		if !ok {
			continue
		}
		if i, ok := siteIndex(site.Get("s"), sites); ok {
			out = append(out, Frame{Func: stringProp(site, "n"), File: sites[i].file, Line: sites[i].line, Col: sites[i].col})
			continue
		}
		pos, ok := site.Get("s").(*goja.Object)
		if !ok {
			continue
		}
		f := Frame{Func: stringProp(site, "n"), File: stringProp(pos, "fileName")}
		if l := pos.Get("lineNumber"); l != nil && goja.IsNumber(l) {
			f.Line = int(l.ToInteger())
		}
		if c := pos.Get("columnNumber"); c != nil && goja.IsNumber(c) {
			f.Col = int(c.ToInteger())
		}
		if f.File != "" && f.Line > 0 {
			out = append(out, f)
		}
	}
	return out
}

// throwSitesKey is the property of the host on which the runtime lists the
// composites the exception being thrown passed through.
const throwSitesKey = "throwSites"

func stringProp(obj *goja.Object, name string) string {
	v := obj.Get(name)
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return ""
	}
	return v.String()
}

func framesOf(stack []goja.StackFrame) []Frame {
	out := make([]Frame, 0, len(stack))
	for i := range stack {
		f := &stack[i]
		p := f.Position()
		if p.Filename == "" {
			continue // native frames
		}
		out = append(out, Frame{Func: f.FuncName(), File: p.Filename, Line: p.Line, Col: p.Column + 1})
	}
	return out
}

// gojaEnv is one run of the goja engine: the runtime, the prototypes that
// tell plain objects and elements apart, and the stack frames useRef
// recorded.
type gojaEnv struct {
	vm           *goja.Runtime
	host         *goja.Object
	objectProto  *goja.Object
	elementProto *goja.Object
	frames       []goja.StackFrame
	buf          []goja.StackFrame
	// sites are the positions of the elements, which the bundle passes
	// as indexes (see indexJSXSites).
	sites []jsxSite
	// mapLater is the source map left for later, or nil.
	mapLater *lateMap
	// jsRefProxies: see gojaEngine.
	jsRefProxies bool
	// unset lists the environment variables the script read and found
	// unset, each once, with the frame of its first read (-1 when the
	// stack had none): a string holding "undefined" names them.
	unset []unsetRead
	// file is the parsed bundle; refTestsFound delivers the tests of refs
	// found in it (see findRefTests).
	file          *file.File
	refTestsFound <-chan []refTest
}

// unsetRead is a read of an environment variable that is not set.
type unsetRead struct {
	name  string
	frame int
}

// setupGlobals gives the script process.env, process.cwd(), console and the
// host's site(), which useRef calls to remember where each ref was made.
func (e *gojaEnv) setupGlobals(s Script) error {
	vm := e.vm
	env := vm.NewObject()
	keys := make([]string, 0, len(s.Env))
	for k := range s.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := env.Set(k, s.Env[k]); err != nil {
			return err
		}
	}
	process := vm.NewObject()
	_ = process.Set("env", e.watchUnsetEnv(env))
	_ = process.Set("cwd", func() string { return s.Dir })
	_ = process.Set("platform", "tfkit")
	_ = process.Set("argv", []any{})
	// A Node script stops with process.exit; here that is an error that
	// says what to do instead, at the call.
	_ = process.Set("exit", func(goja.FunctionCall) goja.Value {
		ctor, _ := goja.AssertConstructor(vm.Get("Error"))
		e, err := ctor(nil, vm.ToValue("process.exit is not available"))
		if err != nil {
			panic(err)
		}
		_ = e.Set("name", "TfkitError")
		_ = e.Set("summary", "process.exit is not available")
		_ = e.Set("detail", "tfkit evaluates the configuration without Node: there is no process to exit.")
		_ = e.Set("hint", `to stop the build, throw new Error("...") with the reason`)
		panic(e)
	})
	if err := vm.Set("process", process); err != nil {
		return err
	}

	log := s.Log
	if log == nil {
		log = io.Discard
	}
	console := vm.NewObject()
	print := func(call goja.FunctionCall) goja.Value {
		parts := make([]string, len(call.Arguments))
		for i, a := range call.Arguments {
			// Refs and tf helpers show as ${...}: what they stand for is
			// known only once the configuration is rendered.
			parts[i] = cleanPlaceholders(consoleString(vm, a))
		}
		fmt.Fprintln(log, strings.Join(parts, " "))
		return goja.Undefined()
	}
	for _, name := range []string{"log", "info", "warn", "error", "debug"} {
		_ = console.Set(name, print)
	}
	if err := vm.Set("console", console); err != nil {
		return err
	}

	e.host = vm.NewObject()
	_ = e.host.Set("site", func(goja.FunctionCall) goja.Value {
		// Frames, innermost first: site itself, the runtime's callerSite
		// and useRef, then the user's call. Positions are resolved only
		// when a message needs one.
		e.buf = vm.CaptureCallStack(5, e.buf[:0])
		for i := 1; i < len(e.buf); i++ { // 0 is this native function
			switch e.buf[i].FuncName() {
			case "callerSite", "useRef":
				continue
			}
			e.frames = append(e.frames, e.buf[i])
			return vm.ToValue(len(e.frames) - 1)
		}
		return goja.Null()
	})
	if !e.jsRefProxies {
		_ = e.host.Set("refProxies", e.refProxies)
	}
	if err := e.watchNondeterminism(); err != nil {
		return err
	}
	if s.Asset != nil {
		_ = e.host.Set("asset", func(name, source, kind string) map[string]any {
			info, err := s.Asset(name, source, kind)
			if err != nil {
				return map[string]any{"summary": err.Summary, "detail": err.Detail, "hint": err.Hint}
			}
			return map[string]any{"type": info.Type, "path": info.Path, "hash": info.Hash}
		})
	}
	return vm.Set("__tfkitHost", e.host)
}

// watchUnsetEnv returns process.env: env itself to the script, which also
// remembers where a variable that is not set was first read. Reading one is
// fine (process.env.ENV ?? "dev"); the list serves a later message, when
// "undefined" turns up in a string of the output.
func (e *gojaEnv) watchUnsetEnv(env *goja.Object) goja.Value {
	seen := map[string]bool{}
	return e.vm.ToValue(e.vm.NewProxy(env, &goja.ProxyTrapConfig{
		Get: func(target *goja.Object, prop string, _ goja.Value) goja.Value {
			v := target.Get(prop) // inherited names (toString) are found
			if v == nil && !seen[prop] && len(e.unset) < maxNondeterministic {
				seen[prop] = true
				frame := -1
				e.buf = e.vm.CaptureCallStack(1, e.buf[:0])
				if len(e.buf) > 0 {
					e.frames = append(e.frames, e.buf[0])
					frame = len(e.frames) - 1
				}
				e.unset = append(e.unset, unsetRead{name: prop, frame: frame})
			}
			if v == nil {
				return goja.Undefined()
			}
			return v
		},
	}))
}

// maxNondeterministic is how many calls of Math.random, Date.now and
// new Date() a run remembers, each with its frame: a loop may call them
// millions of times, and a warning needs only the first places.
const maxNondeterministic = 16

// watchNondeterminism wraps Math.random(), Date.now() and Date() or new
// Date() without arguments: their values differ from one build to the next,
// and the host's reads() returns where they were called ({w: what, s: the
// site, as Value.Site reads it}), which the converter reports as warnings.
// The functions return what the originals return.
func (e *gojaEnv) watchNondeterminism() error {
	vm := e.vm
	type read struct {
		what  string
		frame int
	}
	var reads []read
	seen := map[string]bool{}
	// record remembers the frame depth levels above the native call.
	record := func(what string, depth int) {
		if len(reads) >= maxNondeterministic {
			return
		}
		buf := vm.CaptureCallStack(depth+1, nil)
		if len(buf) <= depth {
			if !seen[what] {
				seen[what] = true
				reads = append(reads, read{what, -1})
			}
			return
		}
		f := buf[depth]
		// One per place: the bundle's position is enough to tell places
		// apart, and needs no source map.
		p := f.Position()
		key := fmt.Sprintf("%s %s:%d:%d", what, f.SrcName(), p.Line, p.Column)
		if f.SrcName() == "" || seen[key] {
			return
		}
		seen[key] = true
		e.frames = append(e.frames, f)
		reads = append(reads, read{what, len(e.frames) - 1})
	}
	math := vm.Get("Math").ToObject(vm)
	random, ok := goja.AssertFunction(math.Get("random"))
	if !ok {
		return errors.New("tsx: Math.random is not a function")
	}
	_ = math.Set("random", func(call goja.FunctionCall) goja.Value {
		record("Math.random()", 1)
		v, err := random(call.This)
		if err != nil {
			panic(err)
		}
		return v
	})
	date := vm.Get("Date").ToObject(vm)
	now, ok := goja.AssertFunction(date.Get("now"))
	if !ok {
		return errors.New("tsx: Date.now is not a function")
	}
	_ = date.Set("now", func(call goja.FunctionCall) goja.Value {
		record("Date.now()", 1)
		v, err := now(call.This)
		if err != nil {
			panic(err)
		}
		return v
	})
	// The constructor is wrapped in JavaScript, which keeps instanceof,
	// the prototype and the static methods: record is called from the
	// wrapper, so the caller is two frames up. (Called with new, the
	// wrapper's caller is not in goja's stack: such a read is reported
	// without a place.)
	wrap, err := vm.RunString(`(function (D, record) {
  function Date(...args) {
    if (args.length === 0) record(new.target ? "new Date()" : "Date()", 2);
    return new.target ? Reflect.construct(D, args, new.target) : D();
  }
  Object.defineProperties(Date, Object.getOwnPropertyDescriptors(D));
  Object.defineProperty(D.prototype, "constructor", { value: Date, writable: true, configurable: true });
  return Date;
})`)
	if err != nil {
		return err
	}
	fn, _ := goja.AssertFunction(wrap)
	wrapped, err := fn(goja.Undefined(), date, vm.ToValue(record))
	if err != nil {
		return err
	}
	if err := vm.Set("Date", wrapped); err != nil {
		return err
	}
	_ = e.host.Set("reads", func() []any {
		out := make([]any, len(reads))
		for i, r := range reads {
			out[i] = map[string]any{"w": r.what, "s": r.frame}
		}
		return out
	})
	return nil
}

// refProxies is the host's host.refProxies(EXPR, KIND, placeholder, set, misuse):
// it returns the function that makes a ref proxy over a ref's serialized
// form ({$$tfkit: "ref", r, p}), with native traps that do what the
// runtime's refHandler does. EXPR is the symbol that reads the form itself,
// KIND the property components are marked with, placeholder the runtime's
// function that puts a ref in a string, set the trap that refuses writes,
// misuse the function that refuses a ref as a number ("number") or a list
// of keys ("keys").
func (e *gojaEnv) refProxies(call goja.FunctionCall) goja.Value {
	vm := e.vm
	expr, _ := call.Argument(0).(*goja.Symbol)
	kind := call.Argument(1).String()
	placeholder, ok1 := goja.AssertFunction(call.Argument(2))
	set, ok2 := goja.AssertFunction(call.Argument(3))
	misuse, ok3 := goja.AssertFunction(call.Argument(4))
	if expr == nil || !ok1 || !ok2 || !ok3 {
		return goja.Null() // the runtime keeps its own proxies
	}
	inString := func(target *goja.Object) goja.Value {
		return vm.ToValue(func(goja.FunctionCall) goja.Value {
			v, err := placeholder(goja.Undefined(), target)
			if err != nil {
				panic(err)
			}
			return v
		})
	}
	refuseAs := func(what string) {
		if _, err := misuse(goja.Undefined(), vm.ToValue(what)); err != nil {
			panic(err)
		}
	}
	toPrimitive := func(target *goja.Object) goja.Value {
		return vm.ToValue(func(c goja.FunctionCall) goja.Value {
			if c.Argument(0).String() == "number" {
				refuseAs("number")
			}
			v, err := placeholder(goja.Undefined(), target)
			if err != nil {
				panic(err)
			}
			return v
		})
	}
	refuse := func() bool {
		if _, err := set(goja.Undefined()); err != nil {
			panic(err)
		}
		return false
	}
	refMark := vm.ToValue("ref")
	var traps *goja.ProxyTrapConfig
	newRef := func(m *goja.Object) goja.Value {
		return vm.ToValue(vm.NewProxy(m, traps))
	}
	get := func(target *goja.Object, prop string) goja.Value {
		switch prop {
		case "toString", "valueOf":
			return inString(target)
		case "toJSON":
			// JSON.stringify in the configuration: the placeholder, as the
			// runtime's own proxies give it while rendering (this engine
			// reads the output without serializing it).
			return inString(target)
		case "then", "$$typeof", kind:
			return goja.Undefined()
		}
		m := vm.NewObject()
		_ = m.Set(markKey, refMark)
		_ = m.Set("r", target.Get("r"))
		// The path so far, as the script's values (strings), and prop.
		var path []any
		if p, ok := target.Get("p").(*goja.Object); ok {
			n := int(p.Get("length").ToInteger())
			path = make([]any, n, n+1)
			for i := range n {
				path[i] = p.Get(strconv.Itoa(i))
			}
		}
		_ = m.Set("p", vm.NewArray(append(path, prop)...))
		return newRef(m)
	}
	traps = &goja.ProxyTrapConfig{
		Get: func(target *goja.Object, prop string, _ goja.Value) goja.Value {
			return get(target, prop)
		},
		GetIdx: func(target *goja.Object, i int, _ goja.Value) goja.Value {
			return get(target, strconv.Itoa(i))
		},
		GetSym: func(target *goja.Object, sym *goja.Symbol, _ goja.Value) goja.Value {
			switch sym {
			case expr:
				return target
			case goja.SymToPrimitive:
				return toPrimitive(target)
			}
			return goja.Undefined()
		},
		Set:    func(*goja.Object, string, goja.Value, goja.Value) bool { return refuse() },
		SetIdx: func(*goja.Object, int, goja.Value, goja.Value) bool { return refuse() },
		SetSym: func(*goja.Object, *goja.Symbol, goja.Value, goja.Value) bool { return refuse() },
		OwnKeys: func(*goja.Object) *goja.Object {
			refuseAs("keys")
			return nil
		},
	}
	return vm.ToValue(func(c goja.FunctionCall) goja.Value {
		m, ok := c.Argument(0).(*goja.Object)
		if !ok {
			panic(vm.NewTypeError("a ref's form is an object"))
		}
		return newRef(m)
	})
}

// consoleString formats one console argument: strings as they are, other
// values as JSON when possible.
func consoleString(vm *goja.Runtime, v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if s, ok := v.Export().(string); ok {
		return s
	}
	if obj, ok := v.(*goja.Object); ok && obj.ClassName() != "Function" {
		if js, ok := vm.Get("JSON").(*goja.Object); ok {
			if stringify, ok := goja.AssertFunction(js.Get("stringify")); ok {
				if out, err := stringify(js, v); err == nil && !goja.IsUndefined(out) {
					return out.String()
				}
			}
		}
	}
	return v.String()
}

var proxyType = reflect.TypeOf(goja.Proxy{})

// wrap makes a Value of a goja value; refs (proxies) are read through to
// their targets.
func (e *gojaEnv) wrap(v goja.Value) Value {
	g := &gojaValue{env: e, v: v}
	switch {
	case v == nil || goja.IsUndefined(v):
		g.kind = Undefined
	case goja.IsNull(v):
		g.kind = Null
	case goja.IsString(v):
		g.kind = String
	case goja.IsNumber(v):
		g.kind = Number
	case goja.IsBigInt(v):
		g.kind, g.typeName = Other, "bigint"
	default:
		obj, ok := v.(*goja.Object)
		if !ok {
			if _, isSym := v.(*goja.Symbol); isSym {
				g.kind, g.typeName = Other, "symbol"
			} else {
				g.kind = Bool
			}
			break
		}
		if obj.ExportType() == proxyType {
			// Refs are proxies over their serialized form: read that.
			// Any other proxy is read through its traps, as JavaScript
			// would; a trap that throws is reported like a getter that
			// throws.
			class := obj
			if p, ok := obj.Export().(goja.Proxy); ok && p.Target() != nil {
				class = p.Target()
				if goja.IsString(class.Get(markKey)) {
					obj = class
				}
			}
			g.obj = obj
			switch class.ClassName() {
			case "Array":
				g.kind = Array
				return g
			case "Function":
				g.kind = Function
				return g
			}
		}
		g.obj = obj
		switch obj.ClassName() {
		case "Array":
			g.kind = Array
			return g
		case "Function":
			g.kind = Function
			return g
		}
		proto := obj.Prototype()
		switch {
		case proto == nil || proto == e.objectProto:
			g.kind = Object
		case goja.IsString(obj.Get(markKey)):
			g.kind = Object // a tf helper
		case e.elementProto != nil && proto == e.elementProto:
			g.kind, g.typeName = Other, "JSX element"
		default:
			g.kind, g.typeName = Other, "object"
			if c, ok := obj.Get("constructor").(*goja.Object); ok {
				if n := c.Get("name"); n != nil && goja.IsString(n) && n.String() != "" {
					g.typeName = n.String()
				}
			}
		}
	}
	return g
}

// markKey is the property that names the kind of refs and tf helpers.
const markKey = "$$tfkit"

type gojaValue struct {
	env      *gojaEnv
	v        goja.Value
	obj      *goja.Object
	kind     Kind
	typeName string
}

func (g *gojaValue) Kind() Kind       { return g.kind }
func (g *gojaValue) Bool() bool       { return g.kind == Bool && g.v.ToBoolean() }
func (g *gojaValue) TypeName() string { return g.typeName }

func (g *gojaValue) Number() float64 {
	if g.kind != Number {
		return 0
	}
	return g.v.ToFloat()
}

func (g *gojaValue) Str() string {
	if g.kind != String {
		return ""
	}
	return g.v.String()
}

func (g *gojaValue) Len() int {
	if g.kind != Array {
		return 0
	}
	return int(g.obj.Get("length").ToInteger())
}

func (g *gojaValue) Index(i int) Value {
	if g.kind != Array {
		return g.env.wrap(nil)
	}
	return g.env.wrap(g.obj.Get(strconv.Itoa(i)))
}

func (g *gojaValue) Keys() []string {
	if g.kind != Object {
		return nil
	}
	// A throwing getter panics with *goja.Exception; Build recovers it.
	return g.obj.Keys()
}

func (g *gojaValue) Get(key string) Value {
	if g.obj == nil {
		return g.env.wrap(nil)
	}
	return g.env.wrap(g.obj.Get(key))
}

func (g *gojaValue) Site() (string, int, int, bool) {
	i, ok := intOf(g)
	if !ok || i < 0 || i >= len(g.env.frames) {
		return "", 0, 0, false
	}
	g.env.mapLater.apply()
	p := g.env.frames[i].Position()
	if p.Filename == "" {
		return "", 0, 0, false
	}
	return p.Filename, p.Line, p.Column + 1, true
}

// recoverScriptError turns a panic raised while the converter reads the
// engine's values (a getter or proxy trap that throws) into a ScriptError;
// tree is the value being read.
func recoverScriptError(r any, tree Value) (*ScriptError, bool) {
	if ex, ok := r.(*goja.Exception); ok {
		var sites []jsxSite
		var host *goja.Object
		if g, ok := tree.(*gojaValue); ok {
			sites, host = g.env.sites, g.env.host
		}
		mapPositionsOf(tree)
		return exceptionError(ex, sites, host), true
	}
	return nil, false
}

// siteIndex reads an element position the bundle gives as an index into
// sites (see indexJSXSites).
func siteIndex(v goja.Value, sites []jsxSite) (int, bool) {
	if v == nil || !goja.IsNumber(v) {
		return 0, false
	}
	f := v.ToFloat()
	i := int(f)
	if float64(i) != f || i <= 0 || i >= len(sites) {
		return 0, false
	}
	return i, true
}

// jsxSite reads an element position given as an index into the bundle's
// table of positions.
func (g *gojaValue) jsxSite() (jsxSite, bool) {
	if g.kind != Number {
		return jsxSite{}, false
	}
	i, ok := siteIndex(g.v, g.env.sites)
	if !ok {
		return jsxSite{}, false
	}
	return g.env.sites[i], true
}

func (g *gojaValue) StrAt(key string) (string, bool) {
	if g.obj == nil {
		return "", false
	}
	v := g.obj.Get(key)
	if v == nil || !goja.IsString(v) {
		return "", false
	}
	return v.String(), true
}

func (g *gojaValue) IntAt(key string) (int, bool) {
	if g.obj == nil {
		return 0, false
	}
	v := g.obj.Get(key)
	if v == nil || !goja.IsNumber(v) {
		return 0, false
	}
	f := v.ToFloat()
	if f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

// identity is the JavaScript object behind g, or nil for primitives.
func (g *gojaValue) identity() any {
	if g.obj == nil {
		return nil
	}
	return g.obj
}

// watch interrupts JavaScript that reading values runs (a getter, a proxy
// trap) once ctx is done, until the returned function is called.
func (g *gojaValue) watch(ctx context.Context) func() {
	if ctx.Done() == nil {
		return func() {}
	}
	vm := g.env.vm
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case <-ctx.Done():
			vm.Interrupt(ctx.Err())
		case <-stop:
		}
	}()
	return func() {
		close(stop)
		<-done
		vm.ClearInterrupt()
	}
}

// interruptError turns a panic raised while values were read, when it is
// the engine stopping JavaScript because ctx ended with err, into the
// ScriptError of that stop, with the stack of the getter it stopped.
func interruptError(r any, err error, timeout time.Duration, tree Value) (*ScriptError, bool) {
	ie, ok := r.(*goja.InterruptedError)
	if !ok {
		return nil, false
	}
	mapPositionsOf(tree)
	se := &ScriptError{Stack: framesOf(ie.Stack())}
	if errors.Is(err, context.DeadlineExceeded) && timeout > 0 {
		se.Timeout = timeout
		se.Message = fmt.Sprintf("the configuration did not finish within %s", timeout)
	} else {
		se.Canceled = true
		se.Message = "the build was canceled"
	}
	return se, true
}

// loneSurrogate reports whether a string value holds half of a UTF-16
// surrogate pair, which no UTF-8 text can hold ("\uD800"): the index of
// the first one in UTF-16 code units. goja would give it as U+FFFD.
func (g *gojaValue) loneSurrogate() (int, bool) {
	if g.kind != String || !strings.ContainsRune(g.v.String(), utf8.RuneError) {
		return 0, false
	}
	s, ok := g.v.(goja.String)
	if !ok {
		return 0, false
	}
	n := s.Length()
	for i := 0; i < n; i++ {
		c := s.CharAt(i)
		switch {
		case c >= 0xD800 && c <= 0xDBFF:
			if i+1 < n {
				if d := s.CharAt(i + 1); d >= 0xDC00 && d <= 0xDFFF {
					i++
					continue
				}
			}
			return i, true
		case c >= 0xDC00 && c <= 0xDFFF:
			return i, true
		}
	}
	return 0, false
}
