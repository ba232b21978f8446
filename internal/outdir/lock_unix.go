//go:build unix

package outdir

import (
	"errors"
	"os"
	"syscall"
)

// tryLock opens the directory dir and takes an exclusive flock on it
// without waiting. It returns the open directory holding the lock, or nil
// when another process holds it.
func tryLock(dir string) (*os.File, error) {
	f, err := os.Open(dir)
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
