package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-exec/tfexec"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/runner"
)

func init() {
	register(&command{
		name:     "output",
		synopsis: "Show the output values of deployed stacks",
		usage:    "output [--json] [--out DIR] [--engine PATH] [STACK [NAME]]",
		help: `
Prints the output values of a deployed stack, read from its state by the
engine (output -json), as name = value lines; sensitive values are shown
as <sensitive>. Without a stack, every deployed stack's outputs are shown
under its name. With a stack and an output NAME, only that value is
printed, as JSON on one line (sensitive or not, as terraform output NAME
does), for scripts.

With --json the values are printed as JSON, sensitive ones included: an
object of output names for one stack, or an object of stack names holding
such objects when no stack is given, or the value of NAME.

Nothing is synthesized or planned.`,
		setup: setupOutput,
	})
}

func setupOutput(fs *flag.FlagSet) func(context.Context, *run, []string) int {
	o := &stackOptions{}
	o.declare(fs, false, false)
	fs.StringVar(&o.engine, "engine", "", "run `PATH` (terraform or tofu) instead of $TFKIT_TERRAFORM, terraform or tofu on PATH")
	asJSON := fs.Bool("json", false, "print the values as JSON")
	return func(ctx context.Context, r *run, args []string) int {
		return runOutput(ctx, r, o, *asJSON, args)
	}
}

func runOutput(ctx context.Context, r *run, o *stackOptions, asJSON bool, args []string) int {
	if len(args) > 2 {
		return usageError(r.stderr, commands["output"], "give at most a stack and one of its outputs, not %d arguments", len(args))
	}
	var name string
	if len(args) == 2 {
		args, name = args[:1], args[1]
	}
	set, code := loadStacks(ctx, r, o, false, args)
	if code != ExitOK {
		return code
	}
	// A stack counts as deployed when its working directory has a state
	// (or a backend of its own holds it): one only planned (by diff) has
	// a working directory and nothing to read.
	var deployed []string
	for _, n := range set.names() {
		if _, err := os.Stat(set.workDir(n)); err == nil && readStackState(set.workDir(n)) != (stackState{}) {
			deployed = append(deployed, n)
		}
	}
	if len(args) == 1 && len(deployed) == 0 {
		r.errorf("run '"+r.tfkitCommand("deploy", args[0])+"' first", "stack %s has not been deployed", args[0])
		return ExitFailure
	}
	engine, code := findEngine(ctx, r, o, true)
	if code != ExitOK {
		return code
	}
	stderr := runner.NewOutput(r.stderr)
	all := map[string]map[string]tfexec.OutputMeta{}
	for _, n := range deployed {
		w, err := runner.Open(engine, n, set.workDir(n), r.env.Environ, runner.NewOutput(r.stdout), stderr)
		if err != nil {
			r.errorf("", "%v", err)
			return ExitFailure
		}
		outs, err := w.Outputs(ctx)
		w.Close()
		if errors.Is(err, context.Canceled) {
			return ExitInterrupted
		}
		if err != nil {
			r.errorf("", "stack %s: %v", n, err)
			return ExitFailure
		}
		all[n] = outs
	}
	if name != "" {
		return printOutput(r, args[0], name, all[args[0]], asJSON)
	}
	if len(args) == 0 && len(deployed) == 0 {
		r.notef("no stack has been deployed from %s, so there are no outputs; run '%s' first", set.outName, r.tfkitCommand("deploy"))
		return ExitOK
	}
	if asJSON {
		var v any
		if len(args) == 1 {
			v = values(all[args[0]])
		} else {
			m := map[string]any{}
			for n, outs := range all {
				m[n] = values(outs)
			}
			v = m
		}
		data, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			r.errorf("", "%v", err)
			return ExitFailure
		}
		r.printf("%s\n", data)
		return ExitOK
	}
	for _, n := range deployed {
		outs := all[n]
		if len(outs) == 0 {
			// Nothing to print under the stack's name: say why instead.
			r.notef("%s", set.noOutputs(r, n))
			continue
		}
		if len(args) == 0 {
			r.printf("%s:\n", n)
		}
		names := make([]string, 0, len(outs))
		for k := range outs {
			names = append(names, k)
		}
		sort.Strings(names)
		indent := ""
		if len(args) == 0 {
			indent = "  "
		}
		for _, k := range names {
			text := "<sensitive>"
			if !outs[k].Sensitive {
				text = compactJSON(outs[k].Value)
			}
			r.printf("%s%s = %s\n", indent, k, text)
		}
	}
	return ExitOK
}

// noOutputs says why a deployed stack's state holds no outputs, and what
// to do about it.
func (s *stackSet) noOutputs(r *run, name string) string {
	deploy := r.tfkitCommand("deploy", name)
	if readStackState(s.workDir(name)).destroyed {
		return fmt.Sprintf("stack %s has no outputs: its state is empty, as a destroy leaves it; run '%s' to deploy it again", name, deploy)
	}
	return fmt.Sprintf("stack %s has no outputs in its state: it declared none when it was last deployed; declare them in the app, then run '%s'", name, deploy)
}

// printOutput prints the value of one output of stack, as JSON: indented
// with --json, else on one line.
func printOutput(r *run, stack, name string, outs map[string]tfexec.OutputMeta, asJSON bool) int {
	out, ok := outs[name]
	if !ok {
		names := make([]string, 0, len(outs))
		for k := range outs {
			names = append(names, k)
		}
		sort.Strings(names)
		hint := fmt.Sprintf("its state holds no outputs: deploy it ('%s'), or declare the output in the app", r.tfkitCommand("deploy", stack))
		if len(names) > 0 {
			hint = "the outputs of " + stack + " are " + strings.Join(names, ", ")
			if s := diag.DidYouMean(name, names); s != "" {
				hint = s + " (" + hint + ")"
			}
		}
		r.errorf(hint, "stack %s has no output %q", stack, name)
		return ExitFailure
	}
	if !asJSON {
		r.printf("%s\n", compactJSON(out.Value))
		return ExitOK
	}
	var b bytes.Buffer
	if err := json.Indent(&b, out.Value, "", "  "); err != nil {
		r.printf("%s\n", out.Value)
		return ExitOK
	}
	r.printf("%s\n", b.Bytes())
	return ExitOK
}

// values maps output names to their raw JSON values; encoding/json sorts
// the keys, so the output is deterministic.
func values(outs map[string]tfexec.OutputMeta) map[string]json.RawMessage {
	m := make(map[string]json.RawMessage, len(outs))
	for k, o := range outs {
		m[k] = o.Value
	}
	return m
}

// compactJSON writes raw on one line, with &, < and > as they are, as
// terraform output NAME prints them (output -json writes \u0026, \u003c
// and \u003e, which would be copied from the line as they are).
func compactJSON(raw json.RawMessage) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return string(raw)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return string(raw)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
