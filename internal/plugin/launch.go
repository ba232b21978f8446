package plugin

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Process is a provider plugin started to serve engines that attach to it
// (TF_REATTACH_PROVIDERS) rather than start it themselves: one process
// serves every terraform or tofu command given its reattach value, where
// each command would otherwise start the plugin anew.
type Process struct {
	// Pid is the plugin's process id.
	Pid int
	// Protocol is the plugin protocol's major version, 5 or 6.
	Protocol int
	// Network and Address are where the plugin listens (a unix socket).
	Network, Address string
	// Started is how long the plugin took from start to listening.
	Started time.Duration

	cmd  *exec.Cmd
	done chan struct{}
	err  error // how it ended, once done is closed
	stop sync.Once
}

// Launch starts the provider binary at path as Terraform would, with the
// magic cookie and protocols 5 and 6 offered, but without go-plugin's
// mutual TLS (a reattaching engine speaks plain gRPC over the socket), and
// returns once the plugin has printed its address. env is the plugin's
// environment before the handshake variables are added; dir its working
// directory; stderr receives what the plugin writes there (its logs, a
// panic's trace), nil to drop it. The plugin keeps running until Stop or
// until it dies (Done); on Linux it gets SIGKILL when the thread that
// started it ends, which Spawner makes the end of the program.
func launch(path, dir string, env []string, stderr io.Writer) (*Process, error) {
	t0 := time.Now()
	cmd := exec.Command(path)
	cmd.Dir = dir
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case handshake.MagicCookieKey, "PLUGIN_PROTOCOL_VERSIONS", "PLUGIN_CLIENT_CERT", "TF_REATTACH_PROVIDERS":
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	cmd.Env = append(cmd.Env,
		handshake.MagicCookieKey+"="+handshake.MagicCookieValue,
		"PLUGIN_PROTOCOL_VERSIONS=5,6",
	)
	cmd.SysProcAttr = launchAttr()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if stderr == nil {
		stderr = io.Discard
	}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start provider plugin %s: %w", path, err)
	}
	p := &Process{Pid: cmd.Process.Pid, cmd: cmd, done: make(chan struct{})}
	lines := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		line, _ := r.ReadString('\n')
		lines <- line
		_, _ = io.Copy(io.Discard, r)
	}()
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	var line string
	select {
	case line = <-lines:
	case <-time.After(time.Minute):
		p.Stop()
		return nil, fmt.Errorf("provider plugin %s: no handshake within a minute", path)
	}
	// CORE-PROTOCOL|APP-PROTOCOL|NETWORK|ADDRESS|PROTOCOL[|SERVER-CERT]
	f := strings.Split(strings.TrimSpace(line), "|")
	if len(f) < 5 || f[0] != "1" || f[4] != "grpc" {
		p.Stop()
		<-p.done
		if line == "" {
			return nil, fmt.Errorf("provider plugin %s exited before its handshake: %v", path, p.err)
		}
		return nil, fmt.Errorf("provider plugin %s: unexpected handshake %q", path, strings.TrimSpace(line))
	}
	if p.Protocol, err = strconv.Atoi(f[1]); err != nil || (p.Protocol != 5 && p.Protocol != 6) {
		p.Stop()
		return nil, fmt.Errorf("provider plugin %s: unsupported protocol %q", path, f[1])
	}
	p.Network, p.Address = f[2], f[3]
	p.Started = time.Since(t0)
	return p, nil
}

// Done is closed when the plugin process has ended.
func (p *Process) Done() <-chan struct{} { return p.done }

// Err is how the process ended; nil until Done is closed.
func (p *Process) Err() error {
	select {
	case <-p.done:
		return p.err
	default:
		return nil
	}
}

// Stop ends the plugin: SIGTERM (go-plugin servers ignore SIGINT), then
// SIGKILL if it has not exited after five seconds. It waits for the end.
func (p *Process) Stop() {
	p.stop.Do(func() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(5 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
}

// Reattach returns the TF_REATTACH_PROVIDERS value that attaches engines to
// p for each of the provider source addresses given (such as
// registry.terraform.io/hashicorp/random). Entries are marked as test
// providers, which is what keeps an engine from shutting the plugin down
// when its command ends.
func (p *Process) Reattach(addrs ...string) (string, error) {
	if len(addrs) == 0 {
		return "", errors.New("reattach: no provider address")
	}
	m := map[string]ReattachConfig{}
	for _, a := range addrs {
		m[a] = p.ReattachConfig()
	}
	b, err := json.Marshal(m)
	return string(b), err
}

// ReattachConfig is one entry of TF_REATTACH_PROVIDERS, in the JSON form
// terraform and tofu read.
type ReattachConfig struct {
	Protocol        string
	ProtocolVersion int
	Pid             int
	Test            bool
	Addr            struct{ Network, String string }
}

// ReattachConfig returns p's entry of TF_REATTACH_PROVIDERS.
func (p *Process) ReattachConfig() ReattachConfig {
	c := ReattachConfig{Protocol: "grpc", ProtocolVersion: p.Protocol, Pid: p.Pid, Test: true}
	c.Addr.Network, c.Addr.String = p.Network, p.Address
	return c
}

// Spawner launches provider plugins (see Launch) from one goroutine locked
// to a thread of its own. On Linux a launched plugin gets SIGKILL when the
// thread that started it ends (the parent-death signal): the spawner's
// thread lives until the program ends, so the plugins die with the program,
// also when it is killed, and not earlier, when some other thread the Go
// runtime started them from would have ended.
type Spawner struct {
	reqs   chan spawnReq
	closed chan struct{}
	once   sync.Once
}

type spawnReq struct {
	path, dir string
	env       []string
	stderr    io.Writer
	reply     chan spawnResult
}

type spawnResult struct {
	p   *Process
	err error
}

// NewSpawner starts a spawner's goroutine.
func NewSpawner() *Spawner {
	s := &Spawner{reqs: make(chan spawnReq), closed: make(chan struct{})}
	go func() {
		runtime.LockOSThread()
		// Locked until the end: a locked goroutine that returns ends its
		// thread, and that would kill the plugins it started.
		for {
			select {
			case r := <-s.reqs:
				p, err := launch(r.path, r.dir, r.env, r.stderr)
				r.reply <- spawnResult{p, err}
			case <-s.closed:
				runtime.UnlockOSThread()
				return
			}
		}
	}()
	return s
}

// Launch starts the provider binary at path as Terraform would, with the
// magic cookie and protocols 5 and 6 offered, but without go-plugin's
// mutual TLS (a reattaching engine speaks plain gRPC over the socket), and
// returns once the plugin has printed its address. env is the plugin's
// environment before the handshake variables are added; dir its working
// directory; stderr receives what the plugin writes there (its logs, a
// panic's trace) and must not block, nil to drop it. The plugin keeps
// running until Stop, until it dies (Done), or until the program ends.
func (s *Spawner) Launch(path, dir string, env []string, stderr io.Writer) (*Process, error) {
	reply := make(chan spawnResult, 1)
	select {
	case s.reqs <- spawnReq{path, dir, env, stderr, reply}:
	case <-s.closed:
		return nil, errors.New("provider plugins: shutting down")
	}
	r := <-reply
	return r.p, r.err
}

// Close stops launching; plugins already launched keep running until
// stopped.
func (s *Spawner) Close() { s.once.Do(func() { close(s.closed) }) }
