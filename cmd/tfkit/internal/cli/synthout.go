package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hcldepth"
	"github.com/tfkit/tfkit/manifest"
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
			switch {
			case ok:
			case base == hclFile:
				c = hclContent(src, f.Path)
			default:
				c = stackContent{resources: countJSONResources(src), types: resourceTypes(src, f.Path)}
			}
			s.resources, s.types = c.resources, c.types
		}
		stacks = append(stacks, s)
	}
	return m, stacks, nil
}

var errNoManifest = errors.New("no " + manifestFile)

// hclContent counts the resource blocks of an HCL file and lists the types
// of its resource, data and ephemeral blocks, parsing it once.
func hclContent(src []byte, name string) stackContent {
	if hcldepth.Config(src, name, hcl.InitialPos).HasErrors() {
		return stackContent{resources: -1, types: resourceTypes(src, name)}
	}
	f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		return stackContent{resources: -1}
	}
	return stackContent{resources: countResources(f), types: typesOf(f)}
}

func countResources(f *hcl.File) int {
	n := 0
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if b.Type == "resource" {
			n++
		}
	}
	return n
}

// countJSONResources counts resources in Terraform's JSON syntax, where
// "resource" maps types to names to bodies, and either level may also be
// an array of such objects.
func countJSONResources(src []byte) int {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(src, &top); err != nil {
		return -1
	}
	raw, ok := top["resource"]
	if !ok {
		return 0
	}
	n := 0
	for _, byType := range objects(raw) {
		for _, names := range byType {
			for _, byName := range objects(names) {
				n += len(byName)
			}
		}
	}
	return n
}

// objects reads a JSON object, or an array of objects, as a list of objects.
func objects(raw json.RawMessage) []map[string]json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '[' {
		var list []map[string]json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			return nil
		}
		return list
	}
	var one map[string]json.RawMessage
	if json.Unmarshal(raw, &one) != nil {
		return nil
	}
	return []map[string]json.RawMessage{one}
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

// resourceTypes returns the types of the resource, data and ephemeral
// blocks of a configuration file (HCL or Terraform JSON).
func resourceTypes(src []byte, name string) []string {
	var types []string
	if strings.HasSuffix(name, ".json") {
		var top map[string]json.RawMessage
		if json.Unmarshal(src, &top) != nil {
			return nil
		}
		for _, kind := range []string{"resource", "data", "ephemeral"} {
			for _, byType := range objects(top[kind]) {
				for typ := range byType {
					types = append(types, typ)
				}
			}
		}
		return types
	}
	f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		return nil
	}
	return typesOf(f)
}

func typesOf(f *hcl.File) []string {
	var types []string
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if (b.Type == "resource" || b.Type == "data" || b.Type == "ephemeral") && len(b.Labels) > 0 {
			types = append(types, b.Labels[0])
		}
	}
	return types
}
