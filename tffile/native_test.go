package tffile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
)

// wholeBody is what parsing the whole of src gives, or nil when that has
// a diagnostic.
func wholeBody(src []byte) *hclsyntax.Body {
	f, hds := hclsyntax.ParseConfig(src, "main.tf", hcl.InitialPos)
	if len(hds) > 0 {
		return nil
	}
	return f.Body.(*hclsyntax.Body)
}

// lineStarts are cuts at every line start of src but the first.
func lineStarts(src []byte) []int {
	var cuts []int
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			cuts = append(cuts, i+1)
		}
	}
	return cuts
}

// checkPieces fails when parsing src in the pieces cuts makes gives
// anything but what parsing the whole gives; it returns whether the
// pieces were used.
func checkPieces(t *testing.T, src []byte, cuts []int) bool {
	t.Helper()
	got, _, ok := parsePieces("main.tf", src, cuts, false)
	if !ok {
		return false
	}
	want := wholeBody(src)
	if want == nil {
		t.Fatalf("the pieces at %v parse, the whole does not:\n%s", cuts, src)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the pieces at %v parse into another body than the whole:\n%s", cuts, src)
	}
	return true
}

// generated is a configuration in the shape of ../shared/bench's
// validate-gen.py, with comments and objects in lists between the blocks;
// with traps, also heredocs that hold lines where pieces would be cut.
func generated(n int, traps bool) []byte {
	var b strings.Builder
	b.WriteString("terraform {\n  required_providers {\n    aws = {\n      source = \"hashicorp/aws\"\n    }\n  }\n}\n")
	for i := range n {
		fmt.Fprintf(&b, "resource \"aws_vpc\" \"v%d\" {\n  cidr_block = \"10.%d.0.0/16\"\n  tags = {\n    Name = \"v%d\"\n  }\n}\n\n", i, i%250, i)
		switch i % 7 {
		case 1:
			b.WriteString("# a comment\n/* a block\ncomment */\n")
		case 3:
			if traps {
				fmt.Fprintf(&b, "locals {\n  doc%d = <<EOT\n}\nresource \"x\" \"y\" {\n}\nEOT\n}\n", i)
			}
		case 5:
			fmt.Fprintf(&b, "output \"o%d\" {\n  value = [\n{\n  a = 1\n}\n]\n}\n", i)
		}
		fmt.Fprintf(&b, "resource \"aws_subnet\" \"s%d\" {\n  vpc_id = aws_vpc.v%d.id\n}\r\n", i, i)
	}
	return []byte(b.String())
}

func TestPiecesParseAsTheWhole(t *testing.T) {
	src := generated(300, false)
	for _, size := range []int{16, 200, 1000, pieceSize} {
		cuts := pieces(src, size)
		if len(cuts) == 0 {
			t.Fatalf("size %d: no cuts in %d bytes", size, len(src))
		}
		if !checkPieces(t, src, cuts) {
			t.Errorf("size %d: the pieces at %v were not used", size, cuts)
		}
	}
	// A byte order mark starts the first piece, as it starts the whole.
	bom := append([]byte("\xef\xbb\xbf"), src...)
	if !checkPieces(t, bom, pieces(bom, 200)) {
		t.Error("the pieces of a file with a byte order mark were not used")
	}
	// Cut at every line: most pieces are refused, and then the whole is parsed.
	if checkPieces(t, src, lineStarts(src)) {
		t.Error("the pieces of every line were used")
	}
	// Heredocs holding what looks like the start of a block.
	src = generated(300, true)
	for _, size := range []int{16, 200, 1000, pieceSize} {
		checkPieces(t, src, pieces(src, size))
	}
	// A file's own content: the test data.
	names, _ := filepath.Glob(filepath.Join("testdata", "*", "*.tf"))
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		checkPieces(t, src, pieces(src, 16))
		checkPieces(t, src, lineStarts(src))
	}
}

func TestPiecesRefused(t *testing.T) {
	for _, src := range []string{
		"a {\n}\nb = 1\nc {\n}\nb = 2\n",        // an argument set twice, in two pieces
		"a {\n  x = <<EOT\n}\nb {\n}\nEOT\n}\n", // a heredoc holding what looks like a cut
		"a {\n}\n/* b {\n}\nc */\nd {\n}\n",     // so does a comment
		"a {\n}\nb {\n  c = " + strings.Repeat("(", 1200) + "1" + strings.Repeat(")", 1200) + "\n}\n", // deep
	} {
		if _, _, ok := parsePieces("main.tf", []byte(src), pieces([]byte(src), 2), false); ok {
			t.Errorf("pieces used for %.60q", src)
		}
	}
}

func TestReadNativeDiagnosticsOfTheWhole(t *testing.T) {
	// An error in a large file is reported as parsing the whole reports it.
	src := append(generated(100, true), "resource \"a\" \"b\" {\n  x = \n}\n"...)
	src = append(src, generated(100, true)...)
	_, _, ds := readNative("main.tf", src)
	_, want := hclsyntax.ParseConfig(src, "main.tf", hcl.InitialPos)
	if len(ds) == 0 || len(ds) != len(want) || ds[0].Summary != want[0].Summary || ds[0].Subject.Start != want[0].Subject.Start {
		t.Fatalf("diagnostics %v, the whole's %v", ds, want)
	}
	deep := append(generated(100, true), ("locals {\n  c = " + strings.Repeat("[", 1200) + strings.Repeat("]", 1200) + "\n}\n")...)
	deep = append(deep, generated(100, true)...)
	_, _, ds = readNative("main.tf", deep)
	if len(ds) != 1 || ds[0].Summary != "Nesting too deep" {
		t.Fatalf("diagnostics %v, want the nesting guard's", ds)
	}
}

// FuzzPieces: wherever a file is cut at line starts, the pieces are used
// only when they parse into what the whole parses into.
func FuzzPieces(f *testing.F) {
	f.Add(string(generated(8, true)), uint16(1))
	f.Add("a {\n}\nb = 1\nc {\n}\nb = 2\n", uint16(1))
	f.Add("a {\n  x = <<EOT\n}\nb {\n}\nEOT\n}\n", uint16(3))
	f.Add("a {\n}\n/* b {\n}\nc */\nd {\n}\n", uint16(2))
	f.Add("a {\n  b = \"${\n  c}\"\n}\n", uint16(1))
	f.Add("a = 1 # x\n\xef\xbb\xbfb = 2\n", uint16(1))
	f.Add("a {\n}\r\nb {\n}\n", uint16(1))
	names, _ := filepath.Glob(filepath.Join("testdata", "*", "*.tf"))
	for _, n := range names {
		if src, err := os.ReadFile(n); err == nil {
			f.Add(string(src), uint16(1))
		}
	}
	f.Fuzz(func(t *testing.T, src string, every uint16) {
		all := lineStarts([]byte(src))
		var cuts []int
		for i, c := range all {
			if every == 0 || i%int(every) == 0 {
				cuts = append(cuts, c)
			}
		}
		if len(cuts) > 0 {
			checkPieces(t, []byte(src), cuts)
		}
	})
}

// TestReadNativeInPiecesIsTheWhole: a file read in pieces, each converted
// to the model on its own, gives the model and diagnostics of the whole.
func TestReadNativeInPiecesIsTheWhole(t *testing.T) {
	attrs := []byte(strings.ReplaceAll(string(generated(200, false)), "resource \"aws_subnet\" \"s17\"", "top = 1\nresource \"aws_subnet\" \"s17\""))
	for name, src := range map[string][]byte{
		"generated":             generated(300, false),
		"with heredocs":         generated(300, true),
		"a top-level argument":  attrs,
		"the benchmark's shape": []byte(plain + strings.Repeat(plain[strings.Index(plain, "resource"):], 60)),
	} {
		t.Run(name, func(t *testing.T) {
			if !checkPieces(t, src, pieces(src, pieceSize)) {
				t.Fatal("the pieces were not used")
			}
			cfg, sb, ds := readNative("main.tf", src)
			whole := wholeBody(src)
			want, wantDs := config.ConfigFromSyntax(whole, src)
			if !reflect.DeepEqual(sb, whole) {
				t.Fatal("the syntax tree differs from the whole's")
			}
			if !reflect.DeepEqual(cfg, want) {
				t.Fatal("the model differs from the whole's")
			}
			if fmt.Sprint(ds) != fmt.Sprint(wantDs) {
				t.Fatalf("diagnostics %v, the whole's %v", ds, wantDs)
			}
		})
	}
}
