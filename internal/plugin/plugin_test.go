package plugin

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/tfkit/tfkit/examples/provider-docstore/docstore"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/schema"
)

// TestSchemasMatchTheEngine asks real provider binaries from the mirror
// for their schemas and compares them with what `terraform providers
// schema -json` reported for the same providers (testdata, from
// ../shared/schemas): null speaks protocol 5, random and time protocol 6.
func TestSchemasMatchTheEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts provider plugins")
	}
	for _, c := range []struct{ name, version string }{
		{"null", "2.1.2"}, {"random", "3.9.0"}, {"time", "0.14.2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			source := "hashicorp/" + c.name
			enginetest.RequireProvider(t, source, c.version)
			bin := filepath.Join(enginetest.Mirror(t), "registry.terraform.io", source, c.version,
				runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-"+c.name+"_v"+c.version)
			client, err := Start(context.Background(), bin)
			if err != nil {
				t.Fatal(err)
			}
			defer client.Close()
			t.Logf("protocol %d, started in %v", client.Protocol(), client.Started)
			ps, err := client.GetProviderSchema(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			data, err := SchemasJSON("registry.terraform.io/"+source, ps)
			if err != nil {
				t.Fatal(err)
			}
			got := readOne(t, data)
			want, err := os.ReadFile(filepath.Join("testdata", c.name+"-"+c.version+".json"))
			if err != nil {
				t.Fatal(err)
			}
			compare(t, got, readOne(t, want))
		})
	}
}

func readOne(t *testing.T, data []byte) *schema.Provider {
	t.Helper()
	ps, err := schema.ReadProviders(bytes.NewReader(data))
	if err != nil || len(ps) != 1 {
		t.Fatalf("read schemas: %v (%d providers)", err, len(ps))
	}
	return ps[0]
}

// compare fails t with the first differing element of two schemas.
func compare(t *testing.T, got, want *schema.Provider) {
	t.Helper()
	if !reflect.DeepEqual(got.Config, want.Config) {
		t.Errorf("provider block differs:\n got %s\nwant %s", dump(got.Config), dump(want.Config))
	}
	for _, kind := range []struct {
		name      string
		got, want []*schema.Resource
	}{{"resource", got.Resources, want.Resources}, {"data source", got.DataSources, want.DataSources}, {"ephemeral resource", got.EphemeralResources, want.EphemeralResources}} {
		if len(kind.got) != len(kind.want) {
			t.Errorf("%d %ss, want %d", len(kind.got), kind.name, len(kind.want))
			continue
		}
		for i := range kind.got {
			if !reflect.DeepEqual(kind.got[i], kind.want[i]) {
				t.Errorf("%s %s differs:\n got %s\nwant %s", kind.name, kind.want[i].Type, dump(kind.got[i]), dump(kind.want[i]))
			}
		}
	}
	if !reflect.DeepEqual(got.Functions, want.Functions) {
		t.Errorf("functions differ:\n got %s\nwant %s", dump(got.Functions), dump(want.Functions))
	}
}

func dump(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

func TestStartRefusesNonPlugins(t *testing.T) {
	// A binary that is not a plugin: the handshake fails with an error,
	// and no process is left behind.
	dir := t.TempDir()
	script := filepath.Join(dir, "not-a-plugin")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho hello\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Start(context.Background(), script); err == nil {
		t.Fatal("started a binary that is not a plugin")
	}
	if _, err := Start(context.Background(), filepath.Join(dir, "missing")); err == nil {
		t.Fatal("started a missing binary")
	}
}

// TestSchemaOfAFrameworkProvider asks the docstore example, built into the
// mirror, for its schema: it is the one the framework exports in process.
func TestSchemaOfAFrameworkProvider(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a provider plugin")
	}
	enginetest.RequireProvider(t, "tfkit/docstore", docstore.Version)
	bin := filepath.Join(enginetest.Mirror(t), "registry.terraform.io", "tfkit", "docstore", docstore.Version,
		runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-docstore_v"+docstore.Version)
	client, err := Start(context.Background(), bin)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	if client.Protocol() != 6 {
		t.Errorf("protocol %d, want 6", client.Protocol())
	}
	ps, err := client.GetProviderSchema(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	data, err := SchemasJSON(docstore.Source, ps)
	if err != nil {
		t.Fatal(err)
	}
	want, err := docstore.New().ExportSchema(docstore.Source)
	if err != nil {
		t.Fatal(err)
	}
	compare(t, readOne(t, data), want)
}

// BenchmarkStart measures a provider binary from start to serving: the
// process starts, completes the plugin handshake and answers
// GetProviderSchema, then is stopped. The binaries are the paths in
// TFKIT_BENCH_PLUGINS (separated by colons; bench/provider-compare.sh
// sets it), else the docstore example in the mirror.
func BenchmarkStart(b *testing.B) {
	var bins []string
	if env := os.Getenv("TFKIT_BENCH_PLUGINS"); env != "" {
		bins = filepath.SplitList(env)
	} else {
		enginetest.RequireProvider(b, "tfkit/docstore", docstore.Version)
		bins = []string{filepath.Join(enginetest.Mirror(b), "registry.terraform.io", "tfkit", "docstore", docstore.Version,
			runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-docstore_v"+docstore.Version)}
	}
	for _, bin := range bins {
		b.Run(filepath.Base(bin), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				client, err := Start(context.Background(), bin)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := client.GetProviderSchema(context.Background()); err != nil {
					b.Fatal(err)
				}
				client.Close()
			}
		})
	}
}
