package pipeline

import (
	"testing"

	"github.com/tfkit/tfkit/internal/cputime"
)

// BenchmarkGenerateAWS generates every aws 3.3.0 resource (in memory),
// reporting process CPU time per run beside wall time:
//
//	go test ./jet/pipeline -run '^$' -bench GenerateAWS -benchmem
func BenchmarkGenerateAWS(b *testing.B) {
	p := awsProvider(b)
	b.ResetTimer()
	cpu0, haveCPU := cputime.Process()
	for range b.N {
		if _, err := Generate(p); err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, ok := cputime.Process(); haveCPU && ok {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}
