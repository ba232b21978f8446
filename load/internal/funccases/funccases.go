// Package funccases reads the function cases of
// load/testdata/functions: the expressions of inputs.txt, the engine's
// answers in cases.json, and the configuration both are evaluated in.
// The generator (load/internal/funcgen) writes the table; load's
// TestFunctionCases compares tfkit's answers with it.
package funccases

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Home is HOME for the engine and for tfkit (Options.Env), so that
// pathexpand's answer does not depend on the machine.
const Home = "/home/tfkit"

// Case is one expression and the engine's answer: the value (as in a
// plan's JSON, unknowns null), its type (cty's JSON type), what of it is
// unknown (a plan's after_unknown; absent when wholly known), whether it
// is sensitive, or the first error.
type Case struct {
	Function string `json:"function"`
	Expr     string `json:"expr"`
	// Bare cases run in a configuration whose required_providers does
	// not declare the built-in terraform provider.
	Bare      bool   `json:"bare,omitempty"`
	Divergent string `json:"known_divergent,omitempty"`

	Type      json.RawMessage `json:"type,omitempty"`
	Value     json.RawMessage `json:"value,omitempty"`
	Unknown   json.RawMessage `json:"unknown,omitempty"`
	Sensitive bool            `json:"sensitive,omitempty"`
	Error     *Error          `json:"error,omitempty"`
}

// Error is the first error diagnostic of a case.
type Error struct {
	Summary string `json:"summary"`
	Detail  string `json:"detail"`
}

// Table is cases.json.
type Table struct {
	Engine    string   `json:"engine"`
	Functions []string `json:"functions"`
	Cases     []*Case  `json:"cases"`
}

// ReadInputs parses inputs.txt: "[name]" starts the cases of function
// name, every other non-blank line not starting with # is a case. A case
// line may start with "@bare " and end with " ## known-divergent: REASON".
func ReadInputs(path string) ([]*Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []*Case
	fn := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			fn = line[1 : len(line)-1]
			continue
		case fn == "":
			return nil, fmt.Errorf("%s:%d: a case before the first [function] line", path, n)
		}
		c := &Case{Function: fn}
		if rest, ok := strings.CutPrefix(line, "@bare "); ok {
			c.Bare, line = true, rest
		}
		if expr, why, ok := strings.Cut(line, " ## known-divergent:"); ok {
			line, c.Divergent = strings.TrimSpace(expr), strings.TrimSpace(why)
		}
		if _, d := hclsyntax.ParseExpression([]byte(line), path, hcl.Pos{Line: n, Column: 1}); d.HasErrors() {
			return nil, fmt.Errorf("%s:%d: %s", path, n, d.Error())
		}
		c.Expr = line
		cases = append(cases, c)
	}
	return cases, sc.Err()
}

// Preamble returns the configuration every case is evaluated in; load's
// test builds the same one from preamble.tf.
func Preamble(dir string, bare bool) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "preamble.tf"))
	if err != nil {
		return "", err
	}
	s := string(b)
	if !bare {
		s += "\nterraform {\n  required_providers {\n    terraform = { source = \"terraform.io/builtin/terraform\" }\n  }\n}\n"
	}
	return s, nil
}

// ReadTable reads cases.json.
func ReadTable(path string) (*Table, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t Table
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &t, nil
}
