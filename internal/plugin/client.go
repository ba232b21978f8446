package plugin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/rpc"
	"os/exec"
	"time"

	"github.com/hashicorp/go-hclog"
	goplugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/mem"
)

// handshake is Terraform's: the magic cookie tells a provider binary that
// it is started as a plugin, not run by hand.
var handshake = goplugin.HandshakeConfig{
	ProtocolVersion:  6,
	MagicCookieKey:   "TF_PLUGIN_MAGIC_COOKIE",
	MagicCookieValue: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
}

// Client is a running provider plugin.
type Client struct {
	plugin   *goplugin.Client
	conn     *grpc.ClientConn
	protocol int
	// Started is how long the plugin took from start to answering.
	Started time.Duration
}

// Start runs the provider binary at path and connects to it. The plugin
// chooses protocol 6 or 5; Protocol says which.
func Start(ctx context.Context, path string) (*Client, error) {
	return StartIn(ctx, path, "")
}

// StartIn is Start with the plugin's working directory dir ("" for the
// current one): where it resolves relative paths, as a data source's file
// name, like Terraform starts providers in the configuration's directory.
func StartIn(ctx context.Context, path, dir string) (*Client, error) {
	t0 := time.Now()
	cmd := exec.CommandContext(ctx, path)
	cmd.Dir = dir
	pc := goplugin.NewClient(&goplugin.ClientConfig{
		HandshakeConfig: handshake,
		VersionedPlugins: map[int]goplugin.PluginSet{
			5: {"provider": &grpcPlugin{}},
			6: {"provider": &grpcPlugin{}},
		},
		Cmd:              cmd,
		AllowedProtocols: []goplugin.Protocol{goplugin.ProtocolGRPC},
		AutoMTLS:         true,
		Logger:           hclog.NewNullLogger(),
		SyncStdout:       io.Discard,
		SyncStderr:       io.Discard,
		StartTimeout:     time.Minute,
	})
	rpcClient, err := pc.Client()
	if err != nil {
		pc.Kill()
		return nil, fmt.Errorf("start provider plugin %s: %w", path, err)
	}
	raw, err := rpcClient.Dispense("provider")
	if err != nil {
		pc.Kill()
		return nil, fmt.Errorf("provider plugin %s: %w", path, err)
	}
	conn, ok := raw.(*grpc.ClientConn)
	if !ok {
		pc.Kill()
		return nil, fmt.Errorf("provider plugin %s: not a gRPC plugin", path)
	}
	return &Client{plugin: pc, conn: conn, protocol: pc.NegotiatedVersion(), Started: time.Since(t0)}, nil
}

// Protocol is the plugin protocol's major version, 5 or 6.
func (c *Client) Protocol() int { return c.protocol }

// Close stops the plugin process.
func (c *Client) Close() { c.plugin.Kill() }

// call makes one unary RPC of the Provider service with an encoded
// request and returns the encoded response.
func (c *Client) call(ctx context.Context, method string, req []byte) ([]byte, error) {
	service := "/tfplugin6.Provider/"
	if c.protocol == 5 {
		service = "/tfplugin5.Provider/"
	}
	var resp rawMessage
	if err := c.conn.Invoke(ctx, service+method, rawMessage(req), &resp, grpc.ForceCodecV2(rawCodec{})); err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	return resp, nil
}

// grpcPlugin hands go-plugin's connection to the client.
type grpcPlugin struct{}

func (grpcPlugin) Server(*goplugin.MuxBroker) (any, error) {
	return nil, errors.New("tfkit only talks to provider plugins")
}

func (grpcPlugin) Client(*goplugin.MuxBroker, *rpc.Client) (any, error) {
	return nil, errors.New("provider plugins speak gRPC, not net/rpc")
}

func (grpcPlugin) GRPCServer(*goplugin.GRPCBroker, *grpc.Server) error {
	return errors.New("tfkit only talks to provider plugins")
}

func (grpcPlugin) GRPCClient(_ context.Context, _ *goplugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	return conn, nil
}

// rawMessage is an encoded protobuf message; rawCodec sends and receives
// it as is.
type rawMessage []byte

type rawCodec struct{}

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	m, ok := v.(rawMessage)
	if !ok {
		return nil, fmt.Errorf("raw codec: cannot send %T", v)
	}
	return mem.BufferSlice{mem.SliceBuffer(m)}, nil
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	m, ok := v.(*rawMessage)
	if !ok {
		return fmt.Errorf("raw codec: cannot receive into %T", v)
	}
	*m = data.Materialize()
	return nil
}

// Name is "proto": the plugin decodes what it receives as protobuf.
func (rawCodec) Name() string { return "proto" }
