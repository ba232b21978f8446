package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

// keyedParts are the members of a schemas document whose keys are names
// (provider sources, type names, attribute and block names), written as
// ["name"] in paths; other members are fields, written as .field.
var keyedParts = map[string]bool{
	"provider_schemas": true, "resource_schemas": true, "data_source_schemas": true,
	"ephemeral_resource_schemas": true, "attributes": true, "block_types": true, "functions": true,
}

// typeParts are the members whose value is a type constraint in cty's JSON
// form ("string", ["list", "string"], ...).
var typeParts = map[string]bool{"type": true, "return_type": true}

// locateType finds the first type in src that does not decode, which
// decoding the whole document reports without saying where: a
// *SyntaxError with its line and column whose message names its path
// in the document and the forms a type takes. It returns err unchanged
// when no type fails.
func locateType(src []byte, err error) error {
	dec := json.NewDecoder(bytes.NewReader(src))
	var parts []string // the path to the current value
	var walk func() (bool, error)
	walk = func() (bool, error) {
		tok, terr := dec.Token()
		if terr != nil {
			return false, terr
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, kerr := dec.Token()
				if kerr != nil {
					return false, kerr
				}
				key, _ := k.(string)
				part := "." + key
				if n := len(parts); n > 0 && keyedParts[strings.TrimPrefix(parts[n-1], ".")] {
					part = fmt.Sprintf("[%q]", key)
				}
				parts = append(parts, part)
				if typeParts[key] && !strings.HasPrefix(part, "[") {
					offset := dec.InputOffset()
					var raw json.RawMessage
					if derr := dec.Decode(&raw); derr != nil {
						return false, derr
					}
					var t cty.Type
					if uerr := t.UnmarshalJSON(raw); uerr != nil {
						// InputOffset is after the key; the value starts
						// after the colon and any space.
						at := int(offset) + bytes.IndexFunc(src[offset:], func(r rune) bool { return r != ':' && r != ' ' && r != '\t' && r != '\r' && r != '\n' })
						line, col := lineCol(src, at)
						where := strings.TrimPrefix(strings.Join(parts, ""), ".")
						var text bytes.Buffer
						if json.Compact(&text, raw) != nil {
							text.Write(raw)
						}
						return true, &SyntaxError{Line: line, Column: col, Err: fmt.Errorf("%s: %s is not a type (%v); a type is \"string\", \"number\", \"bool\", \"dynamic\", [\"list\", T], [\"set\", T], [\"map\", T], [\"object\", {\"name\": T}] or [\"tuple\", [T, ...]]", where, text.String(), uerr)}
					}
				} else if found, werr := walk(); found || werr != nil {
					return found, werr
				}
				parts = parts[:len(parts)-1]
			}
			_, terr = dec.Token() // }
			return false, terr
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				parts = append(parts, fmt.Sprintf("[%d]", i))
				if found, werr := walk(); found || werr != nil {
					return found, werr
				}
				parts = parts[:len(parts)-1]
			}
			_, terr = dec.Token() // ]
			return false, terr
		}
		return false, nil
	}
	if found, werr := walk(); found {
		return werr
	}
	return err
}

// lineCol is the 1-based line and column of byte offset in src.
func lineCol(src []byte, offset int) (line, col int) {
	line, col = 1, 1
	for _, b := range src[:min(offset, len(src))] {
		if b == '\n' {
			line, col = line+1, 1
			continue
		}
		col++
	}
	return line, col
}
