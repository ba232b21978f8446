package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	testinginterface "github.com/mitchellh/go-testing-interface"
)

// Serve checks p and serves it to Terraform or OpenTofu over protocol 6;
// it is the whole of a provider's main function (when Check refuses p,
// Serve returns its error, and under an engine first answers the engine's
// schema request with it, the only way the engine shows it):
//
//	func main() {
//		if err := provider.Serve("registry.terraform.io/tfkit/docstore", docstore.New()); err != nil {
//			log.Fatal(err)
//		}
//	}
//
// addr is the provider's source address. With -debug (or --debug) on the
// command line the provider starts on its own, prints the
// TF_REATTACH_PROVIDERS value that makes terraform and tofu use this
// process (to run it under a debugger), and serves until interrupted. With
// TFKIT_PROVIDER_TIMINGS=FILE set, the time of each resource request is
// appended to FILE (see EnvTimings).
func Serve(addr string, p *Provider) error {
	debug := false
	for _, a := range os.Args[1:] {
		if a == "-debug" || a == "--debug" {
			debug = true
		}
	}
	s, err := newServer(p)
	if aerr := addressError(addr); aerr != nil {
		err = errors.Join(aerr, err)
	}
	if err != nil {
		if debug || os.Getenv(magicCookieKey) == "" {
			return err // run by hand: the caller prints it
		}
		// Started by an engine, which shows nothing of a plugin's output
		// when it does not answer, only "Unrecognized remote plugin
		// message" and guesses about the architecture: answer with the
		// problems as the error of the schema request instead.
		invalid := &invalidServer{err: err}
		invalid.server, _ = newServer(&Provider{})
		if serr := tf6server.Serve(addr, func() tfprotov6.ProviderServer { return invalid }); serr != nil {
			return errors.Join(err, serr)
		}
		return err
	}
	srv := withTimings(s)
	if debug {
		return serveDebug(srv, addr)
	}
	factory := func() tfprotov6.ProviderServer { return srv }
	return tf6server.Serve(addr, factory)
}

// serveDebug serves s in this process until interrupted, after printing
// the TF_REATTACH_PROVIDERS value that attaches terraform and tofu to it.
// The value names the provider under both registries' addresses: OpenTofu
// completes a short source such as example/notes with registry.opentofu.org,
// and would not find a provider attached under registry.terraform.io
// alone.
func serveDebug(s tfprotov6.ProviderServer, addr string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ra, err := serveAttached(s, false, engineAddresses(addr)...)
	if err != nil {
		return err
	}
	fmt.Printf("Provider started. To attach terraform or tofu, set the TF_REATTACH_PROVIDERS environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='%s'\n\n",
		strings.ReplaceAll(ra.Env, "'", `'"'"'`))
	select {
	case <-ctx.Done():
		ra.Close()
	case <-ra.done:
	}
	return nil
}

// engineAddresses returns the addresses terraform and tofu look the
// provider at addr up under: a provider of either public registry under
// both.
func engineAddresses(addr string) []string {
	for _, pair := range [][2]string{{"registry.terraform.io/", "registry.opentofu.org/"}, {"registry.opentofu.org/", "registry.terraform.io/"}} {
		if rest, ok := strings.CutPrefix(addr, pair[0]); ok {
			return []string{addr, pair[1] + rest}
		}
	}
	return []string{addr}
}

// magicCookieKey is the variable an engine sets for the plugins it starts
// (the go-plugin handshake of protocol 6).
const magicCookieKey = "TF_PLUGIN_MAGIC_COOKIE"

// invalidServer serves a provider that Check refused: its schema request
// fails with Check's error, which the engine shows as the reason it cannot
// use the provider. Every other request gets the empty provider's
// answers.
type invalidServer struct {
	*server
	err error
}

func (s *invalidServer) diagnostics() []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  "Invalid provider definition",
		Detail:   strings.TrimPrefix(s.err.Error(), "invalid provider definition:\n") + "\n\nThis is a bug in the provider: fix its definition (Provider.Check reports the same).",
	}}
}

func (s *invalidServer) GetMetadata(ctx context.Context, req *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	return &tfprotov6.GetMetadataResponse{ServerCapabilities: &tfprotov6.ServerCapabilities{}, Diagnostics: s.diagnostics()}, nil
}

func (s *invalidServer) GetProviderSchema(ctx context.Context, req *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	resp := *s.schemaResp
	resp.Diagnostics = s.diagnostics()
	return &resp, nil
}

// Reattach is a provider served in this process for engines to attach to:
// Env is the TF_REATTACH_PROVIDERS value naming it.
type Reattach struct {
	Env  string
	stop context.CancelFunc
	done chan struct{}
}

// Close stops serving and waits until the server is gone.
func (r *Reattach) Close() {
	r.stop()
	<-r.done
}

// ServeReattach checks p and serves it in this process, in the background,
// the way debuggers and tests attach to a provider: Terraform and OpenTofu
// started with TF_REATTACH_PROVIDERS=Env use it instead of starting a
// plugin process. addrs are the source addresses to answer to (OpenTofu
// looks providers up under registry.opentofu.org). Close stops it.
func ServeReattach(p *Provider, addrs ...string) (*Reattach, error) {
	if len(addrs) == 0 {
		return nil, fmt.Errorf("ServeReattach needs at least one source address")
	}
	for _, a := range addrs {
		if err := addressError(a); err != nil {
			return nil, err
		}
	}
	s, err := newServer(p)
	if err != nil {
		return nil, err
	}
	return serveAttached(s, true, addrs...)
}

// serveAttached serves s in the background for engines to attach to under
// addrs. quiet routes the SDK's logs through its logging sink, which
// writes only when TF_LOG or TF_LOG_PATH asks for them: inside a test
// process they would flood the caller's stderr.
func serveAttached(s tfprotov6.ProviderServer, quiet bool, addrs ...string) (*Reattach, error) {
	ctx, cancel := context.WithCancel(context.Background())
	configCh := make(chan *plugin.ReattachConfig, 1)
	closeCh := make(chan struct{})
	errCh := make(chan error, 1)
	opts := []tf6server.ServeOpt{tf6server.WithDebug(ctx, configCh, closeCh)}
	if quiet {
		opts = append(opts,
			tf6server.WithLoggingSink(&testinginterface.RuntimeT{}),
			tf6server.WithGoPluginLogger(hclog.NewNullLogger()))
	}
	go func() {
		errCh <- tf6server.Serve(addrs[0], func() tfprotov6.ProviderServer { return s }, opts...)
	}()
	var rc *plugin.ReattachConfig
	select {
	case rc = <-configCh:
	case err := <-errCh:
		cancel()
		return nil, fmt.Errorf("serve provider: %w", err)
	}
	type addr struct{ Network, String string }
	type entry struct {
		Protocol        string
		ProtocolVersion int
		Pid             int
		Test            bool
		Addr            addr
	}
	m := map[string]entry{}
	for _, a := range addrs {
		m[a] = entry{
			Protocol:        string(rc.Protocol),
			ProtocolVersion: rc.ProtocolVersion,
			Pid:             rc.Pid,
			Test:            true,
			Addr:            addr{Network: rc.Addr.Network(), String: rc.Addr.String()},
		}
	}
	env, err := json.Marshal(m)
	if err != nil {
		cancel()
		return nil, err
	}
	return &Reattach{Env: string(env), stop: cancel, done: closeCh}, nil
}
