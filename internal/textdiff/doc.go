// Package textdiff compares two texts line by line and prints the difference
// in the unified format that diff -u, git and patch understand.
//
// The comparison is Myers' O(ND) algorithm in its linear-space form (the
// "middle snake" divide and conquer), so memory stays proportional to the
// input even when the texts share little. The result is a shortest edit
// script, except where one region holds more than a few hundred differences:
// there the search stops early and splits where it got furthest, as GNU
// diff does, so time stays bounded. The same inputs always give the same
// output.
//
// This package must never read files or know what the texts mean: callers
// pass the contents and the names to print.
package textdiff
