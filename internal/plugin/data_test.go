package plugin

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/examples/provider-docstore/docstore"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/schema"
)

// startMirror starts provider hashicorp/name at version from the mirror
// and returns it with its schema.
func startMirror(t *testing.T, name, version string) (*Client, *schema.Provider) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts provider plugins")
	}
	source := "hashicorp/" + name
	enginetest.RequireProvider(t, source, version)
	bin := filepath.Join(enginetest.Mirror(t), "registry.terraform.io", source, version,
		runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-"+name+"_v"+version)
	c, err := Start(context.Background(), bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	ps, err := c.GetProviderSchema(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	data, err := SchemasJSON("registry.terraform.io/"+source, ps)
	if err != nil {
		t.Fatal(err)
	}
	return c, readOne(t, data)
}

// config returns the object of block type ty with the given attributes
// and every other one null.
func config(ty cty.Type, set map[string]cty.Value) cty.Value {
	attrs := map[string]cty.Value{}
	for n, at := range ty.AttributeTypes() {
		if v, ok := set[n]; ok {
			attrs[n] = v
		} else {
			attrs[n] = cty.NullVal(at)
		}
	}
	return cty.ObjectVal(attrs)
}

// TestReadDataSource configures real providers and reads a data source
// of each: local reads a file, null echoes its inputs (both speak
// protocol 5); the docstore example (protocol 6) reports an absent
// document.
func TestReadDataSource(t *testing.T) {
	ctx := context.Background()
	t.Run("local", func(t *testing.T) {
		c, p := startMirror(t, "local", "2.9.0")
		if err := c.ConfigureProvider(ctx, "1.9.0", config(p.Config.ImpliedType(), nil), p.Config.ImpliedType()); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "hello.txt")
		if err := os.WriteFile(file, []byte("hello\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		ty := p.DataSource("local_file").Block.ImpliedType()
		got, err := c.ReadDataSource(ctx, "local_file", config(ty, map[string]cty.Value{"filename": cty.StringVal(file)}), ty)
		if err != nil {
			t.Fatal(err)
		}
		if c := got.GetAttr("content"); !c.RawEquals(cty.StringVal("hello\n")) {
			t.Errorf("content = %#v", c)
		}
		// sha1 of "hello\n"
		if s := got.GetAttr("content_sha1"); !s.RawEquals(cty.StringVal("f572d396fae9206628714fb2ce00f72e94f2258f")) {
			t.Errorf("content_sha1 = %#v", s)
		}
		_, err = c.ReadDataSource(ctx, "local_file", config(ty, map[string]cty.Value{"filename": cty.StringVal(file + ".missing")}), ty)
		if err == nil || !strings.Contains(err.Error(), "missing") {
			t.Errorf("reading a missing file: %v, want the provider's error", err)
		}
	})
	t.Run("null", func(t *testing.T) {
		c, p := startMirror(t, "null", "2.1.2")
		if c.Protocol() != 5 {
			t.Fatalf("protocol %d, want 5", c.Protocol())
		}
		if err := c.ConfigureProvider(ctx, "1.9.0", config(p.Config.ImpliedType(), nil), p.Config.ImpliedType()); err != nil {
			t.Fatal(err)
		}
		ty := p.DataSource("null_data_source").Block.ImpliedType()
		in := cty.MapVal(map[string]cty.Value{"a": cty.StringVal("x")})
		got, err := c.ReadDataSource(ctx, "null_data_source", config(ty, map[string]cty.Value{"inputs": in}), ty)
		if err != nil {
			t.Fatal(err)
		}
		if o := got.GetAttr("outputs"); !o.RawEquals(in) {
			t.Errorf("outputs = %#v, want %#v", o, in)
		}
	})
	t.Run("docstore", func(t *testing.T) {
		if testing.Short() {
			t.Skip("starts provider plugins")
		}
		enginetest.RequireProvider(t, "tfkit/docstore", docstore.Version)
		bin := filepath.Join(enginetest.Mirror(t), "registry.terraform.io", "tfkit", "docstore", docstore.Version,
			runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-docstore_v"+docstore.Version)
		c, err := Start(ctx, bin)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if c.Protocol() != 6 {
			t.Fatalf("protocol %d, want 6", c.Protocol())
		}
		ps, err := c.GetProviderSchema(ctx)
		if err != nil {
			t.Fatal(err)
		}
		data, err := SchemasJSON(docstore.Source, ps)
		if err != nil {
			t.Fatal(err)
		}
		p := readOne(t, data)
		pty := p.Config.ImpliedType()
		if err := c.ConfigureProvider(ctx, "1.9.0", config(pty, map[string]cty.Value{"root": cty.StringVal(t.TempDir())}), pty); err != nil {
			t.Fatal(err)
		}
		ty := p.DataSource("docstore_document").Block.ImpliedType()
		_, err = c.ReadDataSource(ctx, "docstore_document", config(ty, map[string]cty.Value{"name": cty.StringVal("absent")}), ty)
		if err == nil || !strings.Contains(err.Error(), "No such document") {
			t.Errorf("reading an absent document: %v, want the provider's error", err)
		}
	})
}
