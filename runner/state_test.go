package runner

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// engineStack is a stack of files on the real engine at path, with its
// working directory at dir; environ is the user's environment. The stack's
// files are synced in; the engine's output is in out.
type engineStack struct {
	t       *testing.T
	w       *Workspace
	src     string
	out     *syncBuffer
	environ []string
}

func openEngineStack(t *testing.T, path, dir string, environ []string, files map[string]string) *engineStack {
	t.Helper()
	e, err := Probe(context.Background(), path, environ)
	if err != nil {
		t.Fatal(err)
	}
	s := &engineStack{t: t, src: t.TempDir(), out: &syncBuffer{}, environ: environ}
	s.w, err = Open(e, filepath.Base(dir), dir, environ, NewOutput(s.out), NewOutput(s.out))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.w.Close)
	s.sync(files)
	return s
}

// sync writes files as the stack's synthesized files and copies them in.
func (s *engineStack) sync(files map[string]string) {
	s.t.Helper()
	var list []File
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(s.src, name), []byte(text), 0o644); err != nil {
			s.t.Fatal(err)
		}
		list = append(list, File{Path: name, SHA256: sha256Hex(text)})
	}
	if err := s.w.Sync(s.src, list); err != nil {
		s.t.Fatal(err)
	}
}

// must fails the test, with the engine's output, on err.
func (s *engineStack) must(what string, err error) {
	s.t.Helper()
	if err != nil {
		s.t.Fatalf("%s: %v\n%s", what, err, s.out)
	}
}

// deploy runs init, plan and apply, as tfkit deploy does.
func (s *engineStack) deploy() (Summary, error) {
	s.t.Helper()
	ctx := context.Background()
	if err := s.w.Init(ctx); err != nil {
		return Summary{}, err
	}
	sum, err := s.w.Plan(ctx, false)
	if err != nil || !sum.Changes() {
		s.w.Discard()
		return sum, err
	}
	return sum, s.w.Apply(ctx)
}

// stateServer is a state store of the http backend whose writes can be
// made to fail, as a remote backend that cannot be reached.
type stateServer struct {
	mu    sync.Mutex
	state []byte
	fail  bool
}

func (s *stateServer) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch r.Method {
	case http.MethodGet:
		if s.state == nil {
			rw.WriteHeader(http.StatusNotFound)
			return
		}
		rw.Write(s.state)
	case http.MethodPost:
		if s.fail {
			http.Error(rw, "backend unavailable", http.StatusServiceUnavailable)
			return
		}
		data, _ := io.ReadAll(r.Body)
		s.state = data
	default:
		rw.WriteHeader(http.StatusMethodNotAllowed)
	}
}

func (s *stateServer) setFail(fail bool) {
	s.mu.Lock()
	s.fail = fail
	s.mu.Unlock()
}

// TestErroredStateStopsPlan: when the backend cannot be written at the end
// of an apply, the engine leaves the state in errored.tfstate. A plan then
// would read the backend's older state and create again what the apply
// created, so the apply's error says so, and Plan and Outputs refuse the
// stack, with the command that pushes the state back, until it is pushed.
func TestErroredStateStopsPlan(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		server := &stateServer{}
		srv := httptest.NewServer(server)
		defer srv.Close()
		backend := "terraform {\n  backend \"http\" {\n    address   = \"" + srv.URL + "/state\"\n    retry_max = 0\n  }\n}\n"
		s := openEngineStack(t, engine, filepath.Join(t.TempDir(), "s"), enginetest.Environ(t), map[string]string{
			"main.tf": backend + "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n",
		})
		_, err := s.deploy()
		s.must("first deploy", err)

		s.sync(map[string]string{"main.tf": backend + "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\nresource \"terraform_data\" \"b\" {\n  input = \"b\"\n}\n"})
		server.setFail(true)
		_, err = s.deploy()
		var se *StateError
		if !errors.As(err, &se) || se.Empty {
			t.Fatalf("apply with a backend that cannot be written: want a *StateError, got %v\n%s", err, s.out)
		}
		errored, rerr := os.ReadFile(filepath.Join(s.w.Dir, ErroredStateFile))
		if rerr != nil || !strings.Contains(string(errored), `"b"`) {
			t.Fatalf("errored.tfstate: %v %q", rerr, errored)
		}
		server.setFail(false)

		for _, what := range []string{"plan", "output"} {
			if what == "plan" {
				_, err = s.w.Plan(context.Background(), false)
			} else {
				_, err = s.w.Outputs(context.Background())
			}
			if !errors.As(err, &se) {
				t.Fatalf("%s with errored.tfstate in the working directory: want a *StateError, got %v\n%s", what, err, s.out)
			}
		}
		msg := err.Error()
		for _, want := range []string{ErroredStateFile + " holds the stack's state", "create again", "cd " + s.w.Dir + " && " + engine + " state push errored.tfstate && rm errored.tfstate"} {
			if !strings.Contains(msg, want) {
				t.Errorf("message %q lacks %q", msg, want)
			}
		}

		// What the message says to do recovers the stack.
		push := exec.Command(engine, "state", "push", ErroredStateFile)
		push.Dir, push.Env = s.w.Dir, s.w.env
		if out, err := push.CombinedOutput(); err != nil {
			t.Fatalf("state push: %v\n%s", err, out)
		}
		if err := os.Remove(filepath.Join(s.w.Dir, ErroredStateFile)); err != nil {
			t.Fatal(err)
		}
		sum, err := s.deploy()
		s.must("deploy after the push", err)
		if sum.Changes() {
			t.Errorf("after the push: %+v, want no changes\n%s", sum, s.out)
		}
	})
}

// TestDataDirOfTheUserIsIgnored: TF_DATA_DIR would give every stack one
// data directory, where the init of one stack replaces the backend and
// modules of another; each stack keeps its own .terraform instead.
func TestDataDirOfTheUserIsIgnored(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		shared := filepath.Join(t.TempDir(), "data")
		environ := append(enginetest.Environ(t), "TF_DATA_DIR="+shared)
		work := t.TempDir()
		a := openEngineStack(t, engine, filepath.Join(work, "a"), environ, map[string]string{
			"main.tf": "resource \"terraform_data\" \"a\" {}\n",
		})
		b := openEngineStack(t, engine, filepath.Join(work, "b"), environ, map[string]string{
			"main.tf": "terraform {\n  backend \"local\" {\n    path = \"state/b.tfstate\"\n  }\n}\nresource \"terraform_data\" \"b\" {}\n",
		})
		a.must("init a", a.w.Init(context.Background()))
		b.must("init b", b.w.Init(context.Background()))
		for _, s := range []*engineStack{a, b} {
			sum, err := s.deploy()
			s.must("deploy "+s.w.Name, err)
			if sum.Add != 1 {
				t.Errorf("%s: %+v, want 1 to add", s.w.Name, sum)
			}
		}
		if _, err := os.Stat(shared); !os.IsNotExist(err) {
			t.Errorf("the engine used TF_DATA_DIR %s: %v", shared, err)
		}
		if _, err := os.Stat(filepath.Join(b.w.Dir, "state", "b.tfstate")); err != nil {
			t.Errorf("b's state is not at its backend's path: %v", err)
		}
		warnings, _ := CheckEnv(environ)
		if !strings.Contains(strings.Join(warnings, "\n"), "TF_DATA_DIR is ignored") {
			t.Errorf("warnings: %q", warnings)
		}
	})
}

// TestProbeNamesWhatIsWrong: the real engines are told apart; a binary
// that is not an engine, or one too old, is named with what is wrong and
// how to name another, and one that never answers does not hang tfkit.
func TestProbeNamesWhatIsWrong(t *testing.T) {
	for _, engine := range enginetest.Engines(t) {
		e, err := Probe(context.Background(), engine, enginetest.Environ(t))
		want := Terraform
		if filepath.Base(engine) == "tofu" {
			want = OpenTofu
		}
		if err != nil || e.Flavor != want {
			t.Errorf("%s: %v %v, want %s", engine, e, err, want)
		}
	}
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	defer func(d time.Duration) { probeTimeout = d }(probeTimeout)
	probeTimeout = 2 * time.Second
	const how = "; name a terraform or tofu binary with --engine PATH or TFKIT_TERRAFORM"
	for _, tc := range []struct{ path, want string }{
		{script("ls", `echo "ls: invalid option -- 'j'" >&2; exit 2`), "is not terraform or tofu: `version -json` failed (exit status 2: ls: invalid option -- 'j')" + how},
		{script("echo", `echo "$@"`), "is not terraform or tofu: it answers `version -json` with \"version -json\"" + how},
		{script("hangs", `exec sleep 60`), "is not terraform or tofu: it gave no answer to `version -json` within 2s" + how},
		// Terraform 0.12 prints its version as text whatever the flags.
		{script("terraform012", `echo "Terraform v0.12.31"; echo "+ provider.null v2.1.2"`), "Terraform v0.12.31 (" + dir + "/terraform012) is too old: tfkit needs Terraform 1.1.0 or later, or OpenTofu 1.6.0 or later; upgrade it, or name another engine with --engine PATH or TFKIT_TERRAFORM"},
		{script("tofu15", `echo '{"terraform_version":"1.5.0","platform":"linux_amd64"}'`), "OpenTofu v1.5.0 (" + dir + "/tofu15) is too old"},
	} {
		start := time.Now()
		_, err := Probe(context.Background(), tc.path, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v\nwant %q", filepath.Base(tc.path), err, tc.want)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: probing took %s", filepath.Base(tc.path), d)
		}
	}
}

// TestFailureNamesTheBinary: a failed command is named as the user would
// type it, after the engine's binary (tofu, not opentofu).
func TestFailureNamesTheBinary(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := openEngineStack(t, engine, t.TempDir(), enginetest.Environ(t), map[string]string{
			"main.tf": "resource \"terraform_data\" \"a\" {\n  input = nosuch.thing\n}\n",
		})
		s.must("init", s.w.Init(context.Background()))
		_, err := s.deploy()
		want := filepath.Base(engine) + " plan failed: "
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error %v, want it to start with %q", err, want)
		}
	})
}
