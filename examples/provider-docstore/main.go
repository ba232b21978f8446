// Command terraform-provider-docstore is the docstore provider: a local
// JSON document store, written with tfkit's provider package. See
// README.md.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit/examples/provider-docstore/docstore"
	"github.com/tfkit/tfkit/provider"
)

func main() {
	if err := provider.Serve(docstore.Source, docstore.New()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
