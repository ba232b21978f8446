package load

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Providers for --read-data that terraform init did not install under
// .terraform/providers are looked for in the filesystem mirrors of the CLI
// configuration (TF_CLI_CONFIG_FILE, else ~/.terraformrc, read from
// Options.Env), in the unpacked layout
// MIRROR/HOST/NAMESPACE/TYPE/VERSION/OS_ARCH/terraform-provider-TYPE*: the
// version .terraform.lock.hcl selects, else the one sorted last.

// neededSources lists the provider source addresses the modules require
// or their data sources imply.
func neededSources(m *Module, out map[string]bool) {
	for name := range m.Providers {
		out[providerSource(m, name)] = true
	}
	for _, r := range m.Resources {
		if r.Mode != "data" || r.Type == "terraform_remote_state" {
			continue
		}
		local, _, _ := strings.Cut(r.Type, "_")
		out[providerSource(m, local)] = true
	}
	for _, c := range m.Children {
		if c != nil {
			neededSources(c, out)
		}
	}
	delete(out, "terraform.io/builtin/terraform")
}

// mirrorBinaries returns the binaries of the sources found in the CLI
// configuration's filesystem mirrors, by source.
func mirrorBinaries(dir string, env []string, sources map[string]bool) map[string]string {
	mirrors := cliMirrors(env)
	if len(mirrors) == 0 {
		return nil
	}
	locked := lockedVersions(filepath.Join(dir, ".terraform.lock.hcl"))
	out := map[string]string{}
	for src := range sources {
		for _, m := range mirrors {
			base := filepath.Join(m, filepath.FromSlash(src))
			version := locked[src]
			if version == "" {
				vs, _ := filepath.Glob(filepath.Join(base, "*"))
				if len(vs) == 0 {
					continue
				}
				sort.Strings(vs)
				version = filepath.Base(vs[len(vs)-1])
			}
			bins, _ := filepath.Glob(filepath.Join(base, version, runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-*"))
			if len(bins) > 0 {
				sort.Strings(bins)
				out[src] = bins[0]
				break
			}
		}
	}
	return out
}

func envValue(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

// cliMirrors returns the paths of the filesystem_mirror blocks of the CLI
// configuration.
func cliMirrors(env []string) []string {
	path := envValue(env, "TF_CLI_CONFIG_FILE")
	if path == "" {
		home := envValue(env, "HOME")
		if home == "" {
			return nil
		}
		path = filepath.Join(home, ".terraformrc")
	}
	body := hclBody(path)
	if body == nil {
		return nil
	}
	var out []string
	for _, pi := range body.Blocks {
		if pi.Type != "provider_installation" {
			continue
		}
		for _, fm := range pi.Body.Blocks {
			if fm.Type != "filesystem_mirror" {
				continue
			}
			if a, ok := fm.Body.Attributes["path"]; ok {
				if v, d := a.Expr.Value(nil); !d.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type().FriendlyName() == "string" {
					out = append(out, v.AsString())
				}
			}
		}
	}
	return out
}

// lockedVersions reads the provider versions of a dependency lock file.
func lockedVersions(path string) map[string]string {
	out := map[string]string{}
	body := hclBody(path)
	if body == nil {
		return out
	}
	for _, b := range body.Blocks {
		if b.Type != "provider" || len(b.Labels) != 1 {
			continue
		}
		if a, ok := b.Body.Attributes["version"]; ok {
			if v, d := a.Expr.Value(nil); !d.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type().FriendlyName() == "string" {
				out[strings.ToLower(b.Labels[0])] = v.AsString()
			}
		}
	}
	return out
}

// hclBody parses a native syntax HCL file; nil when it cannot be read or
// parsed (a CLI configuration or lock file that is not there is not an
// error for eval: the providers are then not found).
func hclBody(path string) *hclsyntax.Body {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	f, d := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
	if d.HasErrors() {
		return nil
	}
	b, _ := f.Body.(*hclsyntax.Body)
	return b
}
