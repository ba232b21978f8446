package tffile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// checkQuick fails when quickParse accepts src (starting at start) and
// HCL's parser gives a diagnostic or another tree; it returns whether
// quickParse accepted it.
func checkQuick(t testing.TB, src []byte, start hcl.Pos) bool {
	t.Helper()
	got, ok := quickParse("main.tf", src, start)
	if !ok {
		return false
	}
	f, hds := hclsyntax.ParseConfig(src, "main.tf", start)
	if len(hds) > 0 {
		t.Fatalf("quickParse accepted text HCL reports %v for:\n%s", hds, src)
	}
	if want := f.Body.(*hclsyntax.Body); !reflect.DeepEqual(got, want) {
		t.Fatalf("quickParse built another tree than HCL for:\n%s\n%s", src, treeDiff(got, want))
	}
	return true
}

// treeDiff names the first top-level item that differs, for messages.
func treeDiff(got, want *hclsyntax.Body) string {
	if !reflect.DeepEqual(got.SrcRange, want.SrcRange) || !reflect.DeepEqual(got.EndRange, want.EndRange) {
		return fmt.Sprintf("body ranges %v %v, HCL's %v %v", got.SrcRange, got.EndRange, want.SrcRange, want.EndRange)
	}
	for k, a := range want.Attributes {
		if !reflect.DeepEqual(got.Attributes[k], a) {
			return fmt.Sprintf("argument %s: %#v\nHCL's: %#v", k, got.Attributes[k], a)
		}
	}
	if len(got.Blocks) != len(want.Blocks) {
		return fmt.Sprintf("%d blocks, HCL's %d", len(got.Blocks), len(want.Blocks))
	}
	for i, b := range want.Blocks {
		if !reflect.DeepEqual(got.Blocks[i], b) {
			if !reflect.DeepEqual(got.Blocks[i].Body, b.Body) {
				return "block " + b.Type + ": " + treeDiff(got.Blocks[i].Body, b.Body)
			}
			return fmt.Sprintf("block %d: %#v\nHCL's: %#v", i, got.Blocks[i], b)
		}
	}
	return "attributes differ"
}

// atEveryLine checks the whole of src, and the pieces of it that start at
// each line start and end at a line end about 2 KB further on, at their
// places in the file.
func atEveryLine(t testing.TB, src []byte) {
	t.Helper()
	checkQuick(t, src, hcl.InitialPos)
	line := 1
	for i := 0; i < len(src); i++ {
		if i == 0 || src[i-1] == '\n' {
			if i > 0 {
				line++
			}
			end := len(src)
			if i+2048 < end {
				if nl := bytes.IndexByte(src[i+2048:], '\n'); nl >= 0 {
					end = i + 2048 + nl + 1
				}
			}
			checkQuick(t, src[i:end], hcl.Pos{Line: line, Column: 1, Byte: i})
		}
	}
}

// plain is text in the subset quickParse reads.
const plain = `# A comment first.
terraform { // and after a brace
  # on a line of its own
  required_providers {
    aws = {
      source  = "hashicorp/aws" # after an item
      # between items
      version = "3.3.0"//no space
    }
  }
}

resource "aws_vpc" "v0" {
  cidr_block = "10.0.0.0/16"
  tags = {
    Name = "v0"
    "quoted key" : "x"
  }
}
resource "aws_subnet" "s0" {
	vpc_id                  = aws_vpc.v0.id
	cidr_block              = "10.0.1.0/24"
	map_public_ip_on_launch = true
	count = 3
	empty = ""
	nothing = null
	off = false
	list = ["a", 1, true, aws_vpc.v0.id] # after a tuple
	multi = [ # after a bracket
	  "a", // after an item
	  # on a line of its own
	  "b"#touching
	]
	none = []
	obj = {}
	one = { a = 1 }
	nested = {
	  inner = {
	    deep = "x"
	  }
	}
	dashed-name = some-ref.with-dash
}
resource "null_resource" "empty" {} # after a block
locals {
  a = b#touching
  c = 1// touching
}
block label1 "label 2" {
  nested {
    x = 1
  }
  nested {}
}

`

func TestQuickParseIsHCLs(t *testing.T) {
	if !checkQuick(t, []byte(plain), hcl.InitialPos) {
		t.Fatal("quickParse refused text in its subset")
	}
	atEveryLine(t, []byte(plain))
	// In a piece that starts further into a file.
	if !checkQuick(t, []byte(plain), hcl.Pos{Line: 40, Column: 1, Byte: 2000}) {
		t.Fatal("quickParse refused a piece")
	}
	// The shape of ../shared/bench's validate-gen.py, and the pieces the
	// reader cuts it into.
	var b strings.Builder
	b.WriteString("terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"3.3.0\"\n    }\n  }\n}\n")
	for i := range 500 {
		fmt.Fprintf(&b, "resource \"aws_vpc\" \"v%d\" {\n  cidr_block = \"10.%d.0.0/16\"\n  tags = {\n    Name = \"v%d\"\n  }\n}\n", i, i%250, i)
		fmt.Fprintf(&b, "resource \"aws_subnet\" \"s%d\" {\n  vpc_id                  = aws_vpc.v%d.id\n  cidr_block              = \"10.%d.1.0/24\"\n  map_public_ip_on_launch = true\n}\n", i, i, i%250)
	}
	gen := []byte(b.String())
	if !checkQuick(t, gen, hcl.InitialPos) {
		t.Fatal("quickParse refused the benchmark's shape")
	}
	used := 0
	for i, c := range append([]int{0}, pieces(gen, 1000)...) {
		end := len(gen)
		if next := pieces(gen, 1000); i < len(next) {
			end = next[i]
		}
		line := 1 + bytes.Count(gen[:c], []byte("\n"))
		if checkQuick(t, gen[c:end], hcl.Pos{Line: line, Column: 1, Byte: c}) {
			used++
		}
	}
	if used == 0 {
		t.Fatal("quickParse refused every piece of the benchmark's shape")
	}

	// Everything else: whatever quickParse accepts must be HCL's.
	var files []string
	for _, pattern := range []string{
		filepath.Join("testdata", "*", "*.tf"),
		filepath.Join("..", "*", "testdata", "*", "*.tf"),
		filepath.Join("..", "*", "testdata", "*", "*", "*.tf"),
		filepath.Join("..", "..", "shared", "corpus", "*", "*.tf"),
		filepath.Join("..", "..", "shared", "corpus", "*", "*", "*", "*.tf"),
	} {
		names, _ := filepath.Glob(pattern)
		files = append(files, names...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d .tf files to compare with", len(files))
	}
	for _, n := range files {
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		atEveryLine(t, src)
	}
	atEveryLine(t, generated(40, true))
}

func TestQuickParseRefuses(t *testing.T) {
	for _, src := range []string{
		"a = 1\na = 2\n",             // redefined: HCL's diagnostic
		"a {\n  b = 1\n  b = 2\n}\n", // the same inside a block
		"a { b = 1 }\n",              // one-line block with an argument
		"a {\n}",                     // (accepted: no newline at the end is fine)
		"a {\n  b = \"${c}\"\n}\n",   // a template
		"a {\n  b = \"x\\ny\"\n}\n",  // an escape
		"a {\n  b = 1 /* c */\n}\n",  // a comment between /* and */
		"/* a */ b {\n}\n",
		"a {\n  b = 1 / 2 # c\n}\n", // an operator before a comment
		"a {\n  b = [1/2]\n}\n",
		"a # c\n{\n}\n",
		"a {\n  b = # c\n  1\n}\n",
		"a { # c",
		"a {\n  b = c[0]\n}\n",             // an index
		"a {\n  b = c.0\n}\n",              // a legacy index
		"a {\n  b = c.*.d\n}\n",            // a splat
		"a {\n  b = f(1)\n}\n",             // a call
		"a {\n  b = 1 + 2\n}\n",            // an operator
		"a {\n  b = 1.5\n}\n",              // a fraction
		"a {\n  b = { c = 1, d = 2 }\n}\n", // commas in an object
		"a {\n  b = [{ c = 1 }]\n}\n",      // an object in a tuple
		"a {\n  b = <<EOT\nx\nEOT\n}\n",    // a heredoc
		"a {\n  b = \"é\"\n}\n",            // not ASCII
		"a {\n  b = 1\r\n}\r\n",            // carriage returns
		"a {\n  b = [for x in y : x]\n}\n",
		"a {\n  b = { for k, v in y : k => v }\n}\n",
		"a {\n  b = c ? d : e\n}\n",
		"}\n",
		"a {\n",
		"a\n{\n}\n",
		"a = \n",
	} {
		_, ok := quickParse("main.tf", []byte(src), hcl.InitialPos)
		if ok && src != "a {\n}" {
			t.Errorf("quickParse accepted %q", src)
		}
		checkQuick(t, []byte(src), hcl.InitialPos)
	}
	deep := "a = " + strings.Repeat("{\nb = ", 40) + "1" + strings.Repeat("\n}", 40) + "\n"
	if _, ok := quickParse("main.tf", []byte(deep), hcl.InitialPos); ok {
		t.Error("quickParse accepted nesting past its limit")
	}
}

// FuzzQuickParse: whatever quickParse accepts, HCL's parser reads without
// a diagnostic into the same tree.
func FuzzQuickParse(f *testing.F) {
	f.Add(plain, uint16(0))
	f.Add(string(generated(4, true)), uint16(3))
	f.Add("a \"b\" c {\n  d = [\n  e.f,\n  1,\n]\n  g = {\n    h : \"\"\n  }\n}\n", uint16(1))
	f.Add("a = 1\na = 2\n", uint16(0))
	f.Add("a {\n\t b = {x=1}\n}", uint16(7))
	f.Add("# c\na { // d\n  b = [1, # e\n  2]\n  c = {\n    d = 1 # f\n  }\n} # g", uint16(2))
	f.Fuzz(func(t *testing.T, src string, at uint16) {
		checkQuick(t, []byte(src), hcl.InitialPos)
		line := 1 + int(at%50)
		checkQuick(t, []byte(src), hcl.Pos{Line: line, Column: 1 + int(at/50%3), Byte: int(at)})
	})
}
