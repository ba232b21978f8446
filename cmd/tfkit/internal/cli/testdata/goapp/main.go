// Command goapp is a small tfkit program that the CLI's tests synthesize
// with `go run .`: two stacks, the second depending on the first, following
// ENV as real apps choose per environment. GOAPP_BREAK=1 declares a resource
// twice, so Synth fails with a diagnostic; GOAPP_IGNORE=1 drops its error.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit"
)

func main() {
	env := os.Getenv("ENV")
	if env == "" {
		env = "dev"
	}
	app := tfkit.NewApp()

	network := tfkit.NewStack(app, "network")
	seed := tfkit.NewResource(network, "terraform_data", "seed", tfkit.Attrs{"input": "network-" + env})
	tfkit.NewOutput(network, "seed", tfkit.OutputConfig{Value: seed.Ref("output")})

	web := tfkit.NewStack(app, "web").DependsOn(network)
	tfkit.NewResource(web, "terraform_data", "a", tfkit.Attrs{"input": "web-" + env})
	tfkit.NewResource(web, "terraform_data", "b", tfkit.Attrs{"input": 2})
	if os.Getenv("GOAPP_BREAK") == "1" {
		tfkit.NewResource(web, "terraform_data", "a", tfkit.Attrs{"input": "again"})
	}

	if os.Getenv("GOAPP_IGNORE") == "1" {
		_ = app.Synth()
		return
	}
	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
