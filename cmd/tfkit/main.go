// Command tfkit is the tfkit command line; everything it does lives in
// cmd/tfkit/internal/cli, and this file only connects it to the process.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/tfkit/tfkit/cmd/tfkit/internal/cli"
)

// version is set at link time (-ldflags "-X main.version=v1.2.3"); otherwise
// the module version from the build information is used.
var version = ""

// gcPercent is the collector's target when GOGC is not set. A command runs
// once and ends; at Go's default (100) eval, validate and synth of large
// inputs spent a fifth to a third of their CPU collecting garbage, and
// 150 takes a fifth of that CPU off for about a tenth more peak memory
// (docs/benchmarks.md).
const gcPercent = 150

func main() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 3)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first Ctrl-C the command cleans up, waiting for the
		// engine to stop safely; see cli.HandleSignals for the next ones.
		cli.HandleSignals(sigs, cancel, os.Stderr)
		os.Exit(cli.ExitInterrupted)
	}()
	code := cli.Main(ctx, os.Args[1:], cli.Env{
		Stdin:   os.Stdin,
		Stdout:  os.Stdout,
		Stderr:  os.Stderr,
		Environ: os.Environ(),
		Version: buildVersion(),
	})
	cancel()
	os.Exit(code)
}

func buildVersion() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
