package diag

import "fmt"

// DidYouMean returns a hint naming the candidate closest to given, such as
// `did you mean "aws_vpc.main"?`, or "" when none is close enough to help.
// Candidates are tried in order, so callers pass them in a stable order.
func DidYouMean(given string, candidates []string) string {
	best, bestDist := "", len(given)/3+2
	for _, c := range candidates {
		if d := editDistance(given, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("did you mean %q?", best)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
