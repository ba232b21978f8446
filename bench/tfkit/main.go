// Command tfkit-bench synthesizes the benchmark shape of docs/benchmarks.md
// with the Go API, as a whole program, for side-by-side runs with the CDK
// for Terraform script in ../cdktf: N null_resource elements (every second
// one refers to the one before it), N/100+1 variables and outputs, one local.
//
//	go build -o /tmp/tfkit-bench ./bench/tfkit
//	/usr/bin/time -f "%M KiB %e s" /tmp/tfkit-bench -n 10000 -out /tmp/out
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/tfkit/tfkit"
)

func main() {
	n := flag.Int("n", 10000, "number of resources")
	out := flag.String("out", "tfkit-bench.out", "output directory")
	format := flag.String("format", "hcl", "hcl or json")
	flag.Parse()

	start := time.Now()
	app := tfkit.NewApp(tfkit.WithOutdir(*out), tfkit.WithFormat(tfkit.Format(*format)))
	s := tfkit.NewStack(app, "bench")
	vars := make([]*tfkit.Variable, *n/100+1)
	for i := range vars {
		vars[i] = tfkit.NewVariable(s, fmt.Sprintf("v%d", i), tfkit.VariableConfig{Type: "string", Default: "x"})
	}
	prefix := tfkit.NewLocals(s, tfkit.Attrs{"prefix": "app-" + vars[0].Ref().String()})
	res := make([]*tfkit.Resource, *n)
	for i := range res {
		triggers := tfkit.Ordered("name", fmt.Sprintf("%s-%d", prefix.Ref("prefix"), i), "size", fmt.Sprint(i))
		if i%2 == 1 {
			triggers.Set("other", res[i-1].Ref("id"))
		}
		res[i] = tfkit.NewResource(s, "null_resource", fmt.Sprintf("r%d", i), tfkit.Attrs{"triggers": triggers})
	}
	for i := range vars {
		tfkit.NewOutput(s, fmt.Sprintf("o%d", i), tfkit.OutputConfig{Value: res[i].Ref("id")})
	}
	built := time.Now()
	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	done := time.Now()
	fmt.Printf("tfkit: %d resources: build %d ms, synth %d ms, total %d ms\n",
		*n, built.Sub(start).Milliseconds(), done.Sub(built).Milliseconds(), done.Sub(start).Milliseconds())
}
