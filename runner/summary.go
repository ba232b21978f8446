package runner

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
)

// Summary counts a plan's changes as Terraform's "Plan:" line does, plus
// the moves that line leaves out.
type Summary struct {
	// Import counts resources to import (import blocks); an imported
	// resource may also be counted as added, changed or destroyed.
	Import int
	// Add, Change and Destroy count resource instances to create, update
	// and delete; a replacement is one of Add and one of Destroy.
	Add, Change, Destroy int
	// Forget counts resources to remove from the state without destroying
	// them (removed blocks with destroy = false).
	Forget int
	// Move counts resource instances whose address changes (moved
	// blocks), whether or not they also change otherwise.
	Move int
	// Outputs tells whether output values change.
	Outputs bool
	// Other is set when the engine reports changes that none of the above
	// counts, so that they are applied all the same.
	Other bool
}

// Changes reports whether applying the plan would change anything: the
// state, if not the infrastructure.
func (s Summary) Changes() bool {
	return s.Import+s.Add+s.Change+s.Destroy+s.Forget+s.Move > 0 || s.Outputs || s.Other
}

// String returns "1 to add, 0 to change, 0 to destroy", with the imports
// and forgets where Terraform puts them ("1 to import, 1 to add, 0 to
// change, 0 to destroy, 1 to forget") and then the moves, output changes
// and other changes when there are any.
func (s Summary) String() string {
	var parts []string
	if s.Import > 0 {
		parts = append(parts, fmt.Sprintf("%d to import", s.Import))
	}
	parts = append(parts, fmt.Sprintf("%d to add", s.Add), fmt.Sprintf("%d to change", s.Change), fmt.Sprintf("%d to destroy", s.Destroy))
	if s.Forget > 0 {
		parts = append(parts, fmt.Sprintf("%d to forget", s.Forget))
	}
	return strings.Join(append(parts, s.extras()...), ", ")
}

// Applied describes the plan once applied, in the past tense of
// Terraform's "Apply complete!" line: "1 imported, 1 added, 0 changed, 0
// destroyed, 1 forgotten, 1 moved".
func (s Summary) Applied() string {
	if s.Import+s.Add+s.Change+s.Destroy+s.Forget+s.Move == 0 {
		switch {
		case s.Outputs:
			return "outputs changed"
		case s.Other:
			return "other changes"
		}
	}
	var parts []string
	if s.Import > 0 {
		parts = append(parts, fmt.Sprintf("%d imported", s.Import))
	}
	parts = append(parts, fmt.Sprintf("%d added", s.Add), fmt.Sprintf("%d changed", s.Change), fmt.Sprintf("%d destroyed", s.Destroy))
	if s.Forget > 0 {
		parts = append(parts, fmt.Sprintf("%d forgotten", s.Forget))
	}
	if s.Move > 0 {
		parts = append(parts, fmt.Sprintf("%d moved", s.Move))
	}
	return strings.Join(parts, ", ")
}

func (s Summary) extras() []string {
	var parts []string
	if s.Move > 0 {
		parts = append(parts, fmt.Sprintf("%d moved", s.Move))
	}
	if s.Outputs {
		parts = append(parts, "outputs change")
	}
	if s.Other {
		parts = append(parts, "other changes")
	}
	return parts
}

// planScanner reads the summary of a human-readable plan as the engine
// streams it: the "Plan:" line (with "N to import" and "N to forget" when
// the engine prints them), "Changes to Outputs:", and the headings of
// moved and forgotten resources, which the "Plan:" line of Terraform 1.11
// does not count (OpenTofu's counts forgets; neither counts moves). Headings count only
// after "... will perform the following actions:", not in the report of
// changes made outside the engine that comes before it.
type planScanner struct {
	partial []byte
	counts  *Summary
	// forgetCounted: the "Plan:" line had a forget count, which then
	// wins over the headings.
	forgetCounted bool
	actions       bool
	moves         int
	forgets       int
	outputs       bool
}

var (
	planLine = regexp.MustCompile(`^Plan: (?:(\d+) to import, )?(\d+) to add, (\d+) to change, (\d+) to destroy(?:, (\d+) to forget)?`)
	// "# a.b has moved to a.c", or "# (moved from a.b)" under the heading of
	// a moved resource that also changes.
	movedLine = regexp.MustCompile(`^# (?:\S.* has moved to \S.*|\(moved from \S.*\))$`)
	// "# a.b will no longer be managed by Terraform, but will not be
	// destroyed" (OpenTofu: "... by OpenTofu, ..."; older OpenTofu: "# a.b
	// will be removed from the OpenTofu state but will not be destroyed").
	forgetLine = regexp.MustCompile(`^# \S.* (?:will no longer be managed by \S+, but|will be removed from the \S+ state but) will not be destroyed$`)
)

func (p *planScanner) Write(b []byte) (int, error) {
	p.partial = append(p.partial, b...)
	for {
		i := bytes.IndexByte(p.partial, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := strings.TrimRight(string(p.partial[:i]), " \t\r")
		p.partial = p.partial[i+1:]
		p.line(line)
	}
}

// line reads one line of the plan, without its line end. The engine
// prints its own lines at the start of the line and the headings of
// resources indented by two spaces (Terraform's forget headings by one);
// anything indented further is part of a resource, such as the lines of a
// heredoc value, which may read like a heading or a "Plan:" line.
func (p *planScanner) line(line string) {
	heading, isHeading := resourceHeading(line)
	switch {
	case strings.HasSuffix(line, " will perform the following actions:") && !strings.HasPrefix(line, " "):
		p.actions = true
	case line == "Changes to Outputs:":
		p.outputs = true
	case p.actions && isHeading && movedLine.MatchString(heading):
		p.moves++
	case p.actions && isHeading && forgetLine.MatchString(heading):
		p.forgets++
	}
	if m := planLine.FindStringSubmatch(line); m != nil {
		s := Summary{}
		s.Import = atoi(m[1])
		s.Add, s.Change, s.Destroy = atoi(m[2]), atoi(m[3]), atoi(m[4])
		s.Forget = atoi(m[5])
		p.counts, p.forgetCounted = &s, m[5] != ""
	}
}

// resourceHeading returns line without the indentation of a resource's
// heading ("  # addr ..."; Terraform indents the heading of a forgotten
// resource by one space), and whether it is indented so.
func resourceHeading(line string) (string, bool) {
	rest := strings.TrimPrefix(strings.TrimPrefix(line, " "), " ")
	return rest, len(rest) < len(line) && strings.HasPrefix(rest, "# ")
}

// atoi reads a count of the plan text; "" (a count the line left out) and
// numbers too large for an int are 0.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// summary returns what the plan said; ok is false when it said nothing
// recognisable.
func (p *planScanner) summary() (Summary, bool) {
	var s Summary
	if p.counts != nil {
		s = *p.counts
	}
	if !p.forgetCounted {
		s.Forget = p.forgets
	}
	s.Move = p.moves
	s.Outputs = p.outputs
	return s, p.counts != nil || s.Changes()
}

// summarize counts the changes of a plan read with `show -json`.
func summarize(p *tfjson.Plan) Summary {
	var s Summary
	for _, rc := range p.ResourceChanges {
		if rc == nil || rc.Change == nil {
			continue
		}
		if rc.Change.Importing != nil {
			s.Import++
		}
		if rc.PreviousAddress != "" && rc.PreviousAddress != rc.Address {
			s.Move++
		}
		a := rc.Change.Actions
		switch {
		case a.Replace():
			s.Add++
			s.Destroy++
		case a.Create():
			s.Add++
		case a.Update():
			s.Change++
		case a.Delete():
			s.Destroy++
		case a.Forget():
			s.Forget++
		}
	}
	for _, oc := range p.OutputChanges {
		if oc != nil && !oc.Actions.NoOp() {
			s.Outputs = true
		}
	}
	return s
}
