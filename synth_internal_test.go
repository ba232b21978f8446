package tfkit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
)

// A renderer failing on the second stack leaves nothing written: not even
// the first stack.
func TestRenderFailureWritesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	app := NewApp(WithOutdir(out), WithGetenv(func(string) string { return "" }))
	NewResource(NewStack(app, "a"), "terraform_data", "x", nil)
	NewResource(NewStack(app, "b"), "terraform_data", "y", nil)
	calls := 0
	app.render = func(cfg *config.Config, f Format) ([]byte, error) {
		calls++
		if calls == 2 {
			return nil, errors.New("boom")
		}
		return []byte("ok\n"), nil
	}
	err := app.Synth()
	if err == nil || !strings.Contains(err.Error(), `render stack "b": boom`) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Error("nothing should be written")
	}
}

// Frames of this package's test files count as user code, so internal
// tests see their own lines.
func TestCallerSiteInInternalTests(t *testing.T) {
	site := callerSite()
	if site.Filename != "synth_internal_test.go" {
		t.Errorf("site %v", site)
	}
}
