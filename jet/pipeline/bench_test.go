package pipeline

import "testing"

// BenchmarkGenerateAWS generates every aws 3.3.0 resource (in memory):
//
//	go test ./jet/pipeline -run '^$' -bench GenerateAWS -benchmem
func BenchmarkGenerateAWS(b *testing.B) {
	p := awsProvider(b)
	b.ResetTimer()
	for range b.N {
		if _, err := Generate(p); err != nil {
			b.Fatal(err)
		}
	}
}
