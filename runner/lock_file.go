package runner

import (
	"os"

	"github.com/tfkit/tfkit/internal/flock"
)

// tryLock opens path (creating it) and takes an exclusive lock on it
// without waiting. It returns the open file holding the lock, or nil when
// another open file holds it. Closing the file, or the end of the process,
// releases the lock, so a tfkit that crashed leaves no stale lock. Where
// there are no advisory locks (Windows) the file is opened all the same, so
// the holder can still be written into it.
func tryLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if ok, err := flock.Try(f); !ok || err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
