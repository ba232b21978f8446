package rendertest

import "testing"

func TestBlankLines(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want int
	}{
		{"a = 1\nb = 2\n", 0},
		{"a = 1\n\nb = 2\n", 1},
		{"a = 1\n\n\nb = 2\n", 2},
		{"# c\n\nb = 2\n", 1},
		{"# c\n\n\nb = 2\n", 2},
		{"x {\n  a = 1\n\n\n}\n", 2},
		// Blank lines of heredoc text are content.
		{"a = <<EOT\n\n\n\nEOT\nb = 1\n", 0},
	} {
		if got := blankLines([]byte(tc.src)); got != tc.want {
			t.Errorf("blankLines(%q) = %d, want %d", tc.src, got, tc.want)
		}
	}
}
