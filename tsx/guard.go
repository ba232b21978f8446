package tsx

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// Reading the rendered tree follows the values of props wherever they
// lead, so it guards itself against values it could never finish: one that
// contains itself, one nested deeper than any configuration needs, and a
// build that runs out of time or is canceled while its values are read.

// maxValueDepth bounds how deeply the values of props may nest, as the Go
// API does.
const maxValueDepth = 64

// identified is implemented by Values that know which JavaScript object they
// are, so that a value containing itself is found.
type identified interface {
	identity() any
}

// watcher is implemented by Values whose engine can stop JavaScript that
// reading them runs (getters, proxy traps) when ctx is done; the returned
// function stops watching.
type watcher interface {
	watch(ctx context.Context) (stop func())
}

// convStop is the panic that unwinds the converter when the build's
// context is done; convertSafely turns it into a diagnostic.
type convStop struct{ err error }

// guard is the converter's bookkeeping for the checks above.
type guard struct {
	ctx     context.Context
	timeout time.Duration
	depth   int
	steps   int
	// open maps each object being converted to its path, from the
	// attribute down to the value now read.
	open map[any]string
	// cur is the element being converted, where a stop is reported.
	cur *node
}

// tick checks the context now and then: reading values runs no
// JavaScript that the engine's own timeout could interrupt.
func (c *converter) tick() {
	c.g.steps++
	if c.g.ctx == nil || c.g.steps%512 != 0 {
		return
	}
	if err := c.g.ctx.Err(); err != nil {
		panic(convStop{err})
	}
}

// enter is called before a nested value (an object or array) is converted:
// it reports a value nested too deeply or containing itself, and then
// returns false. A true result must be paired with leave.
func (c *converter) enter(v Value, at hcl.Range, path string) bool {
	if c.g.depth >= maxValueDepth {
		c.errorAt(at, path, "Value nested too deeply",
			fmt.Sprintf("The value is nested more than %d levels deep; no Terraform value needs that many, so the build stops here.", maxValueDepth),
			"pass a value with fewer levels, or build it from tf.raw(...) or tf.fn(...) expressions")
		return false
	}
	if id, ok := v.(identified); ok {
		key := id.identity()
		if key != nil {
			if first, seen := c.g.open[key]; seen {
				c.errorAt(at, path, "Value contains itself",
					fmt.Sprintf("The value at %s is the same object as %s, which contains it: the value is cyclic and cannot be written.", path, first),
					"pass a copy without the cycle, such as { ...obj } without the member that points back")
				return false
			}
			if c.g.open == nil {
				c.g.open = map[any]string{}
			}
			c.g.open[key] = path
		}
	}
	c.g.depth++
	return true
}

func (c *converter) leave(v Value) {
	c.g.depth--
	if id, ok := v.(identified); ok {
		if key := id.identity(); key != nil {
			delete(c.g.open, key)
		}
	}
}

// stopDiag describes a build stopped while its values were read.
func (c *converter) stopDiag(err error) {
	at := hcl.Range{}
	where := ""
	if n := c.g.cur; n != nil {
		at = n.site
		where = " (while reading the props of " + nodeName(n) + ")"
	}
	if errors.Is(err, context.DeadlineExceeded) && c.g.timeout > 0 {
		c.errorAt(at, "", "Configuration timed out",
			fmt.Sprintf("The configuration did not finish within %s and was stopped%s.", c.g.timeout, where),
			"look for a value that is very large or a getter that never returns; if the configuration is just slow, raise the timeout (--timeout)")
		return
	}
	c.errorAt(at, "", "Build canceled", "The build was stopped before it finished"+where+".", "")
}

// readingDiag adds to a JavaScript error raised while values were read (a
// getter or proxy trap that throws) the element whose values they were.
func (c *converter) readingDiag(d *diag.Diagnostic) *diag.Diagnostic {
	if n := c.g.cur; n != nil && n.site.Filename != "" {
		d.Related = append(d.Related, diag.Related{Message: "while reading the props of " + nodeName(n), Range: n.site})
	}
	return d
}

// nodeName names an element in messages: its address, or <Kind> before its
// labels are read.
func nodeName(n *node) string {
	if n.addr != "" {
		return n.addr
	}
	return "<" + n.kind + ">"
}

// surrogateChecker is implemented by string Values of engines whose strings
// are UTF-16 and may hold a lone surrogate.
type surrogateChecker interface {
	loneSurrogate() (int, bool)
}

// validText reports a string value that holds a lone UTF-16 surrogate,
// which cannot be written as UTF-8, and then returns false.
func (c *converter) validText(v Value, at hcl.Range, path string) bool {
	sc, ok := v.(surrogateChecker)
	if !ok {
		return true
	}
	i, bad := sc.loneSurrogate()
	if !bad {
		return true
	}
	c.errorAt(at, path, "Invalid Unicode in a string",
		fmt.Sprintf("The string holds half of a UTF-16 surrogate pair at position %d (such as \\uD800 without its second half); it is not a character and cannot be written as UTF-8.", i),
		"remove it, or write the whole character (\\u{1F600}, or both halves of the pair)")
	return false
}

// validKeys reports object keys that hold a lone UTF-16 surrogate: the
// engine gives such a key with U+FFFD, under which the member cannot be
// read back, so it would be left out without a word.
// The caller has read the keys of v, once, and reads its members with
// them (membersOf).
func (c *converter) validKeys(v Value, keys []string, at hcl.Range, path string) bool {
	ok := true
	for _, k := range keys {
		if strings.ContainsRune(k, utf8.RuneError) && !present(v.Get(k)) {
			c.errorAt(at, path+"."+k, "Invalid Unicode in a key",
				fmt.Sprintf("The key %q holds half of a UTF-16 surrogate pair (such as \\uD800 without its second half); it is not a character and cannot be written as UTF-8.", k),
				"rename the key")
			ok = false
		}
	}
	return ok
}
