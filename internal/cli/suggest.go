package cli

import "strings"

// didYouMean returns the candidate closest to name when it is close enough
// to be a likely typo (case is ignored), else "".
func didYouMean(name string, candidates []string) string {
	best, bestDist := "", 0
	lower := strings.ToLower(name)
	for _, c := range candidates {
		d := editDistance(lower, strings.ToLower(c))
		if d <= max(2, len(c)/4) && (best == "" || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
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
