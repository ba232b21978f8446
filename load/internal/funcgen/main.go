// Command funcgen asks a Terraform engine (terraform or tofu) what every
// function case of load/testdata/functions/inputs.txt evaluates to, and
// writes the answers to cases.json beside it; load's TestFunctionCases
// then runs the same cases through tfkit's functions.
//
//	go run ./load/internal/funcgen -engine /usr/local/bin/terraform [-compare /path/to/tofu]
//
// Each case is an output of a scratch configuration (the preamble with
// variables, an unknown-valued resource and the files under files/):
// `terraform plan` reports the errors by line and, once no case fails,
// the plan's outputs give values, types and unknowns; a second plan
// without `sensitive = true` tells which results are sensitive, and
// `terraform console`'s type() gives the type of results that are not
// wholly known. With -compare, the same cases are asked of a second
// engine and the cases where the two answer differently are written to
// engine-differences.json.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/tfkit/tfkit/load/internal/funccases"
)

func main() {
	engine := flag.String("engine", "terraform", "engine binary (terraform or tofu)")
	compare := flag.String("compare", "", "second engine: write the cases where it differs to engine-differences.json")
	dir := flag.String("dir", "load/testdata/functions", "directory with inputs.txt, preamble.tf and files/")
	flag.Parse()
	if err := run(*engine, *compare, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "funcgen:", err)
		os.Exit(1)
	}
}

func run(engine, compare, dir string) error {
	cases, err := funccases.ReadInputs(filepath.Join(dir, "inputs.txt"))
	if err != nil {
		return err
	}
	table, err := ask(engine, dir, cases)
	if err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "cases.json"), table); err != nil {
		return err
	}
	fmt.Printf("%s: %d functions, %d cases\n", table.Engine, len(table.Functions), len(table.Cases))
	if compare == "" {
		return nil
	}
	other, err := funccases.ReadInputs(filepath.Join(dir, "inputs.txt"))
	if err != nil {
		return err
	}
	ot, err := ask(compare, dir, other)
	if err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, "engine-differences.json"), differences(table, ot))
}

func ask(engine, dir string, cases []*funccases.Case) (*funccases.Table, error) {
	bin, err := exec.LookPath(engine)
	if err != nil {
		return nil, err
	}
	t := &funccases.Table{Cases: cases}
	if t.Engine, err = version(bin); err != nil {
		return nil, err
	}
	if t.Functions, err = functionNames(bin); err != nil {
		return nil, err
	}
	var bare, full []*funccases.Case
	for _, c := range cases {
		if c.Bare {
			bare = append(bare, c)
		} else {
			full = append(full, c)
		}
	}
	for _, group := range []struct {
		cases []*funccases.Case
		bare  bool
	}{{full, false}, {bare, true}} {
		if len(group.cases) == 0 {
			continue
		}
		w, err := newWorkdir(bin, dir, group.bare)
		if err != nil {
			return nil, err
		}
		err = w.evaluate(group.cases)
		os.RemoveAll(w.dir)
		if err != nil {
			return nil, err
		}
	}
	return t, nil
}

type workdir struct {
	bin, dir string
	env      []string
}

func newWorkdir(bin, src string, bare bool) (*workdir, error) {
	d, err := os.MkdirTemp("", "funcgen-")
	if err != nil {
		return nil, err
	}
	// The machine's TF_* settings (TF_VAR_*, TF_CLI_ARGS, ...) would
	// change the answers: only logging passes.
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TF_") || strings.HasPrefix(kv, "TF_LOG") {
			env = append(env, kv)
		}
	}
	w := &workdir{bin: bin, dir: d, env: append(env,
		"HOME="+funccases.Home, "TF_CLI_CONFIG_FILE=/dev/null", "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1",
		"TF_DATA_DIR="+filepath.Join(d, ".terraform"))}
	pre, err := funccases.Preamble(src, bare)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(d, "preamble.tf"), []byte(pre), 0o644); err != nil {
		return nil, err
	}
	if err := copyTree(filepath.Join(src, "files"), filepath.Join(d, "files")); err != nil {
		return nil, err
	}
	if _, err := w.cmd(nil, "init", "-input=false", "-backend=false"); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *workdir) cmd(stdin []byte, args ...string) ([]byte, error) {
	c := exec.Command(w.bin, args...)
	c.Dir, c.Env = w.dir, w.env
	if stdin != nil {
		c.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		return out, fmt.Errorf("%s %s: %v\n%s%s", filepath.Base(w.bin), strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return out, nil
}

type diagnostic struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
	Range    *struct {
		Filename string `json:"filename"`
		Start    struct {
			Line int `json:"line"`
			Byte int `json:"byte"`
		} `json:"start"`
	} `json:"range"`
}

// plan writes cases.tf with one output per case (value line 2+4i for
// case i) and returns the plan's error diagnostics; it leaves the plan
// in "plan" only when there are none.
func (w *workdir) plan(cases []*funccases.Case, sensitive bool) ([]diagnostic, error) {
	var b strings.Builder
	for i, c := range cases {
		s := ""
		if sensitive {
			s = "sensitive = true"
		}
		fmt.Fprintf(&b, "output \"c%d\" {\n  value = [%s]\n  %s\n}\n", i, c.Expr, s)
	}
	if err := os.WriteFile(filepath.Join(w.dir, "cases.tf"), []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	os.Remove(filepath.Join(w.dir, "plan"))
	out, err := w.cmd(nil, "plan", "-json", "-input=false", "-lock=false", "-out=plan")
	var diags []diagnostic
	for _, line := range bytes.Split(out, []byte("\n")) {
		var m struct {
			Type       string      `json:"type"`
			Diagnostic *diagnostic `json:"diagnostic"`
		}
		if json.Unmarshal(line, &m) == nil && m.Type == "diagnostic" && m.Diagnostic.Severity == "error" {
			diags = append(diags, *m.Diagnostic)
		}
	}
	if err != nil && len(diags) == 0 {
		return nil, err
	}
	return diags, nil
}

// caseOf is the case a diagnostic is reported in.
func caseOf(d diagnostic, n int) (int, error) {
	if d.Range == nil || d.Range.Filename != "cases.tf" {
		return 0, fmt.Errorf("error outside the cases: %s: %s", d.Summary, d.Detail)
	}
	i := (d.Range.Start.Line - 1) / 4
	if i >= n {
		return 0, fmt.Errorf("error past the cases at line %d: %s", d.Range.Start.Line, d.Summary)
	}
	return i, nil
}

func (w *workdir) evaluate(cases []*funccases.Case) error {
	active := cases
	for {
		diags, err := w.plan(active, true)
		if err != nil {
			return err
		}
		if len(diags) == 0 {
			break
		}
		// The first error of each case, by position then text.
		sort.SliceStable(diags, func(i, j int) bool {
			a, b := diags[i], diags[j]
			if a.Range != nil && b.Range != nil && a.Range.Start.Byte != b.Range.Start.Byte {
				return a.Range.Start.Byte < b.Range.Start.Byte
			}
			return a.Summary+a.Detail < b.Summary+b.Detail
		})
		failed := map[int]bool{}
		for _, d := range diags {
			if d.Range == nil {
				// Results the engine cannot store, such as infinity: the
				// error names the outputs.
				ms := unstorable.FindAllStringSubmatch(d.Detail, -1)
				for _, m := range ms {
					i, _ := strconv.Atoi(m[1])
					if i < len(active) && !failed[i] {
						failed[i] = true
						active[i].Error = &funccases.Error{Summary: "Failed to serialize output value", Detail: m[2]}
					}
				}
				if len(ms) > 0 {
					continue
				}
			}
			i, err := caseOf(d, len(active))
			if err != nil {
				return err
			}
			if !failed[i] {
				failed[i] = true
				active[i].Error = &funccases.Error{Summary: d.Summary, Detail: stable(d.Detail)}
			}
		}
		var rest []*funccases.Case
		for i, c := range active {
			if !failed[i] {
				rest = append(rest, c)
			}
		}
		if active = rest; len(active) == 0 {
			return nil
		}
	}
	out, err := w.cmd(nil, "show", "-json", "plan")
	if err != nil {
		return err
	}
	var p struct {
		Planned struct {
			Outputs map[string]struct {
				Type  json.RawMessage `json:"type"`
				Value json.RawMessage `json:"value"`
			} `json:"outputs"`
		} `json:"planned_values"`
		Changes map[string]struct {
			After        json.RawMessage `json:"after"`
			AfterUnknown json.RawMessage `json:"after_unknown"`
		} `json:"output_changes"`
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		return err
	}
	// The console evaluates the preamble alone.
	if err := os.Remove(filepath.Join(w.dir, "cases.tf")); err != nil {
		return err
	}
	for i, c := range active {
		name := fmt.Sprintf("c%d", i)
		ch, ok := p.Changes[name]
		if !ok {
			return fmt.Errorf("no output %s (%s) in the plan", name, c.Expr)
		}
		if c.Value, err = first(ch.After); err != nil {
			return fmt.Errorf("%s: %v", c.Expr, err)
		}
		if u := strings.TrimSpace(string(ch.AfterUnknown)); u != "false" {
			if c.Unknown, err = first(ch.AfterUnknown); err != nil {
				return fmt.Errorf("%s: %v", c.Expr, err)
			}
		}
		if po, ok := p.Planned.Outputs[name]; ok && len(po.Type) > 0 && c.Unknown == nil {
			var ty []json.RawMessage
			if err := json.Unmarshal(po.Type, &ty); err != nil || len(ty) != 2 {
				return fmt.Errorf("%s: type %s", c.Expr, po.Type)
			}
			var elems []json.RawMessage
			if err := json.Unmarshal(ty[1], &elems); err != nil || len(elems) != 1 {
				return fmt.Errorf("%s: type %s", c.Expr, po.Type)
			}
			c.Type = elems[0]
		} else if c.Type, err = w.consoleType(c.Expr); err != nil {
			// The console evaluates impure functions, which a plan leaves
			// unknown, so it may fail where the plan did not: the plan's
			// answer stands, of a type it does not tell (none recorded).
			fmt.Fprintf(os.Stderr, "funcgen: %s: no type from the console: %s\n", c.Expr, firstLine(err))
			c.Type = nil
		}
	}
	// Which results are sensitive: those whose output Terraform refuses
	// without sensitive = true.
	diags, err := w.plan(active, false)
	if err != nil {
		return err
	}
	for _, d := range diags {
		i, err := caseOf(d, len(active))
		if err != nil {
			return err
		}
		// "Output refers to sensitive values" (each engine words it).
		if !strings.Contains(strings.ToLower(d.Summary), "sensitive") {
			return fmt.Errorf("%s: unexpected error without sensitive = true: %s", active[i].Expr, d.Summary)
		}
		active[i].Sensitive = true
	}
	return nil
}

// first is the only element of a one-element JSON array.
func first(raw json.RawMessage) (json.RawMessage, error) {
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil || len(elems) != 1 {
		return nil, fmt.Errorf("not a one-element array: %s", raw)
	}
	return elems[0], nil
}

var unstorable = regexp.MustCompile(`serializing output value "c(\d+)": ([^\n]*?)\.*(\n|$)`)

var consoleKey = regexp.MustCompile(`(?m)^(\s*)([A-Za-z_][A-Za-z0-9_-]*): `)

// consoleType asks terraform console for type(expr) and returns it as
// cty's JSON type; the console prints types as "object({\n a: string,\n})".
func (w *workdir) consoleType(expr string) (json.RawMessage, error) {
	out, err := w.cmd([]byte("type("+expr+")\n"), "console", "-no-color")
	if err != nil {
		return nil, err
	}
	// Warnings are framed in box-drawing characters; the type follows.
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(l, "╷") && !strings.HasPrefix(l, "│") && !strings.HasPrefix(l, "╵") {
			lines = append(lines, l)
		}
	}
	src := consoleKey.ReplaceAllString(strings.TrimSpace(strings.Join(lines, "\n")), "$1$2 = ")
	src = regexp.MustCompile(`\bdynamic\b`).ReplaceAllString(src, "any")
	x, d := hclsyntax.ParseExpression([]byte(src), "type", hcl.InitialPos)
	if d.HasErrors() {
		return nil, fmt.Errorf("type(%s) printed %q: %s", expr, out, d.Error())
	}
	ty, d := typeexpr.TypeConstraint(x)
	if d.HasErrors() {
		return nil, fmt.Errorf("type(%s) printed %q: %s", expr, out, d.Error())
	}
	return ctyjson.MarshalType(ty)
}

func version(bin string) (string, error) {
	cmd := exec.Command(bin, "version", "-json")
	// A CLI configuration named in the environment that does not exist
	// makes the engine print a warning before the JSON.
	cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE=/dev/null")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s version: %v", bin, err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return "", err
	}
	return filepath.Base(bin) + " " + v.Version, nil
}

// functionNames lists the engine's built-in functions (without their
// core:: aliases) and the built-in provider's.
func functionNames(bin string) ([]string, error) {
	out, err := exec.Command(bin, "metadata", "functions", "-json").Output()
	if err != nil {
		return nil, fmt.Errorf("%s metadata functions: %v", bin, err)
	}
	var m struct {
		Sigs map[string]json.RawMessage `json:"function_signatures"`
	}
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, err
	}
	var names []string
	for n := range m.Sigs {
		if !strings.HasPrefix(n, "core::") {
			names = append(names, n)
		}
	}
	names = append(names, "provider::terraform::decode_tfvars", "provider::terraform::encode_expr", "provider::terraform::encode_tfvars")
	sort.Strings(names)
	return names, nil
}

// Difference is a case two engines answer differently.
type Difference struct {
	Expr    string          `json:"expr"`
	First   *funccases.Case `json:"first"`
	Second  *funccases.Case `json:"second"`
	Engines string          `json:"engines"`
}

func differences(a, b *funccases.Table) any {
	out := []Difference{}
	for i, c := range a.Cases {
		o := b.Cases[i]
		if !reflect.DeepEqual(answer(c), answer(o)) {
			out = append(out, Difference{Expr: c.Expr, First: c, Second: o, Engines: a.Engine + " / " + b.Engine})
		}
	}
	onlyA, onlyB := setDiff(a.Functions, b.Functions), setDiff(b.Functions, a.Functions)
	return map[string]any{"engines": []string{a.Engine, b.Engine}, "cases": out,
		"functions_only_in_first": onlyA, "functions_only_in_second": onlyB}
}

func answer(c *funccases.Case) [5]string {
	e := ""
	if c.Error != nil {
		e = c.Error.Summary + "\n" + c.Error.Detail
	}
	return [5]string{string(c.Type), string(c.Value), string(c.Unknown), fmt.Sprint(c.Sensitive), e}
}

func setDiff(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	out := []string{}
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

func writeJSON(path string, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == src {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(strings.TrimSpace(err.Error()), "\n")
	return s
}

// stable cuts the goroutine stack from a panic's message: it differs
// from run to run.
func stable(detail string) string {
	if i := strings.Index(detail, "\ngoroutine "); i >= 0 && strings.Contains(detail[:i], "panic in function implementation") {
		return detail[:i]
	}
	return detail
}
