package runner

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tfkit/tfkit/tffile"
)

// initDigest is a digest of what `init` depends on: the engine (engine
// names its flavour and binary: Terraform and OpenTofu install providers
// from different registries, and another binary may be another version
// with other needs) and, in the configuration files, terraform, provider
// and module blocks as written and the types of resources and data sources
// (each implies a provider). A change to anything else (an attribute of a
// resource) does not need a new init, so a deploy after such a change
// skips it. JSON files and files that do not parse are taken whole: init
// then simply runs more often. OpenTofu's .tofu and .tofu.json files count
// as .tf and .tf.json files do, and the dependency lock file
// .terraform.lock.hcl of the stack is taken whole: the providers' versions
// and checksums it records are what init installs, and a plan refuses
// providers that do not match it.
func initDigest(dir string, files []string, engine string) (string, error) {
	files = append([]string(nil), files...)
	sort.Strings(files)
	h := sha256.New()
	fmt.Fprintf(h, "engine %q\n", engine)
	for _, f := range files {
		native := strings.HasSuffix(f, ".tf") || strings.HasSuffix(f, ".tofu")
		if !native && !strings.HasSuffix(f, ".tf.json") && !strings.HasSuffix(f, ".tofu.json") && f != ".terraform.lock.hcl" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "file %q\n", f)
		if !native {
			h.Write(src)
			continue
		}
		m, diags := tffile.Read([]tffile.Source{{Name: f, Src: src}}, tffile.Options{})
		syntax := m.Files[0].Syntax
		if diags.HasErrors() || syntax == nil {
			h.Write(src)
			continue
		}
		var types []string
		for _, b := range syntax.Blocks {
			switch b.Type {
			case "terraform", "provider", "module":
				r := b.Range()
				fmt.Fprintf(h, "%s\n", src[r.Start.Byte:r.End.Byte])
			case "resource", "data", "ephemeral", "list", "action":
				if len(b.Labels) > 0 {
					types = append(types, b.Type+" "+b.Labels[0])
				}
			}
		}
		sort.Strings(types)
		for i, t := range types {
			if i == 0 || types[i-1] != t {
				fmt.Fprintf(h, "%s\n", t)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
