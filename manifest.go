package tfkit

import "github.com/tfkit/tfkit/manifest"

// The manifest types live in package manifest, shared with the TSX front end
// and the CLI; these names keep them at hand for Go API users.

// ManifestName is the manifest's file name in the output directory.
const ManifestName = manifest.Name

// ManifestVersion is the version of the manifest format written and read.
const ManifestVersion = manifest.Version

type (
	// Manifest describes a synthesized output directory; see package
	// manifest.
	Manifest = manifest.Manifest
	// ManifestStack is one stack of a manifest.
	ManifestStack = manifest.Stack
	// ManifestFile is one written file with its SHA-256.
	ManifestFile = manifest.File
)

// ReadManifest reads dir/manifest.json strictly.
func ReadManifest(dir string) (*Manifest, error) { return manifest.Read(dir) }

// ParseManifest decodes a manifest strictly.
func ParseManifest(data []byte) (*Manifest, error) { return manifest.Parse(data) }
