package cli

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/schemacache"
)

// TestMain fails a full run when a file under testdata is used by no test
// (compared as a golden file, or marked used by the test that reads it), so
// stale files do not linger.
//
// The commands' cache of provider schemas is off unless a test turns it on
// in a directory of its own: tests write nothing into the user's cache.
func TestMain(m *testing.M) {
	if _, set := os.LookupEnv(schemacache.EnvDir); !set {
		os.Setenv(schemacache.EnvDir, "off")
	}
	golden.Main(m, "testdata/...")
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
