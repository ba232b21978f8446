package load

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/tffile"
)

// Providers for --read-data that terraform init did not install under
// .terraform/providers are looked for in the filesystem mirrors of the CLI
// configuration (TF_CLI_CONFIG_FILE, else ~/.terraformrc, read from
// Options.Env), in the unpacked layout
// MIRROR/HOST/NAMESPACE/TYPE/VERSION/OS_ARCH/terraform-provider-TYPE*: the
// version .terraform.lock.hcl selects, else the newest that meets the
// modules' version constraints, as init chooses.

// neededSources lists the provider source addresses the modules require
// or their data sources imply, each with the version constraints the
// modules put on it.
func neededSources(m *Module, out map[string][]string) {
	for name := range m.Providers {
		src := providerSource(m, name)
		out[src] = append(out[src], m.ProviderVersions[name])
	}
	for _, r := range m.Resources {
		if r.Mode != "data" || r.Type == "terraform_remote_state" {
			continue
		}
		local := tffile.ImpliedProvider(r.Type)
		src := providerSource(m, local)
		out[src] = append(out[src], m.ProviderVersions[local])
	}
	for _, c := range m.Children {
		if c != nil {
			neededSources(c, out)
		}
	}
	delete(out, "terraform.io/builtin/terraform")
}

// mirrorBinaries returns the binaries of the sources found in the CLI
// configuration's filesystem mirrors, by source, at the version the lock
// file selects, else the newest that meets every constraint, as init
// would choose; and, by source, why none was taken when a mirror holds the
// provider but no version it may use.
func mirrorBinaries(dir string, env []string, sources map[string][]string) (bins, refused map[string]string) {
	mirrors := cliMirrors(env)
	if len(mirrors) == 0 {
		return nil, nil
	}
	locked := lockedVersions(filepath.Join(dir, ".terraform.lock.hcl"))
	bins, refused = map[string]string{}, map[string]string{}
	for src, constraints := range sources {
		var cs version.Constraints
		var texts []string
		for _, c := range constraints {
			if c == "" || slices.Contains(texts, c) {
				continue
			}
			if parsed, err := version.NewConstraint(c); err == nil {
				cs = append(cs, parsed...)
				texts = append(texts, c)
			}
		}
		var seen []string
		for _, m := range mirrors {
			base := filepath.Join(m, filepath.FromSlash(src))
			ver := locked[src]
			if ver == "" {
				ver, seen = newestAllowed(base, cs, seen)
			}
			if ver == "" {
				continue
			}
			found, _ := filepath.Glob(filepath.Join(base, ver, runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-*"))
			if len(found) > 0 {
				sort.Strings(found)
				bins[src] = found[0]
				break
			}
		}
		if _, ok := bins[src]; !ok && len(seen) > 0 {
			refused[src] = fmt.Sprintf("no version of %s in the filesystem mirror meets the constraint %s (it holds %s); run terraform init",
				src, strings.Join(texts, ", "), strings.Join(seen, ", "))
		}
	}
	return bins, refused
}

// newestAllowed returns the newest version directory under base that meets
// cs, and adds every version seen there to seen.
func newestAllowed(base string, cs version.Constraints, seen []string) (string, []string) {
	dirs, _ := filepath.Glob(filepath.Join(base, "*"))
	var best *version.Version
	bestName := ""
	for _, d := range dirs {
		name := filepath.Base(d)
		v, err := version.NewVersion(name)
		if err != nil {
			continue
		}
		seen = append(seen, name)
		if !cs.Check(v) {
			continue
		}
		if best == nil || v.GreaterThan(best) {
			best, bestName = v, name
		}
	}
	return bestName, seen
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
