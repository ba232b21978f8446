// Command provider serves notetest's provider as a plugin.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit/jet/controller/internal/notetest"
	"github.com/tfkit/tfkit/provider"
)

func main() {
	if err := provider.Serve(notetest.Source, notetest.New()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
