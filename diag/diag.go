// Package diag holds the one diagnostics type that every tfkit layer reports
// user mistakes with: a severity, a summary, a detail, the source range where
// the problem is, other related sites (such as the first declaration of a
// duplicate), the attribute path, and a suggestion for fixing it.
//
// Diagnostics are values describing a user's mistake. Programmer bugs panic;
// process failures (a missing binary, a full disk) are ordinary wrapped errors.
// This package must never import another tfkit package.
//
// It is public because every public API of tfkit returns these diagnostics.
package diag

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Severity tells whether a diagnostic stops the work (Error) or only informs.
type Severity int

const (
	// Error diagnostics make the operation fail.
	Error Severity = iota
	// Warning diagnostics are shown but the operation goes on.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "Warning"
	}
	return "Error"
}

// Related is another source location that explains a diagnostic, such as the
// first declaration of a duplicated block.
type Related struct {
	Message string
	Range   hcl.Range
}

// Diagnostic describes one problem in a user's input.
type Diagnostic struct {
	Severity Severity
	// Summary is a short sentence naming the problem.
	Summary string
	// Detail explains the problem in full.
	Detail string
	// Subject is where the problem is; nil when no location is known.
	Subject *hcl.Range
	// Related lists other sites involved, in a useful reading order.
	Related []Related
	// Path is the Terraform address and attribute path involved, such as
	// aws_instance.web.ebs_block_device[0].volume_size; empty when none.
	Path string
	// Suggestion says how to fix the problem; empty when there is nothing to add.
	Suggestion string
}

// Error formats the diagnostic as one or more lines:
//
//	main.go:12:3: Error: Duplicate resource "aws_vpc.main"; <detail>
//	  first declared here: main.go:9:2
//	  hint: rename one of them
func (d *Diagnostic) Error() string {
	var b strings.Builder
	if d.Subject != nil && d.Subject.Filename != "" {
		b.WriteString(FormatRange(*d.Subject))
		b.WriteString(": ")
	}
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Summary)
	if d.Path != "" {
		fmt.Fprintf(&b, " (at %s)", d.Path)
	}
	if d.Detail != "" {
		b.WriteString("; ")
		b.WriteString(d.Detail)
	}
	for _, r := range d.Related {
		fmt.Fprintf(&b, "\n  %s: %s", r.Message, FormatRange(r.Range))
	}
	if d.Suggestion != "" {
		b.WriteString("\n  hint: ")
		b.WriteString(d.Suggestion)
	}
	return b.String()
}

// FormatRange renders a range as file:line:col, leaving out what is unknown.
func FormatRange(r hcl.Range) string {
	switch {
	case r.Start.Line == 0:
		return r.Filename
	case r.Start.Column == 0:
		return fmt.Sprintf("%s:%d", r.Filename, r.Start.Line)
	default:
		return fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)
	}
}

// Diagnostics is a list of diagnostics in the order they were found. It
// implements error so that a non-empty list can be returned as one.
type Diagnostics []*Diagnostic

// Errorf appends an error diagnostic at subject and returns the grown list.
func (ds Diagnostics) Errorf(subject *hcl.Range, summary string, args ...any) Diagnostics {
	return append(ds, &Diagnostic{Severity: Error, Summary: fmt.Sprintf(summary, args...), Subject: subject})
}

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Errs returns only the error diagnostics.
func (ds Diagnostics) Errs() Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Err returns the list as an error when it holds at least one error, else nil.
func (ds Diagnostics) Err() error {
	if ds.HasErrors() {
		return ds
	}
	return nil
}

func (ds Diagnostics) Error() string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.Error()
	}
	return strings.Join(parts, "\n")
}

// FromHCL converts HCL's diagnostics into tfkit diagnostics.
func FromHCL(hds hcl.Diagnostics) Diagnostics {
	out := make(Diagnostics, 0, len(hds))
	for _, hd := range hds {
		d := &Diagnostic{Summary: hd.Summary, Detail: hd.Detail}
		if hd.Severity == hcl.DiagWarning {
			d.Severity = Warning
		}
		if hd.Subject != nil {
			r := *hd.Subject
			d.Subject = &r
		}
		out = append(out, d)
	}
	return out
}
