package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-version"
)

// TestLock: a second workspace of the same stack cannot take its lock
// while the first holds it, and is told who holds it; with LockTimeout it
// waits (saying so) until the first lets go; an interrupt ends the wait.
func TestLock(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	e := &Engine{Path: "terraform", Flavor: Terraform, Version: version.Must(version.NewVersion("1.11.4"))}
	var stderr syncBuffer
	open := func() *Workspace {
		t.Helper()
		w, err := Open(e, "s", dir, nil, NewOutput(os.Stdout), NewOutput(&stderr))
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	first, second := open(), open()
	if err := first.Lock(context.Background(), "tfkit deploy"); err != nil {
		t.Fatal(err)
	}
	holder := regexp.MustCompile(`^tfkit deploy \(pid \d+\) since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`)
	err := second.Lock(context.Background(), "tfkit diff")
	var busy *BusyError
	if !errors.As(err, &busy) || !holder.MatchString(busy.Holder) || busy.Waited != 0 ||
		!strings.HasPrefix(err.Error(), "the stack is in use by tfkit deploy (pid ") {
		t.Fatalf("second lock: %v", err)
	}

	second.LockTimeout = 300 * time.Millisecond
	start := time.Now()
	err = second.Lock(context.Background(), "tfkit diff")
	if !errors.As(err, &busy) || busy.Waited != second.LockTimeout || time.Since(start) < second.LockTimeout ||
		!strings.Contains(err.Error(), "is still in use by tfkit deploy (pid ") || !strings.HasSuffix(err.Error(), " after 300ms") {
		t.Fatalf("after waiting: %v (%s)", err, time.Since(start))
	}
	if !strings.HasPrefix(stderr.String(), "s | waiting up to 300ms for tfkit deploy (pid ") {
		t.Errorf("no message about the wait: %q", stderr.String())
	}

	ctx, cancel := context.WithCancel(context.Background())
	second.LockTimeout = time.Minute
	time.AfterFunc(200*time.Millisecond, cancel)
	if err := second.Lock(ctx, "tfkit diff"); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted wait: %v", err)
	}

	time.AfterFunc(200*time.Millisecond, first.Close)
	if err := second.Lock(context.Background(), "tfkit diff"); err != nil {
		t.Fatalf("after the first let go: %v", err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, LockFile))
	if !strings.HasPrefix(string(data), "tfkit diff (pid ") {
		t.Errorf("the lock file names %q", data)
	}
	second.Close()
	// Released by Close: a third takes it at once.
	third := open()
	defer third.Close()
	if err := third.Lock(context.Background(), "tfkit destroy"); err != nil {
		t.Errorf("after Close: %v", err)
	}
}
