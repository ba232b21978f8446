//go:build !unix

package outdir

import "os"

// tryLock takes no lock where tfkit has no advisory file locks (Windows);
// it opens dir so that Unlock has something to close.
func tryLock(dir string) (*os.File, error) { return os.Open(dir) }
