// Command docker is the Docker stack of CDK for Terraform's introduction
// written with tfkit: an nginx image and a container publishing port 8000.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit"
)

func main() {
	app := tfkit.NewApp()
	stack := tfkit.NewStack(app, "docker")

	tfkit.NewProvider(stack, "docker", nil).Source("kreuzwerker/docker", "~> 4.6")

	image := tfkit.NewResource(stack, "docker_image", "nginx", tfkit.Attrs{
		"name":         "nginx:latest",
		"keep_locally": false,
	})

	tfkit.NewResource(stack, "docker_container", "nginx", tfkit.Ordered(
		"name", "nginx-go-tfkit",
		"image", image.Ref("name"),
		"privileged", false,
		"ports", tfkit.Block(tfkit.Attrs{
			"internal": 80,
			"external": 8000,
		}),
	))

	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
