package provider

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// EnvTimings names the environment variable that makes Serve append one
// line per resource request to a file: the RPC, the type, how long the
// provider took and the process's peak resident memory so far. It
// measures the provider's share of a plan or apply from inside.
const EnvTimings = "TFKIT_PROVIDER_TIMINGS"

// timed wraps a server and records the duration of resource requests.
type timed struct {
	tfprotov6.ProviderServer
	mu   sync.Mutex
	file string
}

func withTimings(s tfprotov6.ProviderServer) tfprotov6.ProviderServer {
	file := os.Getenv(EnvTimings)
	if file == "" {
		return s
	}
	return &timed{ProviderServer: s, file: file}
}

func (t *timed) record(rpc, typ string, start time.Time) {
	d := time.Since(start)
	line := fmt.Sprintf("%s %s %.3fms peak_rss=%s\n", rpc, typ, float64(d.Microseconds())/1000, peakRSS())
	t.mu.Lock()
	defer t.mu.Unlock()
	f, err := os.OpenFile(t.file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	_, _ = f.WriteString(line)
}

// peakRSS is VmHWM from /proc/self/status, where there is one.
func peakRSS() string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			return strings.ReplaceAll(strings.TrimSpace(v), " ", "")
		}
	}
	return "unknown"
}

func (t *timed) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	defer t.record("ReadResource", req.TypeName, time.Now())
	return t.ProviderServer.ReadResource(ctx, req)
}

func (t *timed) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	defer t.record("PlanResourceChange", req.TypeName, time.Now())
	return t.ProviderServer.PlanResourceChange(ctx, req)
}

func (t *timed) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	defer t.record("ApplyResourceChange", req.TypeName, time.Now())
	return t.ProviderServer.ApplyResourceChange(ctx, req)
}
