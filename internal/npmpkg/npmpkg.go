// Package npmpkg knows where the files of tfkit's npm package "tfkit" come
// from. npm/package.json names them in "files": the launcher and the README
// live in npm/, but the TypeScript type definitions (*.d.ts) have one
// source, tsx/runtime, which the binary embeds as well (tfkit checks TSX
// against them and writes them for editors). npm/ holds no copy of them;
// the package is put together where it is needed: by npm/pack for a
// release or an install from a checkout, and by the tests that run the
// TypeScript compiler or node against the package as users install it.
package npmpkg

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Source returns the path in the repository at repo of the package file
// name (a slash-separated path as "files" in npm/package.json gives it).
// The testing entry (testing/) is the package's own, with its types,
// and lives in npm/ whole.
func Source(repo, name string) string {
	if strings.HasSuffix(name, ".d.ts") && !strings.HasPrefix(name, "testing/") {
		return filepath.Join(repo, "tsx", "runtime", filepath.FromSlash(name))
	}
	return filepath.Join(repo, "npm", filepath.FromSlash(name))
}

// Files returns npm/package.json of the repository at repo and the files
// it names.
func Files(repo string) (packageJSON []byte, files []string, err error) {
	packageJSON, err = os.ReadFile(filepath.Join(repo, "npm", "package.json"))
	if err != nil {
		return nil, nil, err
	}
	var pkg struct {
		Files []string `json:"files"`
	}
	if err := json.Unmarshal(packageJSON, &pkg); err != nil {
		return nil, nil, fmt.Errorf("npm/package.json: %w", err)
	}
	if len(pkg.Files) == 0 {
		return nil, nil, fmt.Errorf("npm/package.json names no files")
	}
	return packageJSON, pkg.Files, nil
}

// Stage writes the package as npm/package.json describes it into dir (made
// if needed): package.json as it is and every file it names, from Source.
func Stage(repo, dir string) error {
	packageJSON, files, err := Files(repo)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), packageJSON, 0o644); err != nil {
		return err
	}
	for _, name := range files {
		if err := Copy(Source(repo, name), filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	return nil
}

// Copy copies the file src to dst, making dst's directory and keeping the
// executable bits (the launcher is run directly).
func Copy(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	fi, err := os.Stat(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, fi.Mode().Perm())
}
