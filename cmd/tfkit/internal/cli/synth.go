package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/outdir"
	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/internal/synth"
	"github.com/tfkit/tfkit/internal/textdiff"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tsx"
)

func init() {
	register(&command{
		name:     "synth",
		synopsis: "Run the app and write its Terraform configuration",
		usage:    "synth [--out DIR] [--format hcl|json] [--check] [--timeout DURATION] [--schema FILE.json] [--schema-check error|warn] [ENTRY.tsx]",
		help: `
Runs the project's app (the "app" command of tfkit.json, or of a CDK for
Terraform cdktf.json) with sh -c in the project directory. The app writes
one Terraform configuration per stack, stacks/<stack>/main.tf (or
main.tf.json), and a manifest.json into the directory named by the
TFKIT_OUTDIR environment variable; TFKIT_FORMAT says which format to write.
An app of CDK for Terraform (its cdktf library, in any language) writes its
own layout into CDKTF_OUTDIR, the same directory: synth turns it into
tfkit's (stacks/<stack>/main.tf.json, its dependencies, its annotations as
warnings or errors).

TFKIT_OUTDIR is a fresh directory beside the output directory. Only when the
app exits with status 0 and has written manifest.json are its files moved
into the output directory, each with a rename and manifest.json last;
otherwise the previous output stays as it was and the fresh directory is
removed. Ctrl-C stops the app and its child processes the same way.

Only tfkit's own files in the output directory change: those the previous
manifest.json lists are replaced, or removed when the app no longer writes
them (a stack directory left empty goes too). Everything else is kept, so
terraform can run in a stack directory: its .terraform directory, lock file
and terraform.tfstate survive the next synth. A file of tfkit's that was
edited by hand is overwritten with a warning; a file of someone else's at a
path the app writes stops synth before anything changes. The output
directory is locked while synth runs: a second synth waits for the first.

A TSX app is evaluated in-process instead: name its entry file as the
argument (tfkit synth main.tsx --out DIR) or as the "app" of tfkit.json
("app": "main.tsx"). It writes one main.tf (or main.tf.json) and a
manifest.json straight into the output directory; no tfkit.json is needed
when the entry is given. --timeout stops a runaway configuration (default
30s for TSX).

When provider schemas are known (--schema FILE.json, else the ones 'tfkit
get' kept in the bindings directory: codeMakerOutput of tfkit.json, else
.gen), every resource, data source and provider body is checked against
them before anything is written, as tfkit validate does; diagnostics point
at the Go or TSX line that set the attribute. A Go app does the check in
app.Synth, which reads the schemas from TFKIT_SCHEMAS. When the schemas may
be older than the providers terraform installs (a newer provider added an
attribute), --schema-check warn (or "schemaCheck": "warn" in tfkit.json)
reports what they do not allow as warnings and writes the configuration as
it is; a Go app hears of it through TFKIT_SCHEMA_CHECK=warn. Without any
schemas, synth says once that provider attributes were not checked.

With --check nothing is written: the fresh synthesis is compared with the
output directory, and each difference is printed as a unified diff.`,
		setup: setupSynth,
	})
}

type synthOptions struct {
	out         string
	format      string
	check       bool
	timeout     time.Duration
	schema      string
	schemaCheck string
	// engine is the engine the output goes to ("terraform", "opentofu"),
	// when synth runs for diff, deploy or destroy: with terraform, what
	// only OpenTofu accepts is refused at its Go or TSX line.
	engine string
}

func setupSynth(fs *flag.FlagSet) func(context.Context, *run, []string) int {
	o := &synthOptions{}
	fs.StringVar(&o.out, "out", "", "write to `DIR` instead of the project's \"output\" (relative to the project directory)")
	fs.StringVar(&o.format, "format", "hcl", "write stacks as `hcl|json`: main.tf or main.tf.json")
	fs.BoolVar(&o.check, "check", false, "change nothing; compare a fresh synthesis with the output directory and exit 1 if they differ")
	fs.DurationVar(&o.timeout, "timeout", 0, "stop the app if it runs longer than `DURATION`, such as 90s or 5m")
	fs.StringVar(&o.schema, "schema", "", "check the stacks against the provider schemas in `FILE.json` (default: those 'tfkit get' kept, when there are any)")
	fs.StringVar(&o.schemaCheck, "schema-check", "", "what schema problems are: `error|warn` (warn for schemas older than the providers; default: \"schemaCheck\" of tfkit.json, else error)")
	return func(ctx context.Context, r *run, args []string) int {
		return runSynth(ctx, r, o, args)
	}
}

// entryArgError says which of args is not what a command taking one
// .tsx entry expects, and what was probably meant: an output directory
// after the entry (--out), or a project directory (--chdir).
func entryArgError(r *run, cmd string, args []string) string {
	if tsx.IsEntry(args[0]) {
		msg := fmt.Sprintf("unexpected argument %q after the entry %s (%s takes one entry file)", args[1], args[0], cmd)
		if !tsx.IsEntry(args[1]) {
			msg += fmt.Sprintf("; to write into %s, give --out %s", args[1], args[1])
		}
		return msg
	}
	if fi, err := os.Stat(r.abs(args[0])); err == nil && fi.IsDir() {
		return fmt.Sprintf("%s is a directory, not a .tsx or .ts entry file; to run in the project there: tfkit --chdir %s %s", args[0], args[0], cmd)
	}
	return fmt.Sprintf("unexpected argument %q (the only argument %s takes is a .tsx or .ts entry file)", args[0], cmd)
}

func runSynth(ctx context.Context, r *run, o *synthOptions, args []string) int {
	entry := ""
	switch {
	case len(args) == 1 && tsx.IsEntry(args[0]):
		entry = args[0]
	case len(args) > 0:
		return usageError(r.stderr, commands["synth"], "%s", entryArgError(r, "synth", args))
	}
	if o.format != "hcl" && o.format != "json" {
		msg := fmt.Sprintf("--format must be hcl or json, not %q", o.format)
		if s := diag.DidYouMean(o.format, []string{"hcl", "json"}); s != "" {
			msg += " (" + s + ")"
		}
		return usageError(r.stderr, commands["synth"], "%s", msg)
	}
	if o.timeout < 0 {
		return usageError(r.stderr, commands["synth"], "--timeout must not be negative")
	}
	if o.schemaCheck != "" && o.schemaCheck != "error" && o.schemaCheck != "warn" {
		msg := fmt.Sprintf("--schema-check must be error or warn, not %q", o.schemaCheck)
		if s := diag.DidYouMean(o.schemaCheck, []string{"error", "warn"}); s != "" {
			msg += " (" + s + ")"
		}
		return usageError(r.stderr, commands["synth"], "%s", msg)
	}

	cfg, diags := loadProject(r, entry)
	if r.report(diags) {
		return ExitFailure
	}
	entryFrom := "" // where the entry is named, when not on the command line
	if entry == "" && tsx.IsEntry(cfg.App) {
		entry, entryFrom = cfg.App, fmt.Sprintf("%q in %s", "app", cfg.File)
	}
	if entry == "" {
		if d := cfg.RequireApp(); d != nil {
			fmt.Fprintln(r.stderr, d.Error())
			return ExitFailure
		}
	}
	outName := cfg.Output
	if o.out != "" {
		outName = o.out
	}
	outName = filepath.Clean(outName)
	out := outName
	if !filepath.IsAbs(out) {
		out = filepath.Join(r.dir, out)
	}
	if code := checkOutputDir(r, out, outName, o.check); code != ExitOK {
		return code
	}
	schemas, code := synthSchemas(r, cfg, o.schema)
	if code != ExitOK {
		return code
	}
	if o.schemaCheck == "" {
		o.schemaCheck = cfg.SchemaCheck
	}

	// The output directory is locked for the whole run (not with --check,
	// which writes nothing there), so two synths never interleave.
	var output *outdir.Output
	if !o.check {
		var err error
		output, err = outdir.Lock(ctx, out, func() {
			fmt.Fprintf(r.stderr, "Waiting for another tfkit writing %s to finish...\n", outName)
		})
		if err == nil {
			defer output.Unlock()
		}
		if ctx.Err() != nil {
			fmt.Fprintln(r.stderr, "Interrupted: nothing was written.")
			return ExitInterrupted
		}
		if err != nil {
			r.errorf("", "%v", err)
			return ExitFailure
		}
	}
	var staging string
	var err error
	if output != nil {
		staging, err = output.Stage()
	} else {
		staging, err = outdir.Stage(out)
	}
	if err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}
	// Whatever happens from here, the staging directory goes; after a
	// successful Commit it no longer exists and this does nothing.
	defer os.RemoveAll(staging)
	absStaging, err := filepath.Abs(staging)
	if err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}

	// known is the content of stacks built in memory, which the summary
	// need not parse back from their files.
	var known map[string]stackContent
	if entry != "" {
		model, code := buildTSX(ctx, r, o, entry, entryFrom, staging, schemas, cfg.TerraformProviders)
		if code != ExitOK {
			return code
		}
		known = map[string]stackContent{tsx.StackName(entry): modelContent(model)}
	} else {
		warnStaleBindings(r, cfg)
		// CDKTF_OUTDIR: an app of CDK for Terraform writes there (see
		// adoptCDKTFOutput).
		env := []string{"TFKIT_OUTDIR=" + absStaging, "TFKIT_FORMAT=" + o.format, "CDKTF_OUTDIR=" + absStaging}
		cdktfEnv, envErr := cdktfAppEnv(r, cfg)
		if envErr != nil {
			r.errorf("", "%v", envErr)
			return ExitFailure
		}
		env = append(env, cdktfEnv...)
		if o.engine != "" {
			env = append(env, "TFKIT_ENGINE="+o.engine)
		}
		if schemas != "" {
			env = append(env, "TFKIT_SCHEMAS="+schemas)
			if o.schemaCheck == "warn" {
				env = append(env, "TFKIT_SCHEMA_CHECK=warn")
			}
		}
		a := appRun{
			command: cfg.App,
			dir:     r.dir,
			env:     env,
			timeout: o.timeout,
		}
		if o.check {
			// Standard output is the diff, which git apply reads: what
			// the app prints goes with tfkit's own messages.
			a.stdout = r.stderr
		}
		err = runApp(ctx, r, a)
	}
	kept := fmt.Sprintf("%s was left as it was", outName)
	if o.check {
		kept = "nothing was compared"
	}
	var exitErr *exec.ExitError
	switch {
	case errors.Is(err, errAppInterrupted):
		fmt.Fprintf(r.stderr, "Interrupted: the app was stopped and %s.\n", kept)
		return ExitInterrupted
	case errors.Is(err, errAppTimeout):
		r.errorf("raise --timeout, or find what keeps the app from finishing",
			"the app did not finish within %s; it was stopped and %s", o.timeout, kept)
		return ExitFailure
	case errors.As(err, &exitErr):
		r.errorf(appExitHint(r, cfg, exitErr.ExitCode()), "the app (%s) failed with %s; %s", cfg.App, exitStatus(exitErr), kept)
		return ExitFailure
	case err != nil:
		r.errorf("check that sh is on PATH", "%v", err)
		return ExitFailure
	}

	adopted := false
	if entry == "" {
		if adopted, err = adoptCDKTFOutput(r, staging); err != nil {
			r.errorf("", "%v; %s", err, kept)
			return ExitFailure
		}
	}
	manifest, stacks, err := readSynthOutput(staging, known)
	if errors.Is(err, errNoManifest) && cfg.File == project.CDKTFFileName {
		r.errorf("end the app with app.synth() (CDK for Terraform's App writes its stacks and manifest.json into CDKTF_OUTDIR, which tfkit sets), and keep an outdir given to App out of it",
			"the app (%s) exited successfully but wrote no %s; %s", cfg.App, manifestFile, kept)
		return ExitFailure
	}
	if errors.Is(err, errNoManifest) {
		// A Synth that fails writes nothing and prints nothing: its error
		// is the only report, so an app that drops it ends here too.
		r.errorf("end the app with app.Synth(), which writes the stacks and manifest.json into $TFKIT_OUTDIR, and stop on its error, which names the mistakes and their lines:\n"+
			"      if err := app.Synth(); err != nil {\n"+
			"          fmt.Fprintln(os.Stderr, err)\n"+
			"          os.Exit(1)\n"+
			"      }",
			"the app (%s) exited successfully but wrote no %s: it did not call app.Synth(), or ignored the error app.Synth() returned (a Synth that fails writes nothing); %s", cfg.App, manifestFile, kept)
		return ExitFailure
	}
	if err != nil {
		r.errorf("", "%v; %s", err, kept)
		return ExitFailure
	}
	if string(manifest.Format) != o.format && !adopted {
		r.warnf("the app wrote format %q although TFKIT_FORMAT=%s asked for %s", manifest.Format, o.format, o.format)
	}
	for _, s := range stacks {
		if s.file == "" {
			r.warnf("stack %q has no main.tf or main.tf.json", s.name)
		}
	}

	if o.check {
		return synthCheck(r, o, out, outName, staging)
	}
	res, err := output.Commit(staging)
	if err != nil {
		r.errorf("", "%v; %s", err, kept)
		return ExitFailure
	}
	for _, p := range res.Edited {
		r.warnf("%s had been edited since the last synth; the edit was overwritten (change the app instead)", filepath.Join(outName, filepath.FromSlash(p)))
	}
	writeSynthSummary(r, outName, stacks)
	if schemas == "" && anyProviderResources(stacks) {
		r.notef("provider attributes were not checked: there are no provider schemas; run 'tfkit get' (schemas are kept with the bindings) or give --schema FILE.json")
	}
	return ExitOK
}

// checkOutputDir refuses output directories that are not tfkit's to write
// in: the project itself, a file, or a directory with content but no
// manifest.json.
func checkOutputDir(r *run, out, outName string, check bool) int {
	absOut, err1 := filepath.Abs(out)
	absProject, err2 := filepath.Abs(dirOrDot(r.dir))
	if err := errors.Join(err1, err2); err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}
	if absOut == absProject || strings.HasPrefix(absProject, absOut+string(filepath.Separator)) || absOut == filepath.Dir(absOut) {
		r.errorf(`name a directory of its own, such as "tfkit.out"`,
			"the output directory %s holds the project itself; synth writes and removes its own files there", outName)
		return ExitFailure
	}
	st, err := os.Stat(out)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return ExitOK
	case err != nil:
		r.errorf("", "%v", err)
		return ExitFailure
	case !st.IsDir():
		r.errorf("remove it or choose another --out", "the output path %s exists and is not a directory", outName)
		return ExitFailure
	}
	if check {
		return ExitOK
	}
	if _, err := os.Stat(filepath.Join(out, manifestFile)); err == nil {
		return ExitOK
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}
	if len(entries) > 0 {
		r.errorf("remove it yourself if it is an old output, or choose another --out",
			"%s exists, is not empty and has no %s, so it is not tfkit output; synth will not write its files among someone else's", outName, manifestFile)
		return ExitFailure
	}
	return ExitOK
}

// appExitHint says how to fix an app that failed with code. The shell that
// runs the app exits 127 when it finds no such command and 126 when it
// finds one it cannot run: then the "app" of the project file is what to
// fix, not the program.
func appExitHint(r *run, cfg *project.Config, code int) string {
	file := cfg.File
	if file == "" {
		file = project.FileName
	}
	fields := strings.Fields(cfg.App)
	if code != 126 && code != 127 || len(fields) == 0 {
		return "the app's own messages are above"
	}
	name := fields[0]
	local := !strings.ContainsRune(name, '/')
	if local {
		if st, err := os.Stat(filepath.Join(dirOrDot(r.dir), name)); err != nil || st.IsDir() {
			local = false
		}
	}
	if code == 127 {
		if local {
			return fmt.Sprintf("exit status 127 is the shell's \"not found\": %s is in the project directory, but the shell looks for commands on PATH; write \"app\": \"./%s\" in %s",
				name, strings.Join(append([]string{name}, fields[1:]...), " "), file)
		}
		return fmt.Sprintf("exit status 127 is the shell's \"not found\" (see its message above): install %s or put it on PATH, or correct \"app\" in %s", name, file)
	}
	return fmt.Sprintf("exit status 126 is the shell's \"cannot run\" (see its message above): make %s executable (chmod +x %s), or name its interpreter in \"app\" of %s (\"sh %s\")",
		name, name, file, cfg.App)
}

func exitStatus(e *exec.ExitError) string {
	if code := e.ExitCode(); code >= 0 {
		return fmt.Sprintf("exit status %d", code)
	}
	return e.String()
}

func writeSynthSummary(r *run, outName string, stacks []synthStack) {
	if len(stacks) == 0 {
		r.warnf("the app synthesized no stacks")
		r.printf("Synthesized no stacks into %s\n", outName)
		return
	}
	plural := "s"
	if len(stacks) == 1 {
		plural = ""
	}
	r.printf("Synthesized %d stack%s into %s:\n", len(stacks), plural, outName)
	tw := tabwriter.NewWriter(r.stdout, 0, 0, 2, ' ', 0)
	for _, s := range stacks {
		switch {
		case s.file == "":
			fmt.Fprintf(tw, "  %s\t(no configuration file)\t\n", s.name)
		case s.resources < 0:
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", s.name, s.file, countNoun(s.bytes, "byte"))
		default:
			fmt.Fprintf(tw, "  %s\t%s\t%s, %s\n", s.name, s.file, countNoun(s.resources, "resource"), countNoun(s.bytes, "byte"))
		}
	}
	tw.Flush()
}

func countNoun(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// synthCheck compares the fresh synthesis in staging with the output
// directory, printing a unified diff per changed file.
func synthCheck(r *run, o *synthOptions, out, outName, staging string) int {
	_, statErr := os.Stat(out)
	d, err := compareTrees(out, staging)
	if err != nil {
		r.errorf("", "compare with %s: %v", outName, err)
		return ExitFailure
	}
	if d.empty() && statErr == nil {
		r.printf("%s is up to date.\n", outName)
		return ExitOK
	}
	label := filepath.ToSlash(outName)
	for _, p := range d.changed {
		oldText, err1 := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		newText, err2 := os.ReadFile(filepath.Join(staging, filepath.FromSlash(p)))
		if err := errors.Join(err1, err2); err != nil {
			r.errorf("", "%v", err)
			return ExitFailure
		}
		a, b := "a/"+label+"/"+p, "b/"+label+"/"+p
		if bytes.IndexByte(oldText, 0) >= 0 || bytes.IndexByte(newText, 0) >= 0 {
			r.printf("Binary files %s and %s differ\n", a, b)
			continue
		}
		r.printf("%s", textdiff.Unified(a, b, string(oldText), string(newText), textdiff.DefaultContext))
	}
	if len(d.added) > 0 {
		r.printf("Files the app writes that %s lacks:\n", outName)
		for _, p := range d.added {
			r.printf("  + %s/%s\n", label, p)
		}
	}
	if len(d.removed) > 0 {
		r.printf("Files in %s that the app no longer writes:\n", outName)
		for _, p := range d.removed {
			r.printf("  - %s/%s\n", label, p)
		}
	}
	args := []string{"synth"}
	if o.out != "" {
		args = append(args, "--out", o.out)
	}
	if o.format != "hcl" {
		args = append(args, "--format", o.format)
	}
	hint := fmt.Sprintf("run '%s' to update it", r.tfkitCommand(args...))
	if statErr != nil {
		r.errorf(hint, "%s does not exist", outName)
		return ExitFailure
	}
	r.errorf(hint, "%s is out of date: %s changed, %s added, %s removed",
		outName, countNoun(len(d.changed), "file"), countNoun(len(d.added), "file"), countNoun(len(d.removed), "file"))
	return ExitFailure
}

// synthSchemas returns the absolute path of the provider schemas synth
// checks the stacks against: the file given with --schema, which must
// exist, else the one 'tfkit get' kept in the bindings directory when there
// is one, else "" (nothing to check against).
func synthSchemas(r *run, proj *project.Config, file string) (string, int) {
	path, err := filepath.Abs(r.abs(schemasPath(proj, file, "")))
	if err != nil {
		r.errorf("", "%v", err)
		return "", ExitFailure
	}
	if _, err := os.Stat(path); err != nil {
		if file != "" {
			r.errorf("give the output of 'terraform providers schema -json'", "--schema: %v", err)
			return "", ExitFailure
		}
		return "", ExitOK
	}
	return path, ExitOK
}

// loadProject reads the project file. When a TSX entry is named on the
// command line the project file is optional: without one, the defaults
// apply (output tfkit.out).
func loadProject(r *run, entry string) (*project.Config, diag.Diagnostics) {
	if entry != "" && !hasProjectFile(r.dir) {
		return &project.Config{App: entry, Output: project.DefaultOutput}, nil
	}
	return project.LoadFor(r.dir, r.command)
}

func hasProjectFile(dir string) bool {
	for _, name := range []string{project.FileName, project.CDKTFFileName} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// buildTSX evaluates a TSX entry in-process and writes its configuration
// and manifest into the staging directory, through the synthesis path
// App.Synth takes too, with a required_providers entry for each of the
// project's providers the stack uses (projectRequirements). It returns the
// configuration it wrote.
func buildTSX(ctx context.Context, r *run, o *synthOptions, entry, entryFrom, staging, schemas string, providers []project.Dependency) (*config.Config, int) {
	collectFirstAt(firstCollectionTSX)
	timeout := o.timeout
	if timeout == 0 {
		timeout = tsx.DefaultTimeout
	}
	cfg, assets, diags := tsx.BuildWithAssets(ctx, entry, tsx.Options{
		Dir:       r.dir,
		Env:       tsx.EnvMap(r.env.Environ),
		Timeout:   timeout,
		Log:       r.stderr,
		Target:    o.engine,
		EntryFrom: entryFrom,
	})
	if ctx.Err() != nil {
		fmt.Fprintln(r.stderr, "Interrupted: nothing was written.")
		return nil, ExitInterrupted
	}
	if r.report(diags) {
		return nil, ExitFailure
	}
	o2 := synth.Options{
		Format:     synth.Format(o.format),
		ProjectDir: r.dir,
		Locate:     func(ds diag.Diagnostics) diag.Diagnostics { return tsx.WithFrames(ds, r.dir) },
		Warn:       func(ds diag.Diagnostics) { r.report(ds) },
		Engine:     o.engine,
	}
	if schemas != "" {
		providers, err := r.readSchemaFile(schemas)
		if err != nil {
			r.errorf("run 'tfkit get' again, or give --schema FILE.json", "cannot read provider schemas: %v", err)
			return nil, ExitFailure
		}
		o2.Schemas = func() ([]*schema.Provider, diag.Diagnostics) { return providers, nil }
		o2.SchemaWarnings = o.schemaCheck == "warn"
	}
	app := synth.OneStack(tsx.StackName(entry), cfg)
	app.Stacks[0].Required = projectRequirements(providers, cfg)
	for _, a := range assets {
		if app.Stacks[0].Files == nil {
			app.Stacks[0].Files = map[string][]byte{}
		}
		for p, data := range a.Files {
			app.Stacks[0].Files[p] = data
		}
	}
	files, err := synth.Files(app, o2)
	if ds, ok := err.(diag.Diagnostics); ok {
		r.report(ds)
		return nil, ExitFailure
	}
	if err != nil {
		r.errorf("", "%v", err)
		return nil, ExitFailure
	}
	if _, err := synth.Write(staging, files, true); err != nil {
		r.errorf("", "%v", err)
		return nil, ExitFailure
	}
	return cfg, ExitOK
}
