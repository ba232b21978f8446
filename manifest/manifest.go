// Package manifest is the description of a synthesized output directory,
// manifest.json: which stacks it holds, their files with SHA-256 sums, and
// the order to deploy them in. The Go API and the TSX front end write it;
// the CLI reads it to report, check and run stacks.
//
// This package must never import another tfkit package.
//
// It is public for programs and tools that read what tfkit synthesized (which
// stacks, which files, in which order) without running tfkit.
package manifest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Name is the manifest's file name in the output directory.
const Name = "manifest.json"

// Version is the version of the manifest format this package writes and
// reads.
const Version = 1

// Manifest describes a synthesized output directory; the tfkit CLI reads it
// to find the stacks, check that files are current and order deployments.
//
//	{
//	  "version": 1,
//	  "format": "hcl",
//	  "stacks": [
//	    {
//	      "name": "network",
//	      "directory": "stacks/network",
//	      "files": [{"path": "stacks/network/main.tf", "sha256": "..."}],
//	      "dependencies": []
//	    }
//	  ]
//	}
//
// Stacks are listed in declaration order. Paths are slash-separated and
// relative to the output directory (not to the stack directory).
type Manifest struct {
	Version int `json:"version"`
	// Format is "hcl" (main.tf) or "json" (main.tf.json).
	Format string  `json:"format"`
	Stacks []Stack `json:"stacks"`
}

// Stack is one stack of a manifest.
type Stack struct {
	Name string `json:"name"`
	// Directory is the stack's directory, stacks/<name>.
	Directory string `json:"directory"`
	Files     []File `json:"files"`
	// Dependencies names the stacks to deploy before this one.
	Dependencies []string `json:"dependencies"`
}

// File is one written file with the hex SHA-256 of its content.
type File struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Marshal returns the manifest as indented JSON with a final newline.
func (m *Manifest) Marshal() ([]byte, error) {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode manifest: %w", err)
	}
	return append(data, '\n'), nil
}

// Read reads dir/manifest.json strictly: unknown fields and other
// versions are errors.
func Read(dir string) (*Manifest, error) {
	data, err := os.ReadFile(filepath.Join(dir, Name))
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse decodes a manifest strictly: unknown fields and other versions
// are errors.
func Parse(data []byte) (*Manifest, error) {
	var probe struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("decode manifest: %w", err)
	}
	if probe.Version != Version {
		return nil, fmt.Errorf("manifest version %d is not supported (want %d)", probe.Version, Version)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("decode manifest: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("decode manifest: data after the manifest")
	}
	return &m, nil
}
