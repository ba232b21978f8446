//go:build !unix

package runner

import "os"

// tryLock takes no lock where tfkit has no advisory file locks (Windows):
// it opens path so that the holder can still be written into it.
func tryLock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
}
