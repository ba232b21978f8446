// Package schemacache keeps provider schema documents (`terraform providers
// schema -json`, often megabytes of JSON) in a compact binary form under the
// user's cache directory, keyed by the SHA-256 of the document, so that
// commands reading the same schema file again decode a few hundred
// kilobytes instead of checking and decoding the JSON.
//
// What Read returns is always what schema.ReadProviders returns for the
// document: only a document that reads without error is cached, a cached
// copy is used only when its checksum, format and the tfkit executable that
// wrote it match, and anything else (a missing, truncated, corrupt or
// stale copy, a cache directory that cannot be written) falls back to
// schema.ReadProviders and, after a good read, rewrites the copy
// atomically (a temporary file renamed into place). The cache is never
// needed: removing its directory only costs the next read the JSON.
package schemacache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"

	"github.com/tfkit/tfkit/schema"
)

// EnvDir names the environment variable that sets the cache directory;
// "off" turns the cache off.
const EnvDir = "TFKIT_SCHEMA_CACHE"

// Dir returns the directory of cached schemas: $TFKIT_SCHEMA_CACHE when
// set, else tfkit/schemas under the user's cache directory
// (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux,
// ~/Library/Caches on macOS, %LocalAppData% on Windows). It returns ""
// when the cache is off or there is no cache directory.
func Dir(getenv func(string) string) string {
	switch d := getenv(EnvDir); d {
	case "off":
		return ""
	case "":
	default:
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "tfkit", "schemas")
}

// Read returns the providers of the schema document src, as
// schema.ReadProviders(bytes.NewReader(src)) does (errors included), from
// dir's cached copy when there is a good one. With dir "" it only reads.
func Read(src []byte, dir string) ([]*schema.Provider, error) {
	if dir == "" {
		return schema.ReadProviders(bytes.NewReader(src))
	}
	sum := sha256.Sum256(src)
	path := filepath.Join(dir, hex.EncodeToString(sum[:])+".bin")
	stamp := writer()
	if data, err := os.ReadFile(path); err == nil && stamp != "" {
		if ps, err := decode(data, stamp); err == nil {
			return ps, nil
		}
	}
	ps, err := schema.ReadProviders(bytes.NewReader(src))
	if err != nil || stamp == "" {
		return ps, err
	}
	if data := encode(ps, stamp); data != nil {
		store(dir, path, data)
	}
	return ps, nil
}

// store writes data to path through a temporary file in the same
// directory, renamed into place, so that a reader sees the old copy, the
// new one, or none; failures leave the cache as it was.
func store(dir, path string, data []byte) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(tmp, path) != nil {
		os.Remove(tmp)
	}
}

// writer identifies the tfkit executable reading the schema: its size and
// modification time. A copy written by another build is not used, since
// the model or its reader may have changed between builds. "" means the
// executable cannot be told, and the cache is not used.
func writer() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return strconv.FormatInt(fi.Size(), 10) + "-" + strconv.FormatInt(fi.ModTime().UnixNano(), 10)
}
