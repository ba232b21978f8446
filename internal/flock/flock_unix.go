//go:build unix

package flock

import (
	"errors"
	"os"
	"syscall"
)

// Try takes an exclusive lock on f without waiting. It reports false, with
// no error, when another open file description holds the lock.
func Try(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		default:
			return false, err
		}
	}
}
