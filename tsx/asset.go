package tsx

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tfkit/tfkit/internal/asset"
)

// Asset is a file, a directory or a zip archive of either that a
// configuration declared with tf.asset: written into the output under
// assets/<name>/<content hash>/ (see docs/tsx.md, "Assets").
type Asset struct {
	Name string
	// Type is "file", "directory" or "archive".
	Type string
	// Path is where the stack finds the asset, relative to the output
	// directory; Hash is the SHA-256 of its content in hex.
	Path, Hash string
	// Files are the files to write, by slash-separated path relative to
	// the output directory.
	Files map[string][]byte
}

// assetSet builds the assets of one build, each name once: a composite
// rendered twice may declare the same asset twice, which is one asset; the
// same name for another source or type is a mistake.
type assetSet struct {
	base   string
	byName map[string]*assetDecl
	order  []string
}

type assetDecl struct {
	source, kind string
	a            *asset.Asset
}

func newAssetSet(base string) *assetSet {
	return &assetSet{base: base, byName: map[string]*assetDecl{}}
}

// build is Script.Asset.
func (s *assetSet) build(name, source, kind string) (AssetInfo, *AssetError) {
	if d, ok := s.byName[name]; ok {
		if d.source != source || (kind != "" && kind != d.a.Kind.String()) {
			return AssetInfo{}, &AssetError{Summary: "Duplicate asset",
				Detail: fmt.Sprintf("The asset %q is already declared for %s (%s).", name, d.source, d.a.Kind),
				Hint:   "give each asset its own name"}
		}
		return AssetInfo{Type: d.a.Kind.String(), Path: d.a.Path, Hash: d.a.Hash}, nil
	}
	k, ok := asset.ParseKind(kind)
	if kind == "" {
		k, ok = asset.File, true
		full := source
		if !filepath.IsAbs(full) {
			full = filepath.Join(s.base, source)
		}
		if fi, err := os.Stat(full); err == nil && fi.IsDir() {
			k = asset.Directory
		}
	}
	if !ok {
		return AssetInfo{}, &AssetError{Summary: "Invalid asset type", Detail: fmt.Sprintf("%q is not an asset type.", kind),
			Hint: `give type: "file", "directory" or "archive"`}
	}
	a, err := asset.Build(name, source, s.base, k)
	if err != nil {
		e, ok := err.(*asset.Error)
		if !ok {
			return AssetInfo{}, &AssetError{Summary: "Asset not readable", Detail: err.Error()}
		}
		return AssetInfo{}, &AssetError{Summary: e.Summary, Detail: e.Detail, Hint: e.Suggestion}
	}
	s.byName[name] = &assetDecl{source: source, kind: kind, a: a}
	s.order = append(s.order, name)
	return AssetInfo{Type: k.String(), Path: a.Path, Hash: a.Hash}, nil
}

// list returns the assets in declaration order.
func (s *assetSet) list() []Asset {
	out := make([]Asset, 0, len(s.order))
	for _, n := range s.order {
		a := s.byName[n].a
		out = append(out, Asset{Name: a.Name, Type: a.Kind.String(), Path: a.Path, Hash: a.Hash, Files: a.Files})
	}
	return out
}

// assetFiles merges the files of assets.
func assetFiles(assets []Asset) map[string][]byte {
	if len(assets) == 0 {
		return nil
	}
	out := map[string][]byte{}
	for _, a := range assets {
		for p, data := range a.Files {
			out[p] = data
		}
	}
	return out
}
