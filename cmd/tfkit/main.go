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

func main() {
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
