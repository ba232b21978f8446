package tfkit

import (
	"fmt"
	"path"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/asset"
)

// AssetType is what an asset copies into the stack.
type AssetType int

const (
	// AssetFile copies one file.
	AssetFile AssetType = iota
	// AssetDirectory copies a directory's files.
	AssetDirectory
	// AssetArchive writes a zip archive of a file or of a directory's
	// files.
	AssetArchive
)

// Asset is a file, a directory or a zip archive that travels with a stack:
// Synth writes it into the stack's directory under
// assets/<name>/<content hash>/, so a Lambda bundle, a template or a
// module directory is found beside the configuration that names it,
// wherever the stack is run from.
type Asset struct {
	stack *Stack
	site  hcl.Range
	a     *asset.Asset
	name  string
}

// NewAsset reads source, a file or directory relative to the project
// directory (see WithProjectDir) unless absolute, as an asset of stack
// named name. The content is read now, so its hash is known while the
// stack is built; Synth writes it.
//
// Identical content gives an identical hash, path and archive: directory
// entries are sorted, archives hold regular files with a fixed time
// (1980-01-01 UTC) and mode 0644, and .git and .terraform directories are
// left out. A missing source, a directory given as AssetFile or a file as
// AssetDirectory, an empty directory, an invalid name and a name the
// stack already gave an asset are errors at the caller's line.
func NewAsset(stack *Stack, name, source string, typ AssetType) *Asset {
	requireStack(stack)
	site := callerSite()
	x := &Asset{stack: stack, site: site, name: name}
	for _, other := range stack.assets {
		if other.name == name {
			stack.diags = append(stack.diags, duplicateAsset(name, site, other.site))
			return x
		}
	}
	stack.assets = append(stack.assets, x)
	a, err := asset.Build(name, source, stack.app.projectDir, asset.Kind(typ))
	if err != nil {
		e, ok := err.(*asset.Error)
		if !ok {
			e = &asset.Error{Summary: "Asset not readable", Detail: err.Error()}
		}
		stack.errorf(site, e.Summary, e.Detail, e.Suggestion)
		return x
	}
	x.a = a
	return x
}

// Name returns the asset's name.
func (x *Asset) Name() string { return x.name }

// Path returns where the stack finds the asset, relative to the stack's
// directory, which is the working directory of terraform run in it (and
// of tfkit deploy): assets/<name>/<hash>/<file name> for a file,
// assets/<name>/<hash> for a directory, assets/<name>/<hash>/archive.zip
// for an archive. It is "" when the asset could not be read (Synth then
// reports why).
func (x *Asset) Path() string {
	if x.a == nil {
		return ""
	}
	return x.a.Path
}

// ModulePath returns Path prefixed with ${path.module}/, for arguments
// that must not depend on the working directory.
func (x *Asset) ModulePath() string {
	if x.a == nil {
		return ""
	}
	return "${path.module}/" + x.a.Path
}

// Hash returns the SHA-256 of the asset's content in hex: of the file, of
// the archive (equal to Terraform's filesha256 of Path), or of the
// directory's sorted paths and contents.
func (x *Asset) Hash() string {
	if x.a == nil {
		return ""
	}
	return x.a.Hash
}

func duplicateAsset(name string, site, first hcl.Range) *diag.Diagnostic {
	return &diag.Diagnostic{
		Severity: diag.Error, Summary: "Duplicate asset",
		Detail:  fmt.Sprintf("An asset named %q is already declared in this stack.", name),
		Subject: &site,
		Related: []diag.Related{{Message: "first declared here", Range: first}},
	}
}

// assetFiles are the files of the stack's assets, relative to its
// directory.
func (s *Stack) assetFiles() map[string][]byte {
	if len(s.assets) == 0 {
		return nil
	}
	out := map[string][]byte{}
	for _, x := range s.assets {
		if x.a == nil {
			continue
		}
		for p, data := range x.a.Files {
			out[path.Clean(p)] = data
		}
	}
	return out
}
