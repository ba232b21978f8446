package tsx

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// columnOf converts a 0-based byte offset in line to a 1-based column
// counted in characters, as hcl.Pos counts them.
func columnOf(line string, byteCol int) int {
	if byteCol > len(line) {
		byteCol = len(line)
	}
	if byteCol < 0 {
		byteCol = 0
	}
	return utf8.RuneCountInString(line[:byteCol]) + 1
}

// runeCount counts the characters of line[from:from+n].
func runeCount(line string, from, n int) int {
	if from < 0 || from > len(line) {
		return n
	}
	end := min(from+n, len(line))
	return utf8.RuneCountInString(line[from:end])
}

// lineFrame shows one source line with a caret under the given 1-based
// character column:
//
//	12 |   <Resource type="aws_vpc" name="main" }
//	   |                                        ^
func lineFrame(line int, text string, col, width int) string {
	return codeFrame(map[int]string{line: text}, line, col, width)
}

// codeFrame shows the lines around line (those present in lines) with a
// caret line under the given column.
func codeFrame(lines map[int]string, line, col, width int) string {
	if _, ok := lines[line]; !ok {
		return ""
	}
	var nums []int
	for n := range lines {
		if n >= line-2 && n <= line+1 {
			nums = append(nums, n)
		}
	}
	sort.Ints(nums)
	w := len(fmt.Sprint(nums[len(nums)-1]))
	caretCol := visualColumn(lines[line], col)
	// Long lines (generated or minified text) are shown as the part
	// around the caret, the same columns of every line.
	from := 1
	if caretCol > frameWidth/2 {
		from = caretCol - frameWidth/2
	}
	var b strings.Builder
	for _, n := range nums {
		text := strings.TrimRight(clipColumns(expandTabs(lines[n]), from, frameWidth), " \t\r")
		fmt.Fprintf(&b, "  %*d | %s\n", w, n, text)
		if n == line {
			pad := caretCol - from
			if from > 1 {
				pad += len("...")
			}
			fmt.Fprintf(&b, "  %*s | %s%s\n", w, "", strings.Repeat(" ", pad), strings.Repeat("^", min(max(width, 1), frameWidth)))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// frameWidth is how many columns of a source line a frame shows.
const frameWidth = 160

// clipColumns returns the n columns of s from column from (1-based), with
// "..." where text is left out.
func clipColumns(s string, from, n int) string {
	if from == 1 && utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	start := min(from-1, len(r))
	end := min(start+n, len(r))
	out := string(r[start:end])
	if start > 0 {
		out = "..." + out
	}
	if end < len(r) {
		out += "..."
	}
	return out
}

// sourceLines splits src into numbered lines (1-based).
func sourceLines(src string) map[int]string {
	out := map[int]string{}
	for i, l := range strings.Split(src, "\n") {
		out[i+1] = strings.TrimSuffix(l, "\r")
	}
	return out
}

func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// visualColumn converts a 1-based character column of s into the column
// where it appears once tabs are expanded.
func visualColumn(s string, col int) int {
	v := 1
	i := 1
	for _, r := range s {
		if i >= col {
			break
		}
		if r == '\t' {
			v += 4 - (v-1)%4
		} else {
			v++
		}
		i++
	}
	if col > i {
		v += col - i
	}
	return v
}

type metaInput struct {
	path   string
	format string
}

// metaInputs reads the input files and their module formats from esbuild's
// metafile, in path order.
func metaInputs(metafile string) ([]metaInput, bool) {
	var m struct {
		Inputs map[string]struct {
			Format string `json:"format"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &m); err != nil {
		return nil, false
	}
	out := make([]metaInput, 0, len(m.Inputs))
	for p, in := range m.Inputs {
		out = append(out, metaInput{path: p, format: in.Format})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, true
}
