package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// sharedCacheInit serializes the inits of the stacks a tfkit process runs
// when the engine is given a provider plugin cache: the engines do not
// promise that concurrent inits sharing one cache are safe, and they are
// not (inits of stacks in parallel fail with "failed to create directory"
// or a checksum mismatch while another one unpacks the same provider).
// Plans and applies still run in parallel.
var sharedCacheInit sync.Mutex

// pluginCacheRE finds the plugin_cache_dir setting of a CLI configuration
// file (HCL or its JSON form).
var pluginCacheRE = regexp.MustCompile(`(?m)^\s*"?plugin_cache_dir"?\s*[=:]`)

// usesPluginCache reports whether the engine, run with env, installs
// providers through a plugin cache: TF_PLUGIN_CACHE_DIR, or
// plugin_cache_dir in the CLI configuration the engine reads
// (TF_CLI_CONFIG_FILE, else ~/.terraformrc or ~/.tofurc, and the *.tfrc
// and *.tfrc.json files of ~/.terraform.d).
func usesPluginCache(env []string) bool {
	var home, config string
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "TF_PLUGIN_CACHE_DIR":
			if v != "" {
				return true
			}
		case "TF_CLI_CONFIG_FILE":
			config = v
		case "HOME":
			home = v
		}
	}
	var files []string
	switch {
	case config != "":
		files = []string{config}
	case home != "":
		files = []string{filepath.Join(home, ".terraformrc"), filepath.Join(home, ".tofurc")}
	}
	if home != "" {
		// The engines read these beside the main file, named or not.
		for _, pattern := range []string{"*.tfrc", "*.tfrc.json"} {
			more, _ := filepath.Glob(filepath.Join(home, ".terraform.d", pattern))
			files = append(files, more...)
		}
	}
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil && pluginCacheRE.Match(data) {
			return true
		}
	}
	return false
}
