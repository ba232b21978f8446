package pipeline

import (
	"bytes"
	"os"
	"testing"

	"github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/schema"
)

// FuzzGenerate feeds provider schemas to the whole pipeline: whatever the
// schema, generation ends in files or an error, never a panic, and the
// same schema gives the same files.
func FuzzGenerate(f *testing.F) {
	for _, p := range []string{"testdata/providers/flags.json", "../../schema/testdata/providers/features.json", "../../schema/testdata/providers/null-2.1.2.json"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		ps, err := schema.ReadProviders(bytes.NewReader(data))
		if err != nil || len(ps) == 0 {
			return
		}
		mk := func() *config.Provider {
			return &config.Provider{ModulePath: "example.com/fuzz", RootGroup: "fuzz.example.org", GroupKind: config.GroupFromProviderName, Schemas: ps}
		}
		a, errA := Generate(mk())
		b, errB := Generate(mk())
		if (errA == nil) != (errB == nil) {
			t.Fatalf("two runs disagree: %v / %v", errA, errB)
		}
		if len(a) != len(b) {
			t.Fatalf("two runs gave %d and %d files", len(a), len(b))
		}
		for i := range a {
			if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
				t.Fatalf("%s differs between two runs", a[i].Path)
			}
		}
	})
}
