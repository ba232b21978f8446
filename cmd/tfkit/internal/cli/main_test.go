package cli

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var goldenUsed sync.Map

// TestMain fails the run when a file under testdata is used by no test,
// so stale golden files do not linger. It checks only full runs: not with
// -run, nor when nothing runs (-list, which the fuzz scripts use to find
// the targets).
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && !*update && flag.Lookup("test.run").Value.String() == "" && flag.Lookup("test.list").Value.String() == "" {
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

// TestListSkipsTheTestdataCheck runs this test binary as the fuzz scripts
// do to find the Fuzz targets (go test -list): nothing runs, so no test
// data is used, and the check for unused test data must not fail it.
func TestListSkipsTheTestdataCheck(t *testing.T) {
	out, err := exec.Command(os.Args[0], "-test.list", "^Fuzz").CombinedOutput()
	if err != nil || strings.Contains(string(out), "used by no test") {
		t.Fatalf("-test.list: %v\n%s", err, out)
	}
}
