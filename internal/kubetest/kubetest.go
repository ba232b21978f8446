package kubetest

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// Environment variables read here.
const (
	EnvAssets      = "TFKIT_KUBE_ASSETS"  // directory with etcd and kube-apiserver
	EnvKubebuilder = "KUBEBUILDER_ASSETS" // the same, as envtest names it
	EnvRequireKube = "TFKIT_REQUIRE_KUBE" // "1": fail instead of skip when missing
	EnvCache       = "TFKIT_CACHE"
)

// Versions scripts/install-kube.sh builds by default; keep them equal.
const (
	KubeVersion = "v1.31.0"
	EtcdVersion = "3.5.17"
)

const installHint = "run scripts/install-kube.sh (scripts/test.sh runs it) and set " + EnvAssets + " to the directory it prints"

// Env is a running API server.
type Env struct {
	// Config reaches the server as a cluster administrator.
	Config *rest.Config
	// Kubeconfig is a kubeconfig file for the same, for kubectl and
	// managers started as processes.
	Kubeconfig string
	// Dir holds the server's data, certificates and logs.
	Dir string
}

// SkipShort skips t under -short. Tests that run etcd or kube-apiserver
// go through Assets (Start calls it), so go test -short ./..., the fast
// inner loop, starts no API server; the full suite does.
func SkipShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a Kubernetes API server; skipped with -short")
	}
}

// Assets returns the directory holding etcd and kube-apiserver, skipping
// or failing t when there is none (and under -short).
func Assets(t testing.TB) string {
	t.Helper()
	SkipShort(t)
	var candidates []string
	for _, v := range []string{EnvAssets, EnvKubebuilder} {
		if d := os.Getenv(v); d != "" {
			candidates = append(candidates, d)
		}
	}
	cache := os.Getenv(EnvCache)
	if cache == "" {
		if home, err := os.UserHomeDir(); err == nil {
			cache = filepath.Join(home, ".cache", "tfkit")
		}
	}
	if cache != "" {
		candidates = append(candidates, filepath.Join(cache, "kube", "kube-apiserver-"+KubeVersion+"-etcd-"+EtcdVersion))
	}
	for _, d := range candidates {
		if isExecutable(filepath.Join(d, "etcd")) && isExecutable(filepath.Join(d, "kube-apiserver")) {
			return d
		}
	}
	msg := fmt.Sprintf("no etcd and kube-apiserver in %s", strings.Join(candidates, " or "))
	if os.Getenv(EnvRequireKube) == "1" {
		t.Fatalf("%s (%s=1: %s)", msg, EnvRequireKube, installHint)
	}
	t.Skipf("%s; %s", msg, installHint)
	return ""
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// Start starts etcd and kube-apiserver and stops both when t ends. It
// skips under -short.
func Start(t testing.TB) *Env {
	t.Helper()
	assets := Assets(t)
	// The ports are chosen free, but another process may take one before
	// the servers bind it: then the servers are stopped and started again
	// on other ports.
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		var env *Env
		var procs []*process
		env, procs, err = start(assets, t.TempDir())
		for _, p := range procs {
			t.Cleanup(p.stop)
		}
		if err == nil {
			return env
		}
		if !strings.Contains(err.Error(), "address already in use") {
			break
		}
		for _, p := range procs {
			p.stop()
		}
	}
	t.Fatal(err)
	return nil
}

// pickPort is freePort, which a test replaces.
var pickPort = freePort

// freePort asks the kernel for a free loopback port.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// process is a started server with its log file.
type process struct {
	name    string
	cmd     *exec.Cmd
	log     string
	done    chan error
	stopped sync.Once
}

func startProcess(name, log string, bin string, args ...string) (*process, error) {
	f, err := os.Create(log)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &process{name: name, cmd: cmd, log: log, done: make(chan error, 1)}
	go func() { p.done <- cmd.Wait(); f.Close() }()
	return p, nil
}

// stop ends the process: SIGTERM, then SIGKILL after 10 s. Only the first
// call does anything.
func (p *process) stop() {
	p.stopped.Do(func() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
}

// tail returns the end of the process's log, for failure messages.
func (p *process) tail() string {
	data, _ := os.ReadFile(p.log)
	if len(data) > 4000 {
		data = data[len(data)-4000:]
	}
	return string(data)
}

// start starts etcd and kube-apiserver in dir, returning the processes it
// started (to stop, whether it succeeded or not).
func start(assets, dir string) (*Env, []*process, error) {
	var ports [3]int
	for i := range ports {
		p, err := pickPort()
		if err != nil {
			return nil, nil, err
		}
		ports[i] = p
	}
	var procs []*process
	etcdURL := "http://127.0.0.1:" + strconv.Itoa(ports[0])
	peerURL := "http://127.0.0.1:" + strconv.Itoa(ports[1])
	etcd, err := startProcess("etcd", filepath.Join(dir, "etcd.log"), filepath.Join(assets, "etcd"),
		"--name", "kubetest",
		"--data-dir", filepath.Join(dir, "etcd"),
		"--listen-client-urls", etcdURL, "--advertise-client-urls", etcdURL,
		"--listen-peer-urls", peerURL, "--initial-advertise-peer-urls", peerURL,
		"--initial-cluster", "kubetest="+peerURL,
		// Test data need not survive a power cut.
		"--unsafe-no-fsync")
	if err != nil {
		return nil, nil, err
	}
	procs = append(procs, etcd)

	// The service account signing key, made here rather than with openssl.
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, procs, err
	}
	keyFile := filepath.Join(dir, "sa.key")
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	if err := os.WriteFile(keyFile, keyPEM, 0o600); err != nil {
		return nil, procs, err
	}
	token := randomToken()
	tokenFile := filepath.Join(dir, "tokens.csv")
	if err := os.WriteFile(tokenFile, []byte(token+",admin,admin,system:masters\n"), 0o600); err != nil {
		return nil, procs, err
	}
	host := "https://127.0.0.1:" + strconv.Itoa(ports[2])
	api, err := startProcess("kube-apiserver", filepath.Join(dir, "kube-apiserver.log"), filepath.Join(assets, "kube-apiserver"),
		"--etcd-servers", etcdURL,
		"--bind-address", "127.0.0.1",
		// Without it a machine with no default route makes the server exit.
		"--advertise-address", "127.0.0.1",
		"--secure-port", strconv.Itoa(ports[2]),
		"--cert-dir", filepath.Join(dir, "certs"),
		"--token-auth-file", tokenFile,
		"--authorization-mode", "AlwaysAllow",
		"--service-account-key-file", keyFile,
		"--service-account-signing-key-file", keyFile,
		"--service-account-issuer", "https://kubernetes.default.svc",
		"--service-cluster-ip-range", "10.0.0.0/24",
		"--disable-admission-plugins", "ServiceAccount")
	if err != nil {
		return nil, procs, err
	}
	procs = append(procs, api)

	// The server makes a self-signed serving certificate; tests trust it
	// without checking, as it exists only for this run.
	cfg := &rest.Config{Host: host, BearerToken: token, TLSClientConfig: rest.TLSClientConfig{Insecure: true}, QPS: 100, Burst: 200}
	if err := waitReady(host, token, api, etcd); err != nil {
		return nil, procs, err
	}
	kubeconfig := filepath.Join(dir, "kubeconfig")
	kc := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: kubetest
  cluster:
    server: %s
    insecure-skip-tls-verify: true
users:
- name: admin
  user:
    token: %s
contexts:
- name: kubetest
  context:
    cluster: kubetest
    user: admin
current-context: kubetest
`, host, token)
	if err := os.WriteFile(kubeconfig, []byte(kc), 0o600); err != nil {
		return nil, procs, err
	}
	return &Env{Config: cfg, Kubeconfig: kubeconfig, Dir: dir}, procs, nil
}

// waitReady polls /readyz until the server answers ok (about 5 s), a
// server exits, or a minute passes.
func waitReady(host, token string, procs ...*process) error {
	client := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		for _, p := range procs {
			select {
			case err := <-p.done:
				p.done <- err
				return fmt.Errorf("%s exited before the API server was ready (%v); its log ends:\n%s", p.name, err, p.tail())
			default:
			}
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, host+"/readyz", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return errors.New("the API server was not ready after a minute; its log ends:\n" + procs[0].tail())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func randomToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%x", b)
}
