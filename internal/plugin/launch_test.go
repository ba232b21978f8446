package plugin

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakePluginEnv makes the test binary a plugin that writes a line to its
// standard error, prints a handshake and waits to be stopped.
const fakePluginEnv = "TFKIT_TEST_FAKE_PLUGIN"

func TestMain(m *testing.M) {
	if os.Getenv(fakePluginEnv) == "1" {
		fmt.Fprintln(os.Stderr, "plugin log line")
		fmt.Println("1|6|unix|/nonexistent/plugin.sock|grpc|")
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// syncBuffer is a buffer the plugin's output is copied into while the test
// reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestLaunchPassesStderr: a launched plugin's handshake is read, and what
// it writes to its standard error reaches the writer given.
func TestLaunchPassesStderr(t *testing.T) {
	sp := NewSpawner()
	defer sp.Close()
	var stderr syncBuffer
	p, err := sp.Launch(os.Args[0], t.TempDir(), append(os.Environ(), fakePluginEnv+"=1"), &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if p.Protocol != 6 || p.Network != "unix" || p.Address != "/nonexistent/plugin.sock" {
		t.Errorf("handshake read as %+v", p)
	}
	p.Stop()
	if got := stderr.String(); !strings.Contains(got, "plugin log line\n") {
		t.Errorf("stderr = %q", got)
	}
	// Without a writer the output is dropped, and the plugin still runs.
	p, err = sp.Launch(os.Args[0], t.TempDir(), append(os.Environ(), fakePluginEnv+"=1"), nil)
	if err != nil {
		t.Fatal(err)
	}
	p.Stop()
}
