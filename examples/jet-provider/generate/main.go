// Command generate writes the example provider's API types, controller
// setup and CRDs into examples/jet-provider:
//
//	go run ./examples/jet-provider/generate
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tfkit/tfkit/examples/jet-provider/config"
	"github.com/tfkit/tfkit/jet/pipeline"
)

func main() {
	out := flag.String("out", "examples/jet-provider", "directory to write the generated code into")
	flag.Parse()
	p, err := config.Provider()
	if err == nil {
		err = pipeline.Run(p, *out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}
