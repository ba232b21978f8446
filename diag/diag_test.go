package diag

import (
	"errors"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

func TestDiagnosticError(t *testing.T) {
	d := &Diagnostic{
		Severity:   Error,
		Summary:    `Duplicate resource "aws_vpc.main"`,
		Detail:     "Each resource must be unique.",
		Subject:    &hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: 12, Column: 3}},
		Related:    []Related{{Message: "first declared here", Range: hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: 9}}}},
		Path:       "aws_vpc.main",
		Suggestion: "rename one of them",
	}
	want := "main.go:12:3: Error: Duplicate resource \"aws_vpc.main\" (at aws_vpc.main); Each resource must be unique.\n" +
		"  first declared here: main.go:9\n" +
		"  hint: rename one of them"
	if got := d.Error(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	w := &Diagnostic{Severity: Warning, Summary: "Deprecated"}
	if got := w.Error(); got != "Warning: Deprecated" {
		t.Fatalf("warning without location: %q", got)
	}
}

func TestDiagnosticsErr(t *testing.T) {
	var ds Diagnostics
	if ds.Err() != nil || ds.HasErrors() {
		t.Fatal("empty list is an error")
	}
	ds = append(ds, &Diagnostic{Severity: Warning, Summary: "w"})
	if ds.Err() != nil {
		t.Fatal("warnings alone are an error")
	}
	ds = ds.Errorf(nil, "bad %s", "thing")
	err := ds.Err()
	var got Diagnostics
	if err == nil || !errors.As(err, &got) || len(got.Errs()) != 1 || got.Errs()[0].Summary != "bad thing" {
		t.Fatalf("Err() = %v", err)
	}
	if ds.Error() != "Warning: w\nError: bad thing" {
		t.Fatalf("Error() = %q", ds.Error())
	}
}

func TestFromHCL(t *testing.T) {
	r := hcl.Range{Filename: "a.tf", Start: hcl.Pos{Line: 1, Column: 2}}
	ds := FromHCL(hcl.Diagnostics{
		{Severity: hcl.DiagError, Summary: "s", Detail: "d", Subject: &r},
		{Severity: hcl.DiagWarning, Summary: "w"},
	})
	if len(ds) != 2 || ds[0].Severity != Error || ds[0].Subject == &r || *ds[0].Subject != r || ds[1].Severity != Warning || ds[1].Subject != nil {
		t.Fatalf("%#v", ds)
	}
}

func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		given      string
		candidates []string
		want       string
	}{
		{"lenght", []string{"keepers", "length", "prefix"}, `did you mean "length"?`},
		{"aws_vpc.mian", []string{"aws_vpc.main", "aws_subnet.a"}, `did you mean "aws_vpc.main"?`},
		{"zzzzzz", []string{"length"}, ""},
		{"x", nil, ""},
	} {
		if got := DidYouMean(tc.given, tc.candidates); got != tc.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tc.given, got, tc.want)
		}
	}
}
