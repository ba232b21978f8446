package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tfkit/tfkit/diag"
)

// Exit codes shared by every command.
const (
	// ExitOK: the command did what was asked.
	ExitOK = 0
	// ExitFailure: the command ran and failed (an error diagnostic, a
	// failing app, a stale output for --check).
	ExitFailure = 1
	// ExitUsage: the command line itself is wrong.
	ExitUsage = 2
	// ExitInterrupted: the command was stopped by Ctrl-C or SIGTERM, as a
	// shell reports a process ended by SIGINT.
	ExitInterrupted = 130
)

// Env is everything a command may use from the process around it.
type Env struct {
	Stdout, Stderr io.Writer
	// Stdin answers prompts (deploy's approval); nil means no terminal, so
	// commands that would ask need --auto-approve.
	Stdin io.Reader
	// Dir is the directory commands run in before --chdir; "" means the
	// process's working directory.
	Dir string
	// Environ is the environment given to child processes, as os.Environ.
	Environ []string
	// Version is the tfkit version to report.
	Version string
}

// command is one subcommand; each lives in its own file and registers itself.
type command struct {
	name     string
	synopsis string // one line for the command list
	usage    string // after "Usage: tfkit "
	help     string // paragraphs after the usage line
	// setup declares the command's flags on fs and returns the code to run
	// once they are parsed; fresh flag values per invocation keep
	// commands free of package state.
	setup func(fs *flag.FlagSet) func(ctx context.Context, r *run, args []string) int
	// usageExit, when set, gives the exit code of a wrong command line
	// from its arguments (after the command name) instead of ExitUsage.
	usageExit func(args []string) int
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("cli: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// run is one invocation of a command.
type run struct {
	env Env
	// command is the command's name (synth, deploy...), for hints that
	// show it.
	command string
	// dir is the directory the command works in (Env.Dir plus --chdir).
	dir string
	// chdir is --chdir as given, to repeat it in hints.
	chdir  string
	stdout io.Writer
	stderr io.Writer
	// repeats, set by watch, keeps a warning about the project that every
	// synth would give (stale bindings) from being repeated while it stays
	// the same.
	repeats *repeatedWarnings
}

// repeatedWarnings remembers the warnings of the last synth and of the one
// running.
type repeatedWarnings struct{ last, now map[string]bool }

// next starts a synth.
func (w *repeatedWarnings) next() { w.last, w.now = w.now, map[string]bool{} }

// fresh records msg and reports whether the last synth did not give it.
func (w *repeatedWarnings) fresh(msg string) bool {
	w.now[msg] = true
	return !w.last[msg]
}

// warnOncef is warnf for a warning about the project itself: under watch it
// is given again only after a synth without it.
func (r *run) warnOncef(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if r.repeats == nil || r.repeats.fresh(msg) {
		r.warnf("%s", msg)
	}
}

// printf writes a line of results.
func (r *run) printf(format string, args ...any) {
	fmt.Fprintf(r.stdout, format, args...)
}

// errorf reports a failure on stderr as "Error: ...", with an optional hint.
func (r *run) errorf(hint string, format string, args ...any) {
	fmt.Fprintf(r.stderr, "Error: "+format+"\n", args...)
	if hint != "" {
		fmt.Fprintf(r.stderr, "  hint: %s\n", hint)
	}
}

// warnf reports something worth knowing that does not stop the command.
func (r *run) warnf(format string, args ...any) {
	fmt.Fprintf(r.stderr, "Warning: "+format+"\n", args...)
}

// notef prints a note, something worth knowing that is no problem, on
// stderr.
func (r *run) notef(format string, args ...any) {
	fmt.Fprintf(r.stderr, "Note: "+format+"\n", args...)
}

// report prints diagnostics on stderr and tells whether any is an error.
func (r *run) report(diags diag.Diagnostics) bool {
	if len(diags) > 0 {
		fmt.Fprintln(r.stderr, diags.Error())
	}
	return diags.HasErrors()
}

// tfkitCommand renders a tfkit command line that repeats this invocation's
// global flags, for hints such as "run 'tfkit synth' to update it".
func (r *run) tfkitCommand(args ...string) string {
	parts := []string{"tfkit"}
	if r.chdir != "" {
		parts = append(parts, "--chdir", shellQuote(r.chdir))
	}
	for _, a := range args {
		parts = append(parts, shellQuote(a))
	}
	return strings.Join(parts, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./=:,@%+", c))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// commandFlagHint says where a global flag tfkit does not know belongs
// when the command given later has it: tfkit --engine tofu eval is
// tfkit eval --engine tofu.
func commandFlagHint(err error, args []string) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return ""
	}
	for _, a := range args {
		cmd, known := commands[a]
		if !known {
			continue
		}
		fs := flag.NewFlagSet(a, flag.ContinueOnError)
		cmd.setup(fs)
		if fs.Lookup(name) == nil {
			return ""
		}
		return fmt.Sprintf("--%s is an option of %s: give it after the command (tfkit %s --%s ...)", name, a, a, name)
	}
	return ""
}

// flagErrorText words an error of the flag package as the documentation
// writes flags (--out, not -out), and names the flag of fs that an unknown
// one was most likely meant to be: a close spelling (--ouy: --out) or a
// flag it begins (--auto: --auto-approve, -v: --version).
func flagErrorText(err error, fs *flag.FlagSet) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		text := "unknown flag --" + name
		if s := flagInstead(name, fs); s != "" {
			text += "; " + s
		} else if s := suggestFlag(name, fs); s != "" {
			text += "; did you mean --" + s + "?"
		}
		return text
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "--" + name + " needs a value" + valueForm(fs.Lookup(name))
	}
	if m := invalidFlagValue.FindStringSubmatch(msg); m != nil {
		value, name, why := m[2], m[3], m[4]
		if why == "parse error" {
			why = "not " + flagValueKind(fs.Lookup(name), m[1] != "")
		}
		return fmt.Sprintf("invalid value %s for --%s: %s", value, name, why)
	}
	return msg
}

// valueForm shows how f takes its value, " (--out DIR)", when its usage
// names a placeholder (DIR, PATH, FILE.json) rather than an example value;
// else "".
func valueForm(f *flag.Flag) string {
	if f == nil {
		return ""
	}
	value, _ := flag.UnquoteUsage(f)
	if name, _, _ := strings.Cut(value, "."); name != "" && name == strings.ToUpper(name) {
		return fmt.Sprintf(" (--%s %s)", f.Name, value)
	}
	return ""
}

// emptyFlagText words the first flag of fs given an empty text value
// (--out "", which --out "$DIR" gives with DIR unset) as a missing value,
// or returns "". Taken as the flag's default, such a value would quietly
// work elsewhere: deploy another output directory's stacks, run another
// engine, or run in the current directory instead of --chdir's.
func emptyFlagText(fs *flag.FlagSet) string {
	text := ""
	fs.Visit(func(f *flag.Flag) {
		if g, ok := f.Value.(flag.Getter); ok && text == "" {
			if v, isText := g.Get().(string); isText && v == "" {
				text = "--" + f.Name + " needs a value, not an empty one" + valueForm(f)
			}
		}
	})
	return text
}

// invalidFlagValue matches the flag package's error for a value that does
// not parse: invalid value "x" for flag -name: reason (invalid boolean
// value "x" for -name: reason).
var invalidFlagValue = regexp.MustCompile(`^invalid (boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-([^:]+): (.*)$`)

// flagValueKind says what a flag's value must be, for "not ..." after a
// value that did not parse.
func flagValueKind(f *flag.Flag, isBool bool) string {
	switch {
	case isBool:
		return "true or false (or give the flag alone)"
	case f == nil:
		return "a valid value"
	}
	switch f.Value.(flag.Getter).Get().(type) {
	case int, int64, uint, uint64:
		return "a whole number"
	case float64:
		return "a number"
	case time.Duration:
		return "a duration such as 90s, 5m or 1h30m"
	}
	return "a valid value"
}

// flagInstead says what takes the place of a flag that Terraform or other
// tools have and the engine commands of tfkit (those with --exclude) do
// not, or "".
func flagInstead(name string, fs *flag.FlagSet) string {
	if fs.Lookup("exclude") == nil {
		return ""
	}
	switch name {
	case "yes", "y", "force":
		if fs.Lookup("auto-approve") != nil {
			return "did you mean --auto-approve?"
		}
	case "var", "var-file":
		return "a stack's variables take their values from TF_VAR_<name> in the environment (TF_VAR_region=eu-west-1 " + fs.Name() + "), or from the app"
	case "target":
		return "tfkit plans whole stacks: name the stacks to work on (" + fs.Name() + " STACK...), or leave resources out with --exclude (OpenTofu)"
	}
	return ""
}

// suggestFlag names the flag of fs closest to the unknown name, or "".
func suggestFlag(name string, fs *flag.FlagSet) string {
	var names, prefixed []string
	fs.VisitAll(func(f *flag.Flag) {
		names = append(names, f.Name)
		if strings.HasPrefix(f.Name, name) {
			prefixed = append(prefixed, f.Name)
		}
	})
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return closestName(name, names)
}

// closestName is the candidate that diag.DidYouMean names, or "".
func closestName(given string, candidates []string) string {
	s := diag.DidYouMean(given, candidates) // did you mean "out"?
	name, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(s, "did you mean "), "?"))
	if err != nil {
		return ""
	}
	return name
}

// Main runs the tfkit command line args (without the program name) and
// returns the process exit code.
func Main(ctx context.Context, args []string, env Env) int {
	if env.Stdout == nil {
		env.Stdout = io.Discard
	}
	if env.Stderr == nil {
		env.Stderr = io.Discard
	}
	fs := flag.NewFlagSet("tfkit", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	chdir := fs.String("chdir", "", "switch to `DIR` before running the command")
	version := fs.Bool("version", false, "print the tfkit version and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeMainHelp(env.Stdout)
			return ExitOK
		}
		fmt.Fprintf(env.Stderr, "tfkit: %s\n", flagErrorText(err, fs))
		if hint := commandFlagHint(err, args); hint != "" {
			fmt.Fprintf(env.Stderr, "  hint: %s\n", hint)
		}
		fmt.Fprintf(env.Stderr, "Run 'tfkit help' for usage.\n")
		if slices.Contains(args, "diff") {
			return diffUsageExit(args)
		}
		return ExitUsage
	}
	if text := emptyFlagText(fs); text != "" {
		fmt.Fprintf(env.Stderr, "tfkit: %s\nRun 'tfkit help' for usage.\n", text)
		if slices.Contains(args, "diff") {
			return diffUsageExit(args)
		}
		return ExitUsage
	}
	if *version {
		fmt.Fprintf(env.Stdout, "tfkit %s\n", env.Version)
		return ExitOK
	}
	rest := fs.Args()
	if len(rest) == 0 {
		writeMainHelp(env.Stderr)
		return ExitUsage
	}
	name, rest := rest[0], rest[1:]
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(env.Stderr, "tfkit: unknown command %q%s\nRun 'tfkit help' for the list of commands.\n", name, suggestCommand(name))
		// A script that asks for --detailed-exitcode (tfkit plan, a
		// misspelt diff) reads 2 as changes.
		return diffUsageExit(rest)
	}

	dir := env.Dir
	if *chdir != "" {
		if filepath.IsAbs(*chdir) {
			dir = *chdir
		} else {
			dir = filepath.Join(env.Dir, *chdir)
		}
		switch st, err := os.Stat(dirOrDot(dir)); {
		case errors.Is(err, os.ErrNotExist):
			fmt.Fprintf(env.Stderr, "Error: --chdir %s: no such directory\n  hint: %s\n", *chdir, chdirHint(dir, *chdir))
			return ExitFailure
		case err != nil:
			fmt.Fprintf(env.Stderr, "Error: --chdir %s: %v\n", *chdir, errors.Unwrap(err))
			return ExitFailure
		case !st.IsDir():
			fmt.Fprintf(env.Stderr, "Error: --chdir %s: is a file, not a directory\n  hint: give the project directory, the one holding tfkit.json (--chdir %s)\n",
				*chdir, shellQuote(dirOrDot(filepath.Dir(*chdir))))
			return ExitFailure
		}
	}
	r := &run{env: env, command: name, dir: dir, chdir: *chdir, stdout: env.Stdout, stderr: env.Stderr}
	endsAtOnce.Store(false) // until the command says otherwise

	cfs := flag.NewFlagSet("tfkit "+name, flag.ContinueOnError)
	cfs.SetOutput(io.Discard)
	cfs.Usage = func() {}
	exec := cmd.setup(cfs)
	positional, err := parseInterspersed(cfs, rest)
	text := emptyFlagText(cfs)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeCommandHelp(env.Stdout, cmd)
			return ExitOK
		}
		text = flagErrorText(err, cfs)
	}
	if text != "" {
		code := usageError(env.Stderr, cmd, "%s", text)
		if cmd.usageExit != nil {
			code = cmd.usageExit(rest)
		}
		return code
	}
	return exec(ctx, r, positional)
}

// commandSynonyms are the names other tools (Terraform, CDK for Terraform)
// and habit give tfkit's commands, with what the command does there: a
// Terraform user types tfkit plan, which no spelling distance leads to
// diff.
var commandSynonyms = map[string]struct{ name, why string }{
	"plan":   {"diff", "tfkit diff plans every stack, as terraform plan does"},
	"apply":  {"deploy", "tfkit deploy plans and applies every stack, as terraform apply does"},
	"stacks": {"list", "tfkit list lists the stacks"},
	"ls":     {"list", "tfkit list lists the stacks"},
	"new":    {"init", "tfkit init creates a project"},
	"create": {"init", "tfkit init creates a project"},
}

// suggestCommand is what follows "unknown command NAME": the command meant,
// by another tool's name for it or by a close spelling, or "".
func suggestCommand(name string) string {
	if s, ok := commandSynonyms[strings.ToLower(name)]; ok {
		return fmt.Sprintf("; did you mean %q? (%s)", s.name, s.why)
	}
	if s := diag.DidYouMean(name, commandNames()); s != "" {
		return "; " + s
	}
	return ""
}

// chdirHint says how to fix a --chdir that names no directory (given as
// chdir, at path): the directory meant, when the one above it holds one of
// a close name, else the projects there.
func chdirHint(path, chdir string) string {
	const hint = "give the project directory, the one holding tfkit.json"
	entries, err := os.ReadDir(dirOrDot(filepath.Dir(path)))
	if err != nil {
		return hint
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) == 0 {
		return hint
	}
	parent := filepath.Dir(chdir)
	if meant := closestName(filepath.Base(chdir), dirs); meant != "" {
		if parent != "." {
			meant = filepath.Join(parent, meant)
		}
		return "did you mean --chdir " + shellQuote(meant) + "?"
	}
	// The projects beside it, if any: other directories (an output
	// directory, .tfkit) would not help.
	var projects []string
	for _, d := range dirs {
		for _, file := range []string{"tfkit.json", "cdktf.json"} {
			if _, err := os.Stat(filepath.Join(filepath.Dir(path), d, file)); err == nil {
				projects = append(projects, d)
				break
			}
		}
	}
	if len(projects) == 0 {
		return hint
	}
	if len(projects) > 5 {
		projects = append(projects[:5], "...")
	}
	where := "the current directory"
	if parent != "." {
		where = parent
	}
	return fmt.Sprintf("%s (projects in %s: %s)", hint, where, strings.Join(projects, ", "))
}

// parseInterspersed parses flags that may come before or after positional
// arguments (tfkit synth main.tsx --out DIR), as GNU tools do; "--" ends the
// flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// usageError reports a wrong command line for cmd and returns ExitUsage.
func usageError(w io.Writer, cmd *command, format string, args ...any) int {
	fmt.Fprintf(w, "tfkit %s: %s\nUsage: tfkit %s\nRun 'tfkit help %s' for details.\n",
		cmd.name, fmt.Sprintf(format, args...), cmd.usage, cmd.name)
	return ExitUsage
}

func dirOrDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// writeMainHelp prints the overview: usage, commands, global flags.
func writeMainHelp(w io.Writer) {
	fmt.Fprint(w, "Usage: tfkit [global options] <command> [options]\n\n")
	fmt.Fprint(w, "tfkit writes Terraform configuration from programs and drives terraform\nor tofu with it.\n\n")
	fmt.Fprint(w, "Commands:\n")
	names := commandNames()
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].synopsis)
	}
	fmt.Fprint(w, "\nGlobal options:\n")
	fs := flag.NewFlagSet("tfkit", flag.ContinueOnError)
	fs.String("chdir", "", "switch to `DIR` before running the command")
	fs.Bool("version", false, "print the tfkit version and exit")
	fs.Bool("help", false, "show this help")
	writeFlags(w, fs)
	fmt.Fprint(w, "\nRun 'tfkit help <command>' for a command's options.\n")
}

// writeCommandHelp prints a command's usage line, help text and flags.
func writeCommandHelp(w io.Writer, cmd *command) {
	fmt.Fprintf(w, "Usage: tfkit %s\n\n%s\n", cmd.usage, strings.TrimSpace(cmd.help))
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	cmd.setup(fs)
	fs.Bool("help", false, "show this help")
	fmt.Fprint(w, "\nOptions:\n")
	writeFlags(w, fs)
	fmt.Fprint(w, "\nGlobal options (before the command):\n  --chdir DIR  switch to DIR before running the command\n")
}

// writeFlags lists flags GNU-style (--name VALUE), sorted, aligned.
func writeFlags(w io.Writer, fs *flag.FlagSet) {
	type row struct{ left, right string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *flag.Flag) {
		value, usage := flag.UnquoteUsage(f)
		left := "--" + f.Name
		if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); !isBool && value != "" {
			left += " " + value
		}
		if f.Name == "help" {
			left = "--help, -h"
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			usage += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		rows = append(rows, row{left, usage})
		width = max(width, len(left))
	})
	for _, r := range rows {
		lines := wrap(r.right, max(helpWidth-width-4, 30))
		fmt.Fprintf(w, "  %-*s  %s\n", width, r.left, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "  %-*s  %s\n", width, "", l)
		}
	}
}

// helpWidth is the width help text is wrapped to.
const helpWidth = 80

// wrap breaks text into lines of at most width bytes at spaces (a longer
// word gets a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}

// The collector's targets of eval and validate when GOGC is not set. Each
// runs once and ends; at Go's default (100) they spent a fifth to a third
// of their CPU collecting garbage on large inputs. validate keeps little
// alive, and 150 takes about a sixth of its CPU off for 5 to 10 % more
// peak memory. eval keeps the whole evaluation alive to the end and
// allocates as it goes: 400 took its 10,000-instance workload from 0.57 to
// 0.48 s wall (166 to 191 MB) against 150 (docs/benchmarks.md). synth of
// a TSX entry keeps Go's default after its first collection (see
// collectFirstAt): on a 10,000-element app 150 took it past 200 MB for no
// gain in time.
const (
	gcPercentEval     = 400
	gcPercentValidate = 150
)

// firstCollectionTSX is the heap size at which synth of a TSX entry first
// collects garbage (see collectFirstAt).
const firstCollectionTSX = 128 << 20

// collectFirstAt leaves the collector off until the process's memory first
// reaches limit bytes and then gives it back Go's default target, unless
// the user chose one with GOGC or GOMEMLIMIT. A TSX build allocates most
// of its memory early, in esbuild and goja's parser, as short-lived syntax
// trees: the collections Go's default makes there, while the heap grows
// from a few megabytes, mark what is about to become garbage. One
// collection at the limit frees it all at once; the peak stays where the
// rest of the build puts it. A build that never reaches the limit never
// collects.
func collectFirstAt(limit int64) {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	if !collectorHeld.CompareAndSwap(false, true) {
		return // a build before this one has not collected yet
	}
	prevPercent := debug.SetGCPercent(-1)
	prevLimit := debug.SetMemoryLimit(limit)
	// The first collection finds the sentinel unreachable; its cleanup
	// then restores the collector's settings.
	sentinel := new(gcSentinel)
	runtime.AddCleanup(sentinel, func(struct{}) {
		debug.SetGCPercent(prevPercent)
		debug.SetMemoryLimit(prevLimit)
		collectorHeld.Store(false)
	}, struct{}{})
}

// collectorHeld is set while collectFirstAt holds the collector off.
var collectorHeld atomic.Bool

// gcSentinel is large enough and holds a pointer, so that it is allocated
// on its own and collected on the first cycle.
type gcSentinel struct {
	_ *int
	_ [24]byte
}

// collectLessOften sets the collector's target to percent unless the user
// chose one with GOGC.
func collectLessOften(percent int) {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(percent)
	}
}
