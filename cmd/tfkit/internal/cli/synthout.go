package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/tffile"
)

// What an app writes into TFKIT_OUTDIR is the contract with the Go API's
// App.Synth:
//
//	manifest.json                   manifest.Manifest: format, stacks, files, sums
//	stacks/<stack>/main.tf          one per stack (TFKIT_FORMAT=hcl)
//	stacks/<stack>/main.tf.json     one per stack (TFKIT_FORMAT=json)
const (
	manifestFile = manifest.Name
	hclFile      = "main.tf"
	jsonFile     = "main.tf.json"
)

// synthStack is one synthesized stack, for the summary.
type synthStack struct {
	name string
	// file is the stack's configuration file, relative to the output dir
	// (slash-separated); "" when the manifest lists none.
	file  string
	bytes int
	// resources is the number of resource blocks, or -1 when the file
	// could not be read as Terraform configuration.
	resources int
	// types are the types of the file's resource, data and ephemeral
	// blocks, for the note that provider schemas would check them.
	types []string
}

// stackContent is what the summary reports of a stack's configuration:
// its resource count (-1 when the file is not Terraform configuration) and
// the types of its resource, data and ephemeral blocks.
type stackContent struct {
	resources int
	types     []string
}

// modelContent reads a stack's content from the configuration it was
// rendered from, which synth writes with every top-level block it holds
// (the terraform block it may add is none of these).
func modelContent(cfg *config.Config) stackContent {
	c := stackContent{}
	for _, b := range cfg.Blocks {
		switch b.Type {
		case "resource":
			c.resources++
		case "data", "ephemeral":
		default:
			continue
		}
		if len(b.Labels) > 0 {
			c.types = append(c.types, b.Labels[0])
		}
	}
	return c
}

// readSynthOutput reads the manifest the app wrote into dir, checks that
// every file it lists is there with the content it names, and returns the
// stacks in the manifest's (declaration) order. known gives the content of
// stacks whose configuration is in memory (a TSX build), so that their
// files are not parsed again; it may be nil.
func readSynthOutput(dir string, known map[string]stackContent) (*manifest.Manifest, []synthStack, error) {
	data, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, errNoManifest
	}
	if err != nil {
		return nil, nil, err
	}
	m, err := manifest.Parse(data)
	if err != nil {
		return nil, nil, fmt.Errorf("the app wrote a %s this tfkit cannot read (%v); are the app's tfkit module and this binary the same version?", manifestFile, err)
	}
	var stacks []synthStack
	for _, ms := range m.Stacks {
		s := synthStack{name: ms.Name, resources: -1}
		for _, f := range ms.Files {
			clean := path.Clean(f.Path)
			if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") || clean != f.Path {
				return nil, nil, fmt.Errorf("%s lists the file %q, which is not a clean path inside the output directory", manifestFile, f.Path)
			}
			src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
			if errors.Is(err, fs.ErrNotExist) {
				return nil, nil, fmt.Errorf("%s lists %s, which the app did not write", manifestFile, f.Path)
			}
			if err != nil {
				return nil, nil, err
			}
			if sum := sha256.Sum256(src); hex.EncodeToString(sum[:]) != f.SHA256 {
				return nil, nil, fmt.Errorf("%s does not match the SHA-256 that %s gives for it", f.Path, manifestFile)
			}
			if path.Dir(f.Path) != path.Clean(ms.Directory) {
				continue // a copied local module's file, not the stack's configuration
			}
			base := path.Base(f.Path)
			if base != hclFile && base != jsonFile {
				continue
			}
			s.file, s.bytes = f.Path, len(src)
			c, ok := known[ms.Name]
			if !ok {
				c = fileContent(src, f.Path)
			}
			s.resources, s.types = c.resources, c.types
		}
		stacks = append(stacks, s)
	}
	return m, stacks, nil
}

var errNoManifest = errors.New("no " + manifestFile)

// fileContent reads the top-level blocks of a stack's configuration file
// (HCL or Terraform JSON, by its name) and reports its
// content as modelContent does; a file that does not read as Terraform
// configuration counts -1 resources.
func fileContent(src []byte, name string) stackContent {
	cfg, diags := tffile.ReadHeaders(tffile.Source{Name: name, Src: src})
	if cfg == nil || diags.HasErrors() {
		return stackContent{resources: -1}
	}
	return modelContent(cfg)
}

// anyProviderResources reports whether a synthesized stack declares a
// resource, data source or ephemeral resource of a provider (any type but
// Terraform's built-in terraform_*), which provider schemas would check.
func anyProviderResources(stacks []synthStack) bool {
	for _, s := range stacks {
		for _, typ := range s.types {
			if !strings.HasPrefix(typ, "terraform_") {
				return true
			}
		}
	}
	return false
}
