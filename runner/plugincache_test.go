package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestParallelInitsShareAPluginCache: stacks initialised in parallel with
// one provider plugin cache (TF_PLUGIN_CACHE_DIR, as CI setups give) all
// succeed; run at once, the engines' inits fail while another one unpacks
// the same provider into the cache.
func TestParallelInitsShareAPluginCache(t *testing.T) {
	const providers = "terraform {\n  required_providers {\n" +
		"    random = { source = \"hashicorp/random\" }\n" +
		"    null   = { source = \"hashicorp/null\" }\n" +
		"    local  = { source = \"hashicorp/local\" }\n  }\n}\n"
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		for round := range 2 {
			cache := t.TempDir()
			environ := append(enginetest.Environ(t), "TF_PLUGIN_CACHE_DIR="+cache)
			work := t.TempDir()
			var stacks []*engineStack
			for i := range 6 {
				stacks = append(stacks, openEngineStack(t, engine, filepath.Join(work, fmt.Sprintf("s%d", i)), environ,
					map[string]string{"main.tf": providers}))
			}
			errs := make([]error, len(stacks))
			var wg sync.WaitGroup
			for i, s := range stacks {
				wg.Go(func() { errs[i] = s.w.Init(context.Background()) })
			}
			wg.Wait()
			for i, s := range stacks {
				if errs[i] != nil {
					t.Errorf("round %d, stack %s: init: %v\n%s", round, s.w.Name, errs[i], s.out)
				}
			}
		}
	})
}

func TestUsesPluginCache(t *testing.T) {
	home := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mirror := write("mirror.rc", "provider_installation {\n  filesystem_mirror {\n    path = \"/m\"\n  }\n}\n")
	cached := write("cached.rc", "plugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"\n")
	cachedJSON := write("cached.json", "{\n  \"plugin_cache_dir\": \"/c\"\n}\n")
	for _, c := range []struct {
		name string
		env  []string
		want bool
	}{
		{"nothing", []string{"HOME=" + home}, false},
		{"env", []string{"HOME=" + home, "TF_PLUGIN_CACHE_DIR=/c"}, true},
		{"empty env", []string{"HOME=" + home, "TF_PLUGIN_CACHE_DIR="}, false},
		{"config without cache", []string{"HOME=" + home, "TF_CLI_CONFIG_FILE=" + mirror}, false},
		{"config with cache", []string{"HOME=" + home, "TF_CLI_CONFIG_FILE=" + cached}, true},
		{"JSON config with cache", []string{"HOME=" + home, "TF_CLI_CONFIG_FILE=" + cachedJSON}, true},
	} {
		if got := usesPluginCache(c.env); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	write(".terraform.d/cache.tfrc", "plugin_cache_dir = \"/c\"\n")
	if !usesPluginCache([]string{"HOME=" + home}) {
		t.Error("plugin_cache_dir in ~/.terraform.d/*.tfrc not seen")
	}
	if !usesPluginCache([]string{"HOME=" + home, "TF_CLI_CONFIG_FILE=" + mirror}) {
		t.Error("~/.terraform.d not read beside the file TF_CLI_CONFIG_FILE names")
	}
	if err := os.RemoveAll(filepath.Join(home, ".terraform.d")); err != nil {
		t.Fatal(err)
	}
	write(".terraformrc", "plugin_cache_dir = \"/c\"\n")
	if !usesPluginCache([]string{"HOME=" + home}) {
		t.Error("plugin_cache_dir in ~/.terraformrc not seen")
	}
}
