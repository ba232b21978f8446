package tsx

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// pathAliases are the "paths" of a tsconfig.json: each pattern ("@/*")
// with the paths it stands for, relative to base (baseUrl, or the
// directory of the tsconfig that declares the paths), and the file that
// declares them.
type pathAliases struct {
	file    string
	base    string
	aliases map[string][]string
}

// readPathAliases reads the paths of the tsconfig file, following
// "extends" of files (a package's base config is not followed), as tsc
// reads them: the nearest paths and baseUrl win.
func readPathAliases(file string, depth int) (pathAliases, bool) {
	data, err := os.ReadFile(file)
	if err != nil || depth > 8 {
		return pathAliases{}, false
	}
	var c struct {
		Extends         any `json:"extends"`
		CompilerOptions struct {
			BaseURL *string             `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	if json.Unmarshal(jsoncToJSON(data), &c) != nil {
		return pathAliases{}, false
	}
	var out pathAliases
	baseURL := ""
	if ext, ok := c.Extends.(string); ok && (strings.HasPrefix(ext, ".") || filepath.IsAbs(ext)) {
		p := ext
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(file), p)
		}
		if !strings.HasSuffix(p, ".json") {
			p += ".json"
		}
		out, _ = readPathAliases(p, depth+1)
	}
	if c.CompilerOptions.BaseURL != nil {
		baseURL = filepath.Join(filepath.Dir(file), *c.CompilerOptions.BaseURL)
	}
	if c.CompilerOptions.Paths != nil {
		out.file, out.aliases, out.base = file, c.CompilerOptions.Paths, filepath.Dir(file)
	}
	if baseURL != "" {
		out.base = baseURL
	}
	return out, out.aliases != nil
}

// jsoncToJSON removes the comments and trailing commas that tsconfig.json
// may hold.
func jsoncToJSON(data []byte) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(data)-1)
			out = append(out, data[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i--
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := strings.Index(string(data[i+2:]), "*/")
			if end < 0 {
				return out
			}
			i += end + 3
		case c == '}' || c == ']':
			// A comma before the closing bracket, past white space.
			k := len(out) - 1
			for k >= 0 && (out[k] == ' ' || out[k] == '\t' || out[k] == '\n' || out[k] == '\r') {
				k--
			}
			if k >= 0 && out[k] == ',' {
				out = append(out[:k], out[k+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// aliasHint is the hint for an import that a paths alias of the project's
// tsconfig.json matches and that names no module: what the alias stands
// for, and a module of that directory whose name is close. A bare import
// that no alias matches gets no hint here (it names a package).
func aliasHint(spec string, loc *api.Location, dir string) (string, bool) {
	from := dir
	if loc != nil && loc.File != "" {
		f := loc.File
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		from = filepath.Dir(f)
	}
	cfg := projectTsconfig(from)
	if cfg == "" {
		return "", false
	}
	pa, ok := readPathAliases(cfg, 0)
	if !ok {
		return "", false
	}
	// The longest prefix before the "*" wins, as in tsc.
	best, star, bestLen := "", "", -1
	for pattern := range pa.aliases {
		prefix, suffix, wild := strings.Cut(pattern, "*")
		switch {
		case !wild && pattern == spec && len(pattern) > bestLen:
			best, star, bestLen = pattern, "", len(pattern)
		case wild && strings.HasPrefix(spec, prefix) && strings.HasSuffix(spec[len(prefix):], suffix) && len(prefix) > bestLen:
			best, star, bestLen = pattern, spec[len(prefix):len(spec)-len(suffix)], len(prefix)
		}
	}
	if bestLen < 0 || len(pa.aliases[best]) == 0 {
		return "", false
	}
	target := strings.Replace(pa.aliases[best][0], "*", star, 1)
	abs := filepath.Join(pa.base, filepath.FromSlash(target))
	hint := fmt.Sprintf("%q matches the paths alias %q of %s, so it names %s, where no module is: check the path after the alias (it may leave out .tsx, .ts, .js or .json); it is not a package to install",
		spec, best, displayName(pa.file, dir), displayName(abs, dir))
	if dym := closeModule(spec, filepath.Dir(abs)); dym != "" {
		hint = dym + " (" + hint + ")"
	}
	return hint, true
}
