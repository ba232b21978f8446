package cli

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"

	"github.com/tfkit/tfkit/internal/convert"
	"github.com/tfkit/tfkit/internal/project"
)

func init() {
	register(&command{
		name:     "convert",
		synopsis: "Convert Terraform HCL into a Go program or a TSX file",
		usage:    "convert --to go|tsx [--out FILE|DIR] [--bindings DIR] [--stack NAME] [--engine ENGINE] DIR|FILE",
		help: `
Reads the .tf and .tf.json files of DIR (not its subdirectories: child
modules stay Terraform), or one such FILE, and prints a program that builds
the same configuration: with --to go, a main package for the Go API
(github.com/tfkit/tfkit); with --to tsx, a main.tsx for the TSX front end.
Synthesizing the program gives a configuration that evaluates to the same
resources as the original.

Comments are kept before the element or attribute that follows them.
References to elements declared earlier go through their handles (Go) or
refs (TSX). Every top-level block Terraform accepts has its constructor
(Go) or element (TSX), ephemeral resources and moved, import, removed and
check blocks included. What the target cannot express is never dropped: it
is written as raw HCL (tfkit.Raw, tfkit.RawBody, tfkit.NewRawBlocks for a
block with settings the Go API has no field for, an innerText body in
TSX), and each such place is reported as a warning with its .tf line. A
block Terraform does not accept (an unknown type, wrong labels) is kept
raw in Go and is an error for TSX, which has no raw form for a block.
Override files are errors.

--out writes the program to FILE, or to DIR/main.go (DIR/main.tsx),
atomically; without it the program goes to standard output. --to may be
left out when --out names a .go or .tsx file.

--bindings DIR uses the typed bindings tfkit get wrote there for the
resources and data sources of their providers (Go only); DIR must be inside
a Go module. Without it, the codeMakerOutput directory of tfkit.json (or
cdktf.json) is used when it exists; other elements are untyped.

The Go program's stack is named after the directory unless --stack says
otherwise.`,
		setup: setupConvert,
	})
}

func setupConvert(fs *flag.FlagSet) func(context.Context, *run, []string) int {
	var to, out, bindings, stack string
	fs.StringVar(&to, "to", "", "the language to write, `go` or tsx")
	fs.StringVar(&out, "out", "", "write the program to `FILE` or into DIR instead of standard output")
	fs.StringVar(&bindings, "bindings", "", "use typed Go bindings from `DIR` (tfkit get output)")
	fs.StringVar(&stack, "stack", "", "the stack `NAME` of the Go program (default: the directory's name)")
	var engine engineFlag
	engine.register(fs)
	return func(ctx context.Context, r *run, args []string) int {
		cmd := commands["convert"]
		if len(args) != 1 {
			return usageError(r.stderr, cmd, "convert takes one directory or .tf file, not %d arguments", len(args))
		}
		if to == "" {
			switch strings.ToLower(filepath.Ext(out)) {
			case ".go":
				to = "go"
			case ".tsx":
				to = "tsx"
			default:
				return usageError(r.stderr, cmd, "--to is required: go or tsx")
			}
		}
		target := convert.Target(to)
		if target != convert.Go && target != convert.TSX {
			return usageError(r.stderr, cmd, "--to must be go or tsx, not %q", to)
		}
		if ext := strings.ToLower(filepath.Ext(out)); (ext == ".go" || ext == ".tsx") && ext != "."+string(target) {
			return usageError(r.stderr, cmd, "--out %s names a %s file, but --to is %s: give --out a .%s file or a directory, or leave out --to", out, ext, to, target)
		}
		if bindings != "" && target != convert.Go {
			return usageError(r.stderr, cmd, "--bindings applies to --to go only")
		}
		eng, code := engine.resolve(ctx, r, "convert")
		if code != ExitOK {
			return code
		}
		opts := convert.Options{Target: target, Stack: stack, Engine: eng}
		if stack != "" && convert.StackName(stack) != stack {
			return usageError(r.stderr, cmd, "--stack %q is not a stack name (letters, digits, -, _ and ., starting with a letter or digit)", stack)
		}
		if target == convert.Go {
			dir, implicit := bindings, false
			if dir == "" {
				dir, implicit = projectBindings(r), true
			}
			if dir != "" {
				if !filepath.IsAbs(dir) {
					dir = filepath.Join(r.dir, dir)
				}
				bs, err := convert.ReadBindings(dir)
				switch {
				case err != nil && implicit:
					r.warnf("typed bindings in %s not used: %v", dir, err)
				case err != nil:
					r.errorf("give the directory tfkit get wrote, inside the program's Go module", "cannot read typed bindings: %v", err)
					return ExitFailure
				default:
					opts.Bindings = bs
				}
			}
		}
		src := args[0]
		if !filepath.IsAbs(src) {
			src = filepath.Join(r.dir, src)
		}
		fi, err := os.Stat(src)
		if err != nil {
			r.errorf("", "cannot read %s: %v", args[0], err)
			return ExitFailure
		}
		var program []byte
		var ok bool
		if fi.IsDir() {
			p, diags := convert.Dir(src, opts)
			program, ok = p, !r.report(diags)
		} else {
			data, err := os.ReadFile(src)
			if err != nil {
				r.errorf("", "cannot read %s: %v", args[0], err)
				return ExitFailure
			}
			if opts.Stack == "" {
				opts.Stack = convert.StackName(filepath.Base(filepath.Dir(src)))
			}
			p, diags := convert.Files([]convert.File{{Name: src, Src: data}}, opts)
			program, ok = p, !r.report(diags)
		}
		if !ok {
			return ExitFailure
		}
		if out == "" {
			if _, err := r.stdout.Write(program); err != nil {
				return ExitFailure
			}
			return ExitOK
		}
		dst := out
		if !filepath.IsAbs(dst) {
			dst = filepath.Join(r.dir, dst)
		}
		if fi, err := os.Stat(dst); (err == nil && fi.IsDir()) || strings.HasSuffix(out, "/") {
			dst = filepath.Join(dst, "main."+string(target))
		}
		if err := writeFileAtomic(dst, program); err != nil {
			r.errorf("", "cannot write %s: %v", out, err)
			return ExitFailure
		}
		return ExitOK
	}
}

// projectBindings is the codeMakerOutput of the project file, when there
// is one and the directory exists.
func projectBindings(r *run) string {
	found := false
	for _, name := range []string{project.FileName, project.CDKTFFileName} {
		if _, err := os.Stat(filepath.Join(dirOrDot(r.dir), name)); err == nil {
			found = true
		}
	}
	if !found {
		return ""
	}
	proj, diags := project.LoadFor(dirOrDot(r.dir), r.command)
	if diags.HasErrors() || proj.CodeMakerOutput == "" {
		return ""
	}
	dir := proj.CodeMakerOutput
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(dirOrDot(r.dir), dir)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	return dir
}

// writeFileAtomic writes a temporary file beside path and renames it, so
// that path is either as it was or complete.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
