package tsx

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
)

func ph(i int) string { return phOpen + string(rune('0'+i)) + phClose }

func refMarker(id int, path ...string) *jvalue {
	p := &jvalue{kind: jArray, arr: []*jvalue{}}
	for _, s := range path {
		p.arr = append(p.arr, &jvalue{kind: jString, s: s})
	}
	return &jvalue{kind: jObject, obj: []jmember{
		{markKey, &jvalue{kind: jString, s: "ref"}},
		{"r", &jvalue{kind: jNumber, s: itoa(id)}},
		{"p", p},
	}}
}

func itoa(i int) string { return string(rune('0' + i)) }

func litMarker(s string) *jvalue {
	return &jvalue{kind: jObject, obj: []jmember{
		{markKey, &jvalue{kind: jString, s: "lit"}},
		{"v", &jvalue{kind: jString, s: s}},
	}}
}

// TestSubstitute checks how placeholders become HCL text: interpolations
// in literal text, bare expressions inside ${...} and in innerText, and
// literal text escaped.
func TestSubstitute(t *testing.T) {
	target := &node{idx: 0, kind: "Resource", spec: kinds["Resource"], labels: []string{"aws_vpc", "main"}, addr: "aws_vpc.main"}
	user := &node{idx: 1, kind: "Resource", addr: "x.y"}
	c := &converter{
		src:     newSources("/nonexistent"),
		binding: map[int]*node{0: target},
		ph:      []Value{refMarker(0, "id"), litMarker("${x}"), refMarker(0, "tags", "Name")},
	}
	for _, tc := range []struct {
		in   string
		bare bool
		want string
	}{
		{ph(0), false, "${aws_vpc.main.id}"},
		{"a-" + ph(0) + "-b", false, "a-${aws_vpc.main.id}-b"},
		{"${upper(" + ph(0) + ")}", false, "${upper(aws_vpc.main.id)}"},
		{"${join(\"-\", [\"" + ph(0) + "\"])}", false, "${join(\"-\", [\"${aws_vpc.main.id}\"])}"},
		{"$${" + ph(0) + "}", false, "$${${aws_vpc.main.id}}"},
		{"cost " + ph(1), false, "cost $${x}"},
		{"${" + ph(1) + "}", false, "${\"$${x}\"}"},
		{"vpc_id = " + ph(0), true, "vpc_id = aws_vpc.main.id"},
		{"name = \"" + ph(2) + "\"", true, "name = \"${aws_vpc.main.tags.Name}\""},
		{"name = \"$" + ph(0) + "\"", true, "name = \"${\"$\"}${aws_vpc.main.id}\""},
		{"name = \"${" + ph(0) + "}\"", true, "name = \"${aws_vpc.main.id}\""},
		{"x = <<EOT\n" + ph(0) + " " + ph(1) + "\nEOT\n", true, "x = <<EOT\n${aws_vpc.main.id} $${x}\nEOT\n"},
		{"x = \"" + ph(1) + "\"", true, "x = \"$${x}\""},
		{"# " + ph(0), true, "# aws_vpc.main.id"},
		{"b \"x\" {\n  y = \"" + ph(0) + "\"\n}\n", true, "b \"x\" {\n  y = \"${aws_vpc.main.id}\"\n}\n"},
		{"cost $" + ph(0), false, "cost ${\"$\"}${aws_vpc.main.id}"},
		{"broken " + phOpen + "9" + phClose, false, "broken " + phOpen + "9" + phClose},
	} {
		got, ok := c.substitute(user, tc.in, hcl.Range{}, "x.y.a", tc.bare)
		if !ok || got != tc.want {
			t.Errorf("substitute(%q, bare=%v) = %q, %v; want %q", cleanPlaceholders(tc.in), tc.bare, got, ok, tc.want)
		}
	}
	if len(c.diags) != 0 {
		t.Errorf("unexpected diagnostics: %v", c.diags)
	}
}

func TestLineMatches(t *testing.T) {
	for _, tc := range []struct {
		text, src string
		want      bool
	}{
		{`name = "x"`, `name = "x"`, true},
		{`name = "x"`, `name = "y"`, false},
		{"vpc_id = " + ph(0), "vpc_id = ${vpcRef.id}", true},
		{"a = " + ph(0) + " + " + ph(1), "a = ${x} + ${y.z}", true},
		{"a = " + ph(0) + " + 1", "a = ${x} - 1", false},
		{`b = "${terraform.workspace}"`, `b = "\${terraform.workspace}"`, true},
		{`a = 1`, "`a = 1", true},
	} {
		if got := lineMatches(tc.text, tc.src); got != tc.want {
			t.Errorf("lineMatches(%q, %q) = %v, want %v", cleanPlaceholders(tc.text), tc.src, got, tc.want)
		}
	}
}

func TestAssignedName(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"  const vpcRef = useRef();", "vpcRef"},
		{"  let r=useRef()", "r"},
		{"  const west: Ref = useRef();", "west"},
		{"  refs: useRef(),", "refs"},
		{"  useRef();", ""},
		{"  const x = 1;", ""},
	} {
		if got := assignedName(tc.line, 1); got != tc.want {
			t.Errorf("assignedName(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestReorderKey(t *testing.T) {
	m := func(names ...string) []member {
		out := make([]member, len(names))
		for i, n := range names {
			out[i] = member{key: n}
		}
		return out
	}
	names := func(ms []member) string {
		var s []string
		for _, x := range ms {
			s = append(s, x.key)
		}
		return strings.Join(s, ",")
	}
	for _, tc := range []struct {
		members, order []string
		want           string
	}{
		{[]string{"type", "name", "bucket", "source", "key"}, []string{"type", "name", "bucket", "key", "source"}, "type,name,bucket,key,source"},
		{[]string{"type", "name", "key"}, []string{"key", "type", "name"}, "key,type,name"},
		{[]string{"type", "name", "key"}, []string{"type", "name", "key"}, "type,name,key"},
		{[]string{"type", "name", "key"}, nil, "type,name,key"},
		{[]string{"a", "b", "key"}, []string{"a", "key", "c", "b"}, "a,key,b"},
	} {
		if got := names(reorderKey(m(tc.members...), tc.order)); got != tc.want {
			t.Errorf("reorderKey(%v, %v) = %s, want %s", tc.members, tc.order, got, tc.want)
		}
	}
}

func TestTagAttrs(t *testing.T) {
	src := strings.Join([]string{
		`const x = <Resource`,
		`  type="aws_vpc" name='main'`,
		`  // a comment with "quotes" and { braces`,
		"  tags={{ a: `x ${ {b: 1}.b } }`, c: \"}\" }}",
		`  {...spread}`,
		`  child={<Other a={1} />}`,
		`  /* block } comment */ key="k"`,
		`  flag`,
		`/>;`,
		`<Other<string> x={1} />`,
	}, "\n")
	f := &sourceFile{text: src, lines: strings.Split(src, "\n"), ok: true}
	attrs, ok := tagAttrs(f, 1, 11)
	if !ok {
		t.Fatal("tag not read")
	}
	wantNames := []string{"type", "name", "tags", "child", "key", "flag"}
	if len(attrs) != len(wantNames) {
		t.Fatalf("attributes %v, want %v", attrs, wantNames)
	}
	for i, a := range attrs {
		if a.name != wantNames[i] {
			t.Errorf("attribute %d = %s, want %s", i, a.name, wantNames[i])
		}
	}
	if p := attrs[4].start; p.Line != 7 || p.Column != 25 {
		t.Errorf("key at %d:%d, want 7:25", p.Line, p.Column)
	}
	if _, ok := tagAttrs(f, 10, 1); !ok {
		t.Error("tag with type arguments not read")
	}
	if _, ok := tagAttrs(f, 2, 3); ok {
		t.Error("read a tag where there is none")
	}
	if _, ok := tagAttrs(f, 99, 1); ok {
		t.Error("read a tag past the end")
	}
}

func TestDedentExamples(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"\n    a = 1\n      b {\n      }\n  ", "a = 1\n  b {\n  }\n"},
		{"a = 1", "a = 1\n"},
		{"\n\t\tx = 1\n\n\t\ty = 2\n\t", "x = 1\n\ny = 2\n"},
		{"", ""},
	} {
		if got := dedent(tc.in).text; got != tc.want {
			t.Errorf("dedent(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestNumber(t *testing.T) {
	c := &converter{src: newSources("/nonexistent")}
	for f, want := range map[float64]string{
		0: "0", -7: "-7", 0.25: "0.25", 0.1: "0.1", 1e21: "1000000000000000000000", 12345678901234: "12345678901234",
		1.5e-7: "0.00000015", 9007199254740993: "9007199254740992",
	} {
		e := c.number(f, hcl.Range{}, "x")
		if e == nil {
			t.Errorf("number(%v) failed: %v", f, c.diags)
			continue
		}
		if got := strings.TrimSpace(string(render.Expr(e))); got != want {
			t.Errorf("number(%v) renders %s, want %s", f, got, want)
		}
	}
}

// TestLabelArgumentHint: a required argument named like one of its
// element's labels gets a hint to set it in innerText; others keep theirs.
func TestLabelArgumentHint(t *testing.T) {
	for path, want := range map[string]bool{
		"docker_container.web.name":              true,
		"data.docker_network.n.name":             true,
		"aws_instance.web.type":                  true,
		"module.net.name":                        true,
		"module.net.type":                        false,
		"docker_container.web.image":             false,
		"aws_instance.web.ebs_block_device.name": false,
	} {
		d := &diag.Diagnostic{Summary: "Missing required argument", Path: path, Suggestion: "set x"}
		WithFrames(diag.Diagnostics{d}, t.TempDir())
		if got := strings.Contains(d.Suggestion, "innerText"); got != want {
			t.Errorf("%s: hint %q", path, d.Suggestion)
		}
	}
}

func TestTextSetsForEach(t *testing.T) {
	for text, want := range map[string]bool{
		"\n  for_each = var.m\n  input = 1\n":                        true,
		"for_each={a=1}":                                             true,
		"\n  input = 1\n  dynamic \"x\" {\n    for_each = []\n  }\n": false,
		"\n  for_each_x = 1\n":                                       false,
		"\n  count = 2\n":                                            false,
		"\n  # for_each = var.m\n":                                   false,
	} {
		if got := textSetsForEach(text); got != want {
			t.Errorf("textSetsForEach(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestReactImportHint: the hint of an import from React names what to
// import from tfkit instead and what tfkit has no equivalent for.
func TestReactImportHint(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`import { useRef, Fragment } from "react";`, `import { useRef, Fragment } from "tfkit" instead`},
		{`import React, { useState, type FC } from 'react'`, `remove the import; React is not needed: JSX needs no import, and React.createElement is createElement of "tfkit"; useState, FC: tfkit has no such API (a configuration is rendered once, so there is no state, effect, context or memo): use plain variables, props and useRef`},
		{`import * as R from "react";`, `remove the import; R is not needed: JSX needs no import, and R.createElement is createElement of "tfkit"`},
		{`import { useRef as ref, useEffect } from "react"`, `import { useRef as ref } from "tfkit" instead; useEffect: tfkit has no such API (a configuration is rendered once, so there is no state, effect, context or memo): use plain variables, props and useRef`},
		{`} from "react";`, ``},
		{`const x = require("react")`, ``},
	} {
		if got := reactImportHint(c.line); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.line, got, c.want)
		}
	}
}

// TestBracesInJSXText: HCL's braces are found in JSX text, after an
// opening tag and before its closing one, and not in JavaScript.
func TestBracesInJSXText(t *testing.T) {
	f := &sourceFile{lines: []string{
		"export default function App() {",
		"  const tags = {",
		"    a: 1,",
		"  };",
		"  return (",
		`    <Resource type="aws_vpc" name="main">`,
		"      tags = {",
		"    </Resource>",
		"  );",
		"  lifecycle {",
		`    <Resource type="aws_vpc" name="other">`,
		"      {`",
		"      lifecycle {",
		"      `}",
		"    </Resource>",
		"}",
	}, ok: true}
	for _, c := range []struct {
		first, last int
		want        bool
	}{
		{1, 4, false},  // JavaScript's object
		{1, 7, true},   // tags = { in the element's text
		{8, 11, false}, // after the closing tag
		{6, 6, false},
		{11, 16, false}, // in a template literal
	} {
		if got := bracesInJSXText(f, c.first, c.last); got != c.want {
			t.Errorf("lines %d-%d: %v, want %v", c.first, c.last, got, c.want)
		}
	}
	for line, want := range map[string]bool{
		`  tags = {`:                           true,
		`lifecycle {`:                          true,
		`  dynamic "ingress" {`:                true,
		`  const x = {`:                        false,
		`  tags = { Name = "a" }`:              true,
		`  tags = {}`:                          true,
		`lifecycle { prevent_destroy = true }`: true,
		`  triggers = {"{"} a = 1 {"}"}`:       false,
		`  count = {props.count}`:              false,
		`  same = {a == b}`:                    false,
		`  if (x) {`:                           false,
	} {
		if got := hclBraceLine.MatchString(line); got != want {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}

// FuzzJSXTextBody: reading a JSX text body, HCL's braces in JSX text and an
// import from React from any source text never panics; a body read is the
// text between the tags, and joined as JSX joins it, what was given.
func FuzzJSXTextBody(f *testing.F) {
	f.Add("<Resource type=\"a\" name=\"b\">\n  count = 1\n  x = 2\n</Resource>\n", 1, 1, "count = 1 x = 2")
	f.Add("  <R a={x > 1 ? \"<\" : '>'} {...p}>\r\n\tline  \r\n\r\n  two</R>", 1, 3, "line two")
	f.Add("<A>&amp;</A>", 1, 1, "&")
	f.Add("<A>\n  {/* c */}\n  a = 1\n  b = 2 {// d\n}\n</A>", 1, 1, "a = 1 b = 2")
	f.Add("<A\n/>", 1, 1, "")
	f.Add("import React, { useRef as r, , type X } from 'react'", 1, 1, "")
	f.Fuzz(func(t *testing.T, src string, line, col int, joined string) {
		file := &sourceFile{text: src, lines: strings.Split(src, "\n"), ok: true}
		_ = bracesInJSXText(file, line-2, line+2)
		_ = closingLine(file, line)
		_ = reactImportHint(src)
		text, ok := jsxTextBody(file, line, col, joined)
		if !ok {
			return
		}
		if strings.ContainsAny(text, "{}<>&") {
			t.Fatalf("body %q is not the text between the tags of %q", text, src)
		}
		for _, l := range strings.Split(text, "\n") {
			// JSX comments are left out, lines of the source kept.
			if !strings.Contains(src, l) {
				t.Fatalf("body %q has the line %q, not in %q", text, l, src)
			}
		}
		if joinJSXText(text) != joined {
			t.Fatalf("body %q joins to %q, not %q", text, joinJSXText(text), joined)
		}
	})
}

// TestRuntimeNameHint: a name of the "tfkit" package used without its
// import, misspelt, or named as another tool names it, gets a hint with the
// import to write; React's APIs that only fail and unrelated names get none.
func TestRuntimeNameHint(t *testing.T) {
	got := strings.Join(runtimeExports(), " ")
	if want := "Resource DataSource Output Provider Variable Locals Terraform Module Moved Import Removed Check Ephemeral Fragment Aspects createElement useRef tf"; got != want {
		t.Errorf("runtimeExports() = %s\nwant %s", got, want)
	}
	for name, want := range map[string]string{
		"Resource":        `import { Resource } from "tfkit"`,
		"useRef":          `import { useRef } from "tfkit"`,
		"DataSorce":       `did you mean "DataSource"?`,
		"TerraformOutput": `tfkit's component is Output`,
		"useState":        "",
		"Children":        "",
		"Network":         "",
	} {
		h := runtimeNameHint(name)
		if want == "" && h != "" || !strings.Contains(h, want) {
			t.Errorf("runtimeNameHint(%q) = %q, want it to hold %q", name, h, want)
		}
	}
}
