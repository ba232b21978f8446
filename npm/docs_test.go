package npm_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/tsxtest"
)

// docBlock is a fenced block of TypeScript in a Markdown file.
type docBlock struct {
	line int    // of the opening fence
	lang string // "tsx" or "ts"
	text string // without the fence's indentation
}

var fenceRE = regexp.MustCompile("^( *)```(\\w*)\\s*$")

// docBlocks returns the ```tsx and ```ts blocks of a Markdown file.
func docBlocks(t *testing.T, path string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []docBlock
	var cur *docBlock
	var lines []string
	indent := ""
	inFence := false
	for i, l := range strings.Split(string(data), "\n") {
		m := fenceRE.FindStringSubmatch(l)
		switch {
		case !inFence && m != nil:
			inFence, indent = true, m[1]
			if m[2] == "tsx" || m[2] == "ts" {
				cur, lines = &docBlock{line: i + 1, lang: m[2]}, nil
			}
		case inFence && m != nil && m[2] == "":
			inFence = false
			if cur != nil {
				cur.text = strings.Join(lines, "\n") + "\n"
				out = append(out, *cur)
				cur = nil
			}
		case cur != nil:
			lines = append(lines, strings.TrimPrefix(l, indent))
		}
	}
	return out
}

// docFreeNames are the names examples of docs/tsx.md use without
// declaring them, with their types: a ref the surrounding text speaks of.
var docFreeNames = map[string]string{
	"vpcRef": "Ref",
}

// docUntypedOnly are examples checked only without declarations, by a
// line they hold, with the reason: where the declarations make tsc right to
// refuse them.
var docUntypedOnly = map[string]string{}

// docAmbient declares what the examples import from outside tfkit.
const docAmbient = `declare module "vitest" {
  export function expect(value: unknown): any;
  export namespace expect {
    function extend(matchers: object): void;
  }
  export function test(name: string, fn: (ctx: { skip(): void }) => unknown): void;
}
`

var (
	importRE      = regexp.MustCompile(`(?s)import\s*\{([^}]*)\}\s*from\s*"tfkit"`)
	exportedDecls = regexp.MustCompile(`(?m)^export (?:declare )?(?:function|const|type|interface) (\w+)`)
	commentTail   = regexp.MustCompile(`\s+//.*$`)
)

// tfkitNames are the names index.d.ts exports.
func tfkitNames(t *testing.T, pkg string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(pkg, "index.d.ts"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	for _, m := range exportedDecls.FindAllStringSubmatch(string(data), -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// checkableDocBlock turns an example into a file tsc can check. A block
// with an import or export is a module, checked as it is; any other is a
// fragment: statements (const ...), elements, whose runs are checked as
// one fragment each, and expressions, one a line (trailing comments
// dropped). Both get the tfkit names they use without importing them and
// declarations of docFreeNames.
func checkableDocBlock(b docBlock, names []string) string {
	imported := map[string]bool{}
	for _, m := range importRE.FindAllStringSubmatch(b.text, -1) {
		for _, n := range strings.Split(m[1], ",") {
			n = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(n), "type "))
			imported[n] = true
		}
	}
	var free strings.Builder
	for _, n := range sortedKeys(docFreeNames) {
		if regexp.MustCompile(`\b` + n + `\b`).MatchString(b.text) {
			fmt.Fprintf(&free, "declare const %s: %s;\n", n, docFreeNames[n])
		}
	}
	var missing []string
	for _, n := range names {
		if !imported[n] && regexp.MustCompile(`\b`+n+`\b`).MatchString(b.text+free.String()) {
			missing = append(missing, n)
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "// docs/tsx.md:%d\n", b.line)
	if len(missing) > 0 {
		fmt.Fprintf(&sb, "import { %s } from \"tfkit\";\n", strings.Join(missing, ", "))
	}
	sb.WriteString(free.String())
	if regexp.MustCompile(`(?m)^(import|export) `).MatchString(b.text) {
		sb.WriteString(b.text)
		if !strings.Contains(b.text, "export ") {
			sb.WriteString("export {};\n")
		}
		return sb.String()
	}
	fmt.Fprintf(&sb, "export function Example%d() {\n", b.line)
	lines := strings.Split(strings.TrimRight(b.text, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		switch {
		case l == "" || strings.HasPrefix(l, "//"):
			sb.WriteString(lines[i] + "\n")
		case strings.HasPrefix(l, "<"):
			// The run ends before a blank line followed by a line that
			// starts no element and is not indented (blank lines in a
			// template literal belong to it).
			sb.WriteString("void (<>\n")
			for ; i < len(lines); i++ {
				if strings.TrimSpace(lines[i]) == "" && (i+1 == len(lines) || !strings.HasPrefix(lines[i+1], " ") && !strings.HasPrefix(lines[i+1], "<")) {
					break
				}
				sb.WriteString(lines[i] + "\n")
			}
			sb.WriteString("</>);\n")
		case strings.HasPrefix(l, "const ") || strings.HasPrefix(l, "let "):
			sb.WriteString(lines[i] + "\n")
		default:
			sb.WriteString("void [" + commentTail.ReplaceAllString(lines[i], "") + "];\n")
		}
	}
	sb.WriteString("}\n")
	return sb.String()
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

const docsTSConfig = `{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "jsx": "react-jsx",
    "jsxImportSource": "tfkit",
    "module": "esnext",
    "moduleResolution": "bundler",
    "target": "es2022",
    "lib": ["es2022"],
    "types": []
  },
  "include": ["**/*.ts", "**/*.tsx", ".gen/**/*.d.ts"]
}
`

// TestDocsExamplesTypeCheck runs tsc over every TypeScript example of
// docs/tsx.md, without declarations and with those generated from the
// test schemas (as after tfkit get --lang ts): correct code gets no error
// either way.
func TestDocsExamplesTypeCheck(t *testing.T) {
	blocks := docBlocks(t, filepath.Join("..", "docs", "tsx.md"))
	if len(blocks) < 15 {
		t.Fatalf("found %d TypeScript blocks in docs/tsx.md; has the documentation's form changed?", len(blocks))
	}
	for line := range docUntypedOnly {
		found := false
		for _, b := range blocks {
			found = found || strings.Contains(b.text, line)
		}
		if !found {
			t.Errorf("no example of docs/tsx.md holds %q any more: remove it from docUntypedOnly", line)
		}
	}
	for _, v := range typescriptVersions() {
		t.Run("typescript-"+v, func(t *testing.T) {
			tsc := tsxtest.TypeScript(t, v)
			for _, typed := range []bool{false, true} {
				root := t.TempDir()
				pkg := linkPackage(t, root)
				names := tfkitNames(t, pkg)
				if typed {
					writeDeclarations(t, root)
				}
				files := map[string]string{"ambient.d.ts": docAmbient}
				for _, b := range blocks {
					if typed && untypedOnly(b) {
						continue
					}
					files[fmt.Sprintf("docs/block_%d.%s", b.line, b.lang)] = checkableDocBlock(b, names)
				}
				for name, text := range files {
					path := filepath.Join(root, name)
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				out, errs := runTSC(t, tsc, root, docsTSConfig)
				byFile := map[string][]string{}
				for _, e := range errs {
					byFile[e.file] = append(byFile[e.file], fmt.Sprintf("line %d: %s %s", e.line, e.code, e.msg))
				}
				for _, f := range sortedKeys(files) {
					if len(byFile[f]) > 0 {
						what := "without declarations"
						if typed {
							what = "with the test schemas' declarations"
						}
						t.Errorf("the example at %s fails to type-check %s:\n%s\nas checked:\n%s", strings.TrimPrefix(strings.SplitN(files[f], "\n", 2)[0], "// "), what, strings.Join(byFile[f], "\n"), numbered(files[f]))
					}
				}
				if len(errs) == 0 && strings.TrimSpace(out) != "" {
					t.Errorf("tsc: %s", out)
				}
			}
		})
	}
}

func numbered(text string) string {
	var sb strings.Builder
	for i, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintf(&sb, "%4d  %s\n", i+1, l)
	}
	return sb.String()
}

func untypedOnly(b docBlock) bool {
	for line := range docUntypedOnly {
		if strings.Contains(b.text, line) {
			return true
		}
	}
	return false
}
