package outdir

import (
	"os"

	"github.com/tfkit/tfkit/internal/flock"
)

// tryLock opens the directory dir and takes an exclusive lock on it without
// waiting. It returns the open directory holding the lock, or nil when
// another process holds it.
func tryLock(dir string) (*os.File, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if ok, err := flock.Try(f); !ok || err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
