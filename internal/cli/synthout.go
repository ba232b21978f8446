package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// What an app writes into TFKIT_OUTDIR (the contract with the Go API's
// app.Synth):
//
//	manifest.json                   a JSON object describing the synthesis
//	stacks/<stack>/main.tf          one per stack (TFKIT_FORMAT=hcl)
//	stacks/<stack>/main.tf.json     one per stack (TFKIT_FORMAT=json)
const (
	manifestFile = "manifest.json"
	stacksDir    = "stacks"
	hclFile      = "main.tf"
	jsonFile     = "main.tf.json"
)

// synthStack is one synthesized stack, for the summary.
type synthStack struct {
	name string
	// file is the stack's configuration file, relative to the output dir
	// (slash-separated); "" when the stack directory has none.
	file  string
	bytes int
	// resources is the number of resource blocks, or -1 when the file
	// could not be read as Terraform configuration.
	resources int
}

// readSynthOutput checks what the app wrote into dir and lists its stacks in
// name order.
func readSynthOutput(dir string) ([]synthStack, error) {
	manifest, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoManifest
	}
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(manifest, &m); err != nil {
		return nil, fmt.Errorf("the app wrote a %s that is not a JSON object: %w", manifestFile, err)
	}

	entries, err := os.ReadDir(filepath.Join(dir, stacksDir))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var stacks []synthStack
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		s := synthStack{name: e.Name(), resources: -1}
		for _, name := range []string{hclFile, jsonFile} {
			rel := stacksDir + "/" + e.Name() + "/" + name
			src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, err
			}
			s.file, s.bytes = rel, len(src)
			if name == hclFile {
				s.resources = countHCLResources(src, rel)
			} else {
				s.resources = countJSONResources(src)
			}
			break
		}
		stacks = append(stacks, s)
	}
	sort.Slice(stacks, func(i, j int) bool { return stacks[i].name < stacks[j].name })
	return stacks, nil
}

var errNoManifest = errors.New("no " + manifestFile)

func countHCLResources(src []byte, name string) int {
	f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		return -1
	}
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
