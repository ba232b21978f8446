package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

func TestEachCallsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 100, 1000} {
		counts := make([]atomic.Int32, n)
		Each(n, func(i int) { counts[i].Add(1) })
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Fatalf("n=%d: index %d called %d times", n, i, c)
			}
		}
	}
}

func TestEachInOrderOnOneProcessor(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var got []int
	Each(5, func(i int) { got = append(got, i) })
	for i, v := range got {
		if v != i {
			t.Fatalf("order %v", got)
		}
	}
}

func TestChunks(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, tc := range []struct{ n, least, want int }{
		{0, 100, 1}, {99, 100, 1}, {200, 100, 2}, {10000, 100, 4}, {10, 0, 4}, {3, 1, 3},
	} {
		if got := Chunks(tc.n, tc.least); got != tc.want {
			t.Errorf("Chunks(%d, %d) = %d, want %d", tc.n, tc.least, got, tc.want)
		}
	}
}
