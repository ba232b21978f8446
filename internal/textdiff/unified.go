package textdiff

import (
	"fmt"
	"strings"
)

// DefaultContext is the number of unchanged lines shown around each change,
// as diff -u does.
const DefaultContext = 3

// Lines splits text into lines, each keeping its "\n" terminator; the last
// line has none when the text does not end with a newline. Comparing lines
// with their terminators makes a missing final newline a visible change.
func Lines(text string) []string {
	var lines []string
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			lines = append(lines, text)
			break
		}
		lines = append(lines, text[:i+1])
		text = text[i+1:]
	}
	return lines
}

// Unified returns the difference between oldText and newText in unified
// format, headed by "--- oldName" and "+++ newName", with context unchanged
// lines around each change (hunks closer than that are merged). It returns
// "" when the texts are equal.
func Unified(oldName, newName, oldText, newText string, context int) string {
	if oldText == newText {
		return ""
	}
	if context < 0 {
		context = 0
	}
	a, b := Lines(oldText), Lines(newText)
	edits := Diff(a, b)

	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	for start := 0; start < len(edits); {
		// Find the next change.
		first := start
		for first < len(edits) && edits[first].Op == Equal {
			first++
		}
		if first == len(edits) {
			break
		}
		// Extend the hunk while the next change is within 2*context
		// unchanged lines of the previous one.
		last := first
		for i := first + 1; i < len(edits); i++ {
			if edits[i].Op == Equal {
				continue
			}
			if i-last-1 > 2*context {
				break
			}
			last = i
		}
		lo := max(first-context, start)
		hi := min(last+context+1, len(edits))
		writeHunk(&out, a, b, edits[lo:hi])
		start = hi
	}
	return out.String()
}

func writeHunk(out *strings.Builder, a, b []string, hunk []Edit) {
	oldCount, newCount := 0, 0
	for _, e := range hunk {
		if e.Op != Insert {
			oldCount++
		}
		if e.Op != Delete {
			newCount++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(hunk[0].Old, oldCount), hunkRange(hunk[0].New, newCount))
	for _, e := range hunk {
		line := ""
		switch e.Op {
		case Delete, Equal:
			line = a[e.Old]
		case Insert:
			line = b[e.New]
		}
		out.WriteByte(byte(e.Op))
		if strings.HasSuffix(line, "\n") {
			out.WriteString(line)
		} else {
			out.WriteString(line)
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange formats a hunk's line range as diff -u does: 1-based start, the
// count left out when it is 1, and an empty range named by the line before it.
func hunkRange(pos, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", pos)
	case 1:
		return fmt.Sprintf("%d", pos+1)
	default:
		return fmt.Sprintf("%d,%d", pos+1, count)
	}
}
