// Package parallel runs indexed work on all processors.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls f(0), ..., f(n-1) on up to one goroutine per processor, each
// taking the next index until none is left, and returns when all have
// returned; with one processor or one index, in order on the calling
// goroutine. f must be safe to call concurrently for different indexes.
func Each(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers < 2 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}

// Chunks is how many pieces to cut n items into so that every processor
// has one and each piece holds at least least items: 1 when n is small or
// there is one processor.
func Chunks(n, least int) int {
	return max(1, min(n/max(least, 1), runtime.GOMAXPROCS(0)))
}
