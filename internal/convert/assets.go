package convert

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
)

// Files outside the converted directory.
//
// The program runs in the converted directory, and its synth copies the
// files the configuration reads by a static path into the stack at the
// same path. A file outside that directory
// (templatefile("${path.module}/../../templates/x.tpl", ...)) cannot keep
// its path in the stack, so the stack could not read it. When the path is
// constant, `${path.module}/` or `${path.root}/` followed by literal text
// anywhere, or literal relative text as the path argument of one of
// Terraform's file functions, and it names a file, the program declares
// the file as an asset (tfkit.NewAsset, tf.asset) and reads the asset's
// path in its place: ModulePath for a path that began with path.module or
// path.root, Path (relative to the stack's directory, where the engine
// runs) for a relative one. Other paths stay as written.

// fileFunctions are Terraform's functions whose first argument is a path
// relative to the directory the engine runs in.
var fileFunctions = map[string]bool{
	"file": true, "fileexists": true, "templatefile": true, "filebase64": true,
	"filemd5": true, "filesha1": true, "filesha256": true, "filesha512": true,
	"filebase64sha256": true, "filebase64sha512": true, "fileset": true,
}

// fileAsset is a file outside the converted directory that the program
// declares as an asset.
type fileAsset struct {
	name   string // the asset's name
	source string // slash-separated, relative to the converted directory
	ident  string // the variable that holds it, once written
}

// assetRead is a constant path the program reads through an asset.
type assetRead struct {
	asset *fileAsset
	// module: the path began with path.module or path.root, and the
	// asset's path is read with it (ModulePath, modulePath).
	module bool
}

// fileAssets finds the assets of one conversion.
type fileAssets struct {
	dir   string // the converted directory; "" reads nothing
	bySrc map[string]*fileAsset
	names map[string]bool
	list  []*fileAsset // in the order first read
}

func newFileAssets(dir string) *fileAssets {
	return &fileAssets{dir: dir, bySrc: map[string]*fileAsset{}, names: map[string]bool{}}
}

// filesDir is the directory of the files to convert (Dir names them by
// their paths; a file given alone is in its own directory).
func filesDir(files []File) string {
	if len(files) == 0 {
		return ""
	}
	return filepath.Dir(files[0].Name)
}

// pathRead is the asset a string expression reads: a template of
// path.module or path.root, a "/" and literal text, naming a file outside
// the converted directory.
func (fa *fileAssets) pathRead(x config.Expr) (assetRead, bool) {
	t, ok := x.(*config.Template)
	if !ok || len(t.Parts) < 2 || fa == nil {
		return assetRead{}, false
	}
	r, ok := t.Parts[0].(*config.Reference)
	if !ok || !isPathRoot(r.Traversal) {
		return assetRead{}, false
	}
	var b strings.Builder
	for _, p := range t.Parts[1:] {
		s, ok := literalString(p)
		if !ok {
			return assetRead{}, false // the engine completes the path
		}
		b.WriteString(s)
	}
	rel, ok := strings.CutPrefix(b.String(), "/")
	if !ok {
		return assetRead{}, false
	}
	a := fa.outside(strings.TrimLeft(rel, "/"))
	return assetRead{asset: a, module: true}, a != nil
}

// argRead is the asset the path argument of a file function reads: a
// template as pathRead takes, or literal relative text.
func (fa *fileAssets) argRead(call *config.Call, i int) (assetRead, bool) {
	if i != 0 || fa == nil || !fileFunctions[strings.TrimPrefix(call.Name, "core::")] {
		return assetRead{}, false
	}
	x := call.Args[0]
	if r, ok := fa.pathRead(x); ok {
		return r, true
	}
	s, ok := literalString(x)
	if !ok || s == "" || path.IsAbs(s) || filepath.IsAbs(s) || filepath.VolumeName(s) != "" {
		return assetRead{}, false
	}
	a := fa.outside(s)
	return assetRead{asset: a}, a != nil
}

// isPathRoot tells path.module and path.root.
func isPathRoot(t hcl.Traversal) bool {
	if len(t) != 2 || t.RootName() != "path" {
		return false
	}
	a, ok := t[1].(hcl.TraverseAttr)
	return ok && (a.Name == "module" || a.Name == "root")
}

// outside returns the asset for rel, relative to the converted directory,
// when it lies outside the directory and names a file; nil otherwise.
func (fa *fileAssets) outside(rel string) *fileAsset {
	if fa.dir == "" || strings.Contains(rel, "${") || strings.ContainsRune(rel, 0) {
		return nil
	}
	rel = path.Clean(strings.ReplaceAll(rel, "\\", "/"))
	if rel != ".." && !strings.HasPrefix(rel, "../") {
		return nil
	}
	if a := fa.bySrc[rel]; a != nil {
		return a
	}
	st, err := os.Stat(filepath.Join(fa.dir, filepath.FromSlash(rel)))
	if err != nil || !st.Mode().IsRegular() {
		return nil // a file written at apply, or a directory: as written
	}
	a := &fileAsset{name: fa.uniqueName(path.Base(rel)), source: rel}
	fa.bySrc[rel] = a
	fa.list = append(fa.list, a)
	return a
}

// uniqueName makes an asset name (letters, digits, '-', '_' and '.',
// starting with a letter or digit) of a file name, not given before.
func (fa *fileAssets) uniqueName(base string) string {
	name := safeName(base)
	if name == "" {
		name = "file"
	}
	out := name
	for n := 2; fa.names[out]; n++ {
		out = name + "-" + strconv.Itoa(n)
	}
	fa.names[out] = true
	return out
}
