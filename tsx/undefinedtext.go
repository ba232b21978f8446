// Strings that hold "undefined": JavaScript writes a missing value into
// text as the word itself, so a misspelt prop (`web-${props.nmae}`) or an
// environment variable that is not set becomes a resource named
// "web-undefined", which Terraform accepts. The word is warned about where
// it stands against a name character, as such text is built; prose that
// uses the word ("left undefined") is not.

package tsx

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// unsetEnvLister is implemented by the values of an engine that watches
// process.env: the variables the script read and found unset.
type unsetEnvLister interface {
	unsetEnv() []unsetEnvVar
}

// unsetEnvVar is an environment variable read and not set, with where it
// was first read when known.
type unsetEnvVar struct {
	name string
	site hcl.Range
	ok   bool
}

func (g *gojaValue) unsetEnv() []unsetEnvVar {
	out := make([]unsetEnvVar, 0, len(g.env.unset))
	for _, u := range g.env.unset {
		v := unsetEnvVar{name: u.name}
		if u.frame >= 0 {
			g.env.mapLater.apply()
			if p := g.env.frames[u.frame].Position(); p.Filename != "" {
				name := fileName(p.Filename)
				if isRuntimeFile(name) {
					continue // the runtime's own reads
				}
				v.site, v.ok = rangeAt(name, p.Line, p.Column+1), true
			}
		}
		out = append(out, v)
	}
	return out
}

// holdsUndefined reports whether s holds the word undefined as JavaScript
// puts it into built text: the whole string, or next to a letter, digit or
// one of _ - / : (or a dot between such text).
func holdsUndefined(s string) bool {
	const word = "undefined"
	for i := 0; ; {
		j := strings.Index(s[i:], word)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(word)
		if start == 0 && end == len(s) ||
			start > 0 && nameByte(s[start-1]) || end < len(s) && nameByte(s[end]) ||
			start > 1 && s[start-1] == '.' && nameByte(s[start-2]) ||
			end+1 < len(s) && s[end] == '.' && nameByte(s[end+1]) {
			return true
		}
		i = end
	}
}

func nameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' ||
		b == '_' || b == '-' || b == '/' || b == ':'
}

// undefinedText warns when s, text going into the output at at, holds
// undefined (see holdsUndefined): once per place in the source and path
// inside the element n (a loop makes many elements at one place); part
// tells a label or an object key from the value at the same path.
func (c *converter) undefinedText(n *node, s string, at hcl.Range, path, part string) {
	if strings.Contains(s, "undefined") && holdsUndefined(s) {
		c.warnUndefined(n, s, at, path, part)
	}
}

func (c *converter) warnUndefined(n *node, s string, at hcl.Range, path, part string) {
	if at.Filename != "" {
		inside := path
		if n != nil {
			inside = strings.TrimPrefix(path, n.addr)
		}
		key := undefinedSite{at.Start, inside, part}
		if c.undefinedWarned[key] {
			return
		}
		if c.undefinedWarned == nil {
			c.undefinedWarned = map[undefinedSite]bool{}
		}
		c.undefinedWarned[key] = true
	}
	shown := s
	if strings.Contains(s, "\n") { // innerText: the line that holds it
		for _, l := range strings.Split(s, "\n") {
			if holdsUndefined(l) {
				shown = strings.TrimSpace(l)
				break
			}
		}
	}
	detail := fmt.Sprintf("%q holds undefined: JavaScript writes undefined for a value that is not there in a template literal or a string concatenation, such as a prop that is misspelt or not given, or an environment variable that is not set.", cleanPlaceholders(shown))
	hint := `check the names the text is built from, and give optional values a default (props.size ?? "small")`
	if unset := c.unsetEnv(); len(unset) > 0 {
		names := make([]string, len(unset))
		for i, u := range unset {
			names[i] = "process.env." + u.name
			if u.ok {
				names[i] += fmt.Sprintf(" (%s:%d:%d)", u.site.Filename, u.site.Start.Line, u.site.Start.Column)
			}
		}
		detail += " The build read " + strings.Join(names, ", ") + ", which the environment does not set."
		if u, ok := unsetInProp(n, unset, at, path, part); ok {
			hint = fmt.Sprintf(`set %s when you run tfkit, or give it a default (process.env.%s ?? "dev"); check the other names the text is built from`, u.name, u.name)
		} else {
			hint = fmt.Sprintf(`check the names the text is built from: a prop misspelt or not given, or an environment variable named above (set it when you run tfkit, or give it a default: process.env.%s ?? "dev")`, unset[0].name)
		}
	}
	d := &diag.Diagnostic{Severity: diag.Warning, Summary: "Text holds undefined", Detail: detail, Path: path, Suggestion: hint}
	if at.Filename != "" {
		d.Subject = &at
		c.src.withFrame(d)
	}
	c.diags = append(c.diags, d)
}

// unsetInProp is the first unset environment variable read inside the
// value of the prop at at, when the text warned about is that whole value
// (not a part of an object) and the variable was read between the prop's
// name and the next prop on the tag (or the end of the prop's line, for
// the last one). Only then is the variable known to be what the text was
// built from.
func unsetInProp(n *node, unset []unsetEnvVar, at hcl.Range, path, part string) (unsetEnvVar, bool) {
	if n == nil || at.Filename == "" {
		return unsetEnvVar{}, false
	}
	i := slices.IndexFunc(n.attrSites, func(a attrPos) bool { return a.start == at.Start })
	if i < 0 {
		return unsetEnvVar{}, false
	}
	a := n.attrSites[i]
	if path != n.addr+"."+a.name && !(path == n.addr && part == a.name) {
		return unsetEnvVar{}, false // a part of the value, or another text at the same place
	}
	end := hcl.Pos{Line: a.start.Line + 1, Column: 0}
	for _, b := range n.attrSites {
		if posBefore(a.start, b.start) && posBefore(b.start, end) {
			end = b.start
		}
	}
	for _, u := range unset {
		if u.ok && u.site.Filename == at.Filename && !posBefore(u.site.Start, a.start) && posBefore(u.site.Start, end) {
			return u, true
		}
	}
	return unsetEnvVar{}, false
}

// posBefore reports whether position p comes before q.
func posBefore(p, q hcl.Pos) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Column < q.Column
}

// undefinedSite is a place warned about by undefinedText.
type undefinedSite struct {
	pos          hcl.Pos
	inside, part string
}

// unsetEnv lists the environment variables the build read and found unset,
// read once from the engine.
func (c *converter) unsetEnv() []unsetEnvVar {
	if c.unset == nil {
		c.unset = []unsetEnvVar{}
		if l, ok := c.tree.(unsetEnvLister); ok {
			c.unset = l.unsetEnv()
		}
	}
	return c.unset
}
