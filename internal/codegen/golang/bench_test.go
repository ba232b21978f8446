package golang

import (
	"os"
	"path/filepath"
	"testing"
)

// awsSchema is the whole aws 3.3.0 schema, kept beside the repository
// (../shared/schemas) rather than in it for its size.
var awsSchema = filepath.Join("..", "..", "..", "..", "shared", "schemas", "aws-3.3.0.json")

// BenchmarkGenerateAWS generates the bindings for the whole aws 3.3.0
// schema (584 resources, 193 data sources) from the schema model; reading
// the JSON is left out, as it is shared with every other use of a schema.
func BenchmarkGenerateAWS(b *testing.B) {
	if _, err := os.Stat(awsSchema); err != nil {
		b.Skip("no aws schema at", awsSchema)
	}
	p := readProvider(b, awsSchema)
	b.ReportAllocs()
	var size, count int
	for b.Loop() {
		files, err := Generate(p, Options{Version: "3.3.0"})
		if err != nil {
			b.Fatal(err)
		}
		size, count = 0, len(files)
		for _, f := range files {
			size += len(f.Data)
		}
	}
	b.ReportMetric(float64(size)/1e6, "MB-output")
	b.ReportMetric(float64(count), "files")
}
