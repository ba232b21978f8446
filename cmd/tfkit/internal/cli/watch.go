package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/internal/textdiff"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/tsx"
)

func init() {
	register(&command{
		name:     "watch",
		synopsis: "Synthesize again whenever a source file changes",
		usage:    "watch [--out DIR] [--format hcl|json] [--debounce DURATION] [--timeout DURATION] [--schema FILE.json] [--schema-check error|warn] [ENTRY.tsx]",
		help: `
Runs synth, then watches the project directory and runs it again when a
file in it changes: the Go app's sources, the .tsx entry and the files it
imports, local module and asset directories. Changes that come together
(an editor saving several files, a git checkout) make one run: synth waits
until no change has come for --debounce.

After each run it prints which stacks changed and, for each, its files
with the lines added and removed ("main: main.tf +3 -1"). A run that fails
prints the error and leaves the output as the last good run wrote it; the
next change tries again.

Not watched: the output directory, .tfkit, .terraform, .git, node_modules
and other directories whose names start with ".", except the bindings
directory (.gen, or the project's codeMakerOutput), where tfkit get writes
the bindings and schemas synth uses; directories outside the
project (a module source such as ../shared/net) are read at each run but
their changes do not start one. Ctrl-C stops watching.

The flags are synth's.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			o := &synthOptions{}
			fs.StringVar(&o.out, "out", "", "write to `DIR` instead of the project's \"output\" (relative to the project directory)")
			fs.StringVar(&o.format, "format", "hcl", "write stacks as `hcl|json`: main.tf or main.tf.json")
			fs.DurationVar(&o.timeout, "timeout", 0, "stop the app if it runs longer than `DURATION`, such as 90s or 5m")
			fs.StringVar(&o.schema, "schema", "", "check the stacks against the provider schemas in `FILE.json` (default: those 'tfkit get' kept, when there are any)")
			fs.StringVar(&o.schemaCheck, "schema-check", "", "what schema problems are: `error|warn`")
			debounce := fs.Duration("debounce", 25*time.Millisecond, "run synth once no change has come for `DURATION`")
			return func(ctx context.Context, r *run, args []string) int {
				if *debounce < 0 {
					return usageError(r.stderr, commands["watch"], "--debounce must not be negative")
				}
				return runWatch(ctx, r, o, *debounce, args)
			}
		},
	})
}

// outputState is what a synth output holds: per stack, its files' SHA-256
// sums, and the text of its configuration files (for the line counts).
type outputState struct {
	stacks map[string]map[string]string // stack → path → SHA-256
	text   map[string]string            // configuration file path → content
	order  []string
}

func readOutputState(out string) outputState {
	st := outputState{stacks: map[string]map[string]string{}, text: map[string]string{}}
	m, err := manifest.Read(out)
	if err != nil {
		return st
	}
	for _, s := range m.Stacks {
		files := map[string]string{}
		for _, f := range s.Files {
			files[f.Path] = f.SHA256
			if strings.HasSuffix(f.Path, ".tf") || strings.HasSuffix(f.Path, ".tf.json") {
				if data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f.Path))); err == nil {
					st.text[f.Path] = string(data)
				}
			}
		}
		st.stacks[s.Name] = files
		st.order = append(st.order, s.Name)
	}
	return st
}

// changes describes what changed from a to b, one line per changed stack:
// "main: main.tf +3 -1, assets/x/…/archive.zip added".
func changes(a, b outputState) []string {
	var out []string
	names := append([]string(nil), b.order...)
	for _, n := range a.order {
		if _, ok := b.stacks[n]; !ok {
			names = append(names, n)
		}
	}
	for _, n := range names {
		before, after := a.stacks[n], b.stacks[n]
		switch {
		case before == nil:
			out = append(out, n+": new stack")
			continue
		case after == nil:
			out = append(out, n+": removed")
			continue
		}
		var parts []string
		paths := map[string]bool{}
		for p := range before {
			paths[p] = true
		}
		for p := range after {
			paths[p] = true
		}
		sorted := make([]string, 0, len(paths))
		for p := range paths {
			sorted = append(sorted, p)
		}
		sort.Strings(sorted)
		for _, p := range sorted {
			short := shortPath(p, n)
			switch {
			case before[p] == "":
				parts = append(parts, short+" added")
			case after[p] == "":
				parts = append(parts, short+" removed")
			case before[p] != after[p]:
				if _, ok := b.text[p]; ok {
					add, del := lineCounts(a.text[p], b.text[p])
					parts = append(parts, fmt.Sprintf("%s +%d -%d", short, add, del))
				} else {
					parts = append(parts, short+" changed")
				}
			}
		}
		if len(parts) > 0 {
			out = append(out, n+": "+strings.Join(parts, ", "))
		}
	}
	return out
}

// shortPath is a file's path inside its stack's directory.
func shortPath(p, stack string) string {
	if rest, ok := strings.CutPrefix(p, "stacks/"+stack+"/"); ok {
		return rest
	}
	return p
}

func lineCounts(a, b string) (add, del int) {
	for _, e := range textdiff.Diff(textdiff.Lines(a), textdiff.Lines(b)) {
		switch e.Op {
		case textdiff.Insert:
			add++
		case textdiff.Delete:
			del++
		}
	}
	return add, del
}

// watchDirs are the directories watch treats apart: the project's root,
// the output, never watched, and the bindings (.gen), watched although
// its name starts with a dot: the bindings and schemas tfkit get writes
// there change what synth writes.
type watchDirs struct{ root, out, bindings string }

// skip reports whether a directory is never watched: the output, the
// engine's and tfkit's working data, version control and dependencies.
func (d watchDirs) skip(dir string) bool {
	if dir == d.root || dir == d.bindings {
		return false
	}
	if dir == d.out || strings.HasPrefix(dir, d.out+string(filepath.Separator)) {
		return true
	}
	name := filepath.Base(dir)
	return strings.HasPrefix(name, ".") || name == "node_modules" || strings.HasPrefix(name, "."+filepath.Base(d.out)+".")
}

// addTree watches dir and the directories below it that are not skipped.
func addTree(w *fsnotify.Watcher, dir string, dirs watchDirs) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // gone since it was listed
		}
		if !d.IsDir() {
			return nil
		}
		if dirs.skip(p) {
			return filepath.SkipDir
		}
		return w.Add(p)
	})
}

func runWatch(ctx context.Context, r *run, o *synthOptions, debounce time.Duration, args []string) int {
	if len(args) > 1 || len(args) == 1 && !tsx.IsEntry(args[0]) {
		return usageError(r.stderr, commands["watch"], "%s", entryArgError(r, "watch", args))
	}
	entry := strings.Join(args, "")
	cfg, diags := loadProject(r, entry)
	if r.report(diags) {
		return ExitFailure
	}
	root, err := filepath.Abs(dirOrDot(r.dir))
	if err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}
	var outName string
	dirs := watchDirs{root: root}
	setOutput := func(cfg *project.Config) {
		outName = cfg.Output
		if o.out != "" {
			outName = o.out
		}
		dirs.out = filepath.Clean(outName)
		if !filepath.IsAbs(dirs.out) {
			dirs.out = filepath.Join(root, dirs.out)
		}
		dirs.bindings = filepath.Clean(cfg.BindingsDir())
		if !filepath.IsAbs(dirs.bindings) {
			dirs.bindings = filepath.Join(root, dirs.bindings)
		}
	}
	setOutput(cfg)

	w, err := fsnotify.NewWatcher()
	if err != nil {
		r.errorf("", "watch %s: %v", root, err)
		return ExitFailure
	}
	defer w.Close()
	if err := addTree(w, root, dirs); err != nil {
		r.errorf("", "watch %s: %v", root, err)
		return ExitFailure
	}

	own := ownOutputFiles(r)
	r.repeats = &repeatedWarnings{now: map[string]bool{}}
	synthOnce := func() {
		r.repeats.next()
		// An edit of the project file may have moved the output: what is
		// compared and not watched is where this run writes (synth reports
		// a project file that does not load).
		if cfg, diags := loadProject(r, entry); !diags.HasErrors() {
			setOutput(cfg)
		}
		before := readOutputState(dirs.out)
		start := time.Now()
		code := runSynth(ctx, r, o, args)
		took := time.Since(start).Round(time.Millisecond)
		if ctx.Err() != nil {
			return
		}
		if code != ExitOK {
			fmt.Fprintf(r.stderr, "Synth failed after %s; %s keeps the last good output. Waiting for changes...\n", took, outName)
			return
		}
		lines := changes(before, readOutputState(dirs.out))
		if len(lines) == 0 {
			r.printf("No stack changed (%s).\n", took)
		} else {
			r.printf("Changed in %s:\n  %s\n", took, strings.Join(lines, "\n  "))
		}
		r.printf("Watching %s for changes (Ctrl-C to stop)...\n", relTo(r.dir, root))
	}
	synthOnce()

	var timer *time.Timer
	var fire <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			if timer != nil {
				timer.Stop()
			}
			fmt.Fprintln(r.stderr, "Stopped watching.")
			return ExitOK
		case ev, ok := <-w.Events:
			if !ok {
				return ExitOK
			}
			dir := filepath.Dir(ev.Name)
			if dirs.skip(dir) || dirs.skip(ev.Name) && isDir(ev.Name) {
				continue
			}
			// Editors' swap and backup files; not the schemas tfkit get
			// keeps in the bindings.
			if strings.HasPrefix(filepath.Base(ev.Name), ".") && filepath.Base(ev.Name) != ".env" && dir != dirs.bindings || strings.HasSuffix(ev.Name, "~") {
				continue
			}
			if ev.Op == fsnotify.Chmod || isOwnOutput(ev.Name, own) {
				continue // watch's own messages, redirected into the project
			}
			if ev.Op.Has(fsnotify.Create) && isDir(ev.Name) {
				_ = addTree(w, ev.Name, dirs)
			}
			if timer == nil {
				timer = time.NewTimer(debounce)
			} else {
				timer.Reset(debounce)
			}
			fire = timer.C
		case err, ok := <-w.Errors:
			if !ok {
				return ExitOK
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				r.warnf("too many changes at once to follow each; synthesizing anyway")
				if timer == nil {
					timer = time.NewTimer(debounce)
				} else {
					timer.Reset(debounce)
				}
				fire = timer.C
				continue
			}
			r.warnf("watching: %v", err)
		case <-fire:
			fire = nil
			synthOnce()
		}
	}
}

// ownOutputFiles are the files watch's standard output and error go to,
// when they are files (tfkit watch > watch.log).
func ownOutputFiles(r *run) []os.FileInfo {
	var out []os.FileInfo
	for _, w := range []io.Writer{r.stdout, r.stderr} {
		if f, ok := w.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				out = append(out, fi)
			}
		}
	}
	return out
}

// isOwnOutput says whether the file at p is one of own.
func isOwnOutput(p string, own []os.FileInfo) bool {
	if len(own) == 0 {
		return false
	}
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	for _, o := range own {
		if os.SameFile(fi, o) {
			return true
		}
	}
	return false
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
