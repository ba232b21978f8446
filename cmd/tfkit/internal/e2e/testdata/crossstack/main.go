// Command crossstack is a two-stack tfkit app for the end-to-end tests:
// web uses network's random_pet with nothing declared for it, so synth
// writes the output in network, the terraform_remote_state in web and the
// dependency between them. CROSS_GREETING changes the greeting (default
// "hello"); CROSS_FILE is where web writes it.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit"
)

func main() {
	greeting := os.Getenv("CROSS_GREETING")
	if greeting == "" {
		greeting = "hello"
	}
	app := tfkit.NewApp()

	network := tfkit.NewStack(app, "network")
	network.RequireProvider("random", "hashicorp/random", "3.9.0")
	pet := tfkit.NewResource(network, "random_pet", "name", tfkit.Attrs{"length": 2})
	tfkit.NewOutput(network, "name", tfkit.OutputConfig{Value: pet.Ref("id")})

	web := tfkit.NewStack(app, "web")
	web.RequireProvider("null", "hashicorp/null", "2.1.2")
	web.RequireProvider("local", "hashicorp/local", "2.9.0")
	// Spliced into a string, and as a value: both read network's pet.
	msg := tfkit.NewResource(web, "terraform_data", "greeting", tfkit.Attrs{
		"input": fmt.Sprintf("%s %s", greeting, pet.Ref("id")),
	})
	tfkit.NewResource(web, "null_resource", "marker", tfkit.Attrs{
		"triggers": map[string]any{"pet": pet.Ref("id")},
	})
	// The whole resource object crosses too.
	whole := tfkit.NewResource(web, "terraform_data", "pet", tfkit.Attrs{"input": pet})
	tfkit.NewResource(web, "local_file", "greeting", tfkit.Attrs{
		"filename": os.Getenv("CROSS_FILE"),
		"content":  msg.Ref("output"),
	})
	tfkit.NewOutput(web, "greeting", tfkit.OutputConfig{Value: msg.Ref("output")})
	tfkit.NewOutput(web, "pet_length", tfkit.OutputConfig{Value: whole.Ref("output", "length")})

	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
