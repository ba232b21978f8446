package cputime

import (
	"runtime"
	"testing"
)

func TestProcessAdvances(t *testing.T) {
	before, ok := Process()
	if !ok {
		if runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
			t.Fatal("no CPU time on a unix system")
		}
		t.Skip("no CPU time on this system")
	}
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	after, _ := Process()
	if after <= before || x == 0 {
		t.Errorf("CPU time went from %v to %v over a busy loop", before, after)
	}
}
