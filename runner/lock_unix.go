//go:build unix

package runner

import (
	"errors"
	"os"
	"syscall"
)

// tryLock opens path (creating it) and takes an exclusive flock on it
// without waiting. It returns the open file holding the lock, or nil when
// another open file holds it. Closing the file, or the end of the process,
// releases the lock, so a tfkit that crashed leaves no stale lock.
func tryLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case err == nil:
		return f, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		return nil, nil
	default:
		f.Close()
		return nil, err
	}
}
