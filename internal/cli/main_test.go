package cli

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var goldenUsed sync.Map

// TestMain fails the run when a file under testdata is used by no test,
// so stale golden files do not linger. It checks only full runs (no -run).
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && !*update && flag.Lookup("test.run").Value.String() == "" {
		filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if _, ok := goldenUsed.Load(filepath.ToSlash(path)); !ok {
					fmt.Fprintf(os.Stderr, "FAIL: %s is used by no test; remove it\n", path)
					code = 1
				}
			}
			return nil
		})
	}
	os.Exit(code)
}
