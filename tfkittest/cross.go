package tfkittest

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"

	"github.com/tfkit/tfkit"
)

// Cross-stack references. Synth writes a value of this stack that refers
// to an element of another stack (docs/decisions/009) as a read of an
// output of that stack, data.terraform_remote_state.<stack>.outputs.
// cross_stack_output_<...> (inside sensitive() when the value is known to
// be sensitive), and the producer's output holds the expression itself.
// Assertions compare a wanted reference with what it reads.

// crossRead is what one read of another stack's output stands for.
type crossRead struct {
	stack string // the producer's name
	expr  string // the producer's expression, as HCL: random_pet.name.id
}

// remoteRead finds the reads synth writes, with the sensitive() it may
// wrap them in.
var remoteRead = regexp.MustCompile(`(sensitive\()?data\.terraform_remote_state\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)(\))?`)

// crossOutputPrefix starts the names of the outputs synth adds to a
// producer for the stacks that read it.
const crossOutputPrefix = "cross_stack_output_"

// crossReads returns, by the text of the read
// (data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id),
// the reads of other stacks that synth wrote into consumer's configuration.
func crossReads(consumer *tfkit.Stack) map[string]crossRead {
	app := consumer.App()
	if app == nil {
		return nil
	}
	var remotes []string
	for _, b := range consumer.Config().Blocks {
		if b.Type == "data" && len(b.Labels) == 2 && b.Labels[0] == "terraform_remote_state" {
			remotes = append(remotes, b.Labels[1])
		}
	}
	if len(remotes) == 0 {
		return nil
	}
	reads := map[string]crossRead{}
	for _, p := range app.Stacks() {
		if p == consumer {
			continue
		}
		// The data source is named after the stack, with a hash of its
		// name when that is taken (see remoteName in internal/synth).
		name := remoteLabel(p.Name())
		var label string
		for _, r := range remotes {
			if r == name || r == name+"_"+shortHash(p.Name()) {
				label = r
			}
		}
		if label == "" {
			continue
		}
		for _, b := range p.Config().Blocks {
			if b.Type != "output" || len(b.Labels) != 1 || !strings.HasPrefix(b.Labels[0], crossOutputPrefix) {
				continue
			}
			v := b.Body.Attribute("value")
			if v == nil {
				continue
			}
			reads["data.terraform_remote_state."+label+".outputs."+b.Labels[0]] = crossRead{stack: p.Name(), expr: tfkit.ExprOf(v.Expr).HCL()}
		}
	}
	return reads
}

// remoteLabel is a stack's name as a block label, as synth writes it.
func remoteLabel(stack string) string {
	n := strings.ReplaceAll(stack, ".", "_")
	if n == "" || (n[0] >= '0' && n[0] <= '9') || n[0] == '-' {
		n = "stack_" + n
	}
	return n
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:4])
}

// resolved is a string of the stack's JSON with its reads of other stacks
// replaced by what they read.
type resolved struct {
	// plain has the producers' expressions: "${random_pet.name.id}", then
	// the same with the sensitive() synth may have wrapped a read in kept.
	plain [2]string
	// marked is plain with each expression marked with its stack:
	// "${<stack network>random_pet.name.id}".
	marked [2]string
	// reads describes them for a failure message: "stack network's
	// random_pet.name.id".
	reads []string
}

// resolve replaces the reads of other stacks in s, a string of the stack's
// JSON; ok is false when s has none.
func resolve(reads map[string]crossRead, s string) (res resolved, ok bool) {
	if len(reads) == 0 || !strings.Contains(s, "data.terraform_remote_state.") {
		return res, false
	}
	seen := map[string]bool{}
	replace := func(marked, keepSensitive bool) string {
		return remoteRead.ReplaceAllStringFunc(s, func(m string) string {
			sub := remoteRead.FindStringSubmatch(m)
			read, found := reads["data.terraform_remote_state."+sub[2]+".outputs."+sub[3]]
			if !found {
				return m
			}
			ok = true
			if d := "stack " + read.stack + "'s " + read.expr; !seen[d] {
				seen[d] = true
				res.reads = append(res.reads, d)
			}
			text := read.expr
			if marked {
				text = markedText(read.stack, text)
			}
			if sub[1] != "" && sub[4] != "" && !keepSensitive {
				// The sensitive() synth adds, restoring the mark the
				// read loses.
				return text
			}
			return sub[1] + text + sub[4]
		})
	}
	for i, keep := range []bool{false, true} {
		res.plain[i] = replace(false, keep)
		res.marked[i] = replace(true, keep)
	}
	return res, ok
}

// note describes the reads for a failure message.
func (r resolved) note() string {
	if len(r.reads) == 0 {
		return ""
	}
	return " (reading " + strings.Join(r.reads, ", ") + ")"
}

// markedText is a reference to expr of another stack, told apart from one
// to the same address in this stack.
func markedText(stack, expr string) string { return "<stack " + stack + ">" + expr }
