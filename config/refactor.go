package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// StillDeclared is the engines' error for a moved or removed block whose
// from names a resource or module call the configuration still declares,
// which both engines refuse when they plan. block is "moved" or "removed";
// module says from names a module call (module.net) rather than a resource;
// from is the address as the engines print it (module.net.aws_vpc.main
// for a resource of a called module), to the moved block's to ("" for
// removed) and decl where the declaration starts. tofu chooses OpenTofu's
// words where they differ from Terraform's (a removed block's).
//
// instance says a moved block's from names one instance of a resource or
// module call declared with count or for_each (aws_instance.a[0],
// module.net["a"]) that the configuration still declares: both engines
// refuse that move too, and point decl at the count or for_each argument's
// value, which declares the instance. A removed block's from names no
// instance (the engines refuse instance keys there).
//
// atDeclaration says where the engine reports it: Terraform reports a
// removed block at the declaration, OpenTofu at the removed block, and
// both a moved block at the moved block. The caller sets Subject and Path.
// Validate's front ends (the Go and TSX synth check) and the loader (tfkit
// eval) report it with these words.
func StillDeclared(block string, module, instance bool, from, to string, decl hcl.Range, tofu bool) (d *diag.Diagnostic, atDeclaration bool) {
	kind, short := "resource", "resource"
	if module {
		kind, short = "module call", "call"
	}
	if block == "moved" {
		if instance {
			kind, short = "resource instance", "instance"
			if module {
				kind = "module instance"
			}
		}
		suggestion := fmt.Sprintf("declare the %s under its new address %s only, or delete the moved block", kind, to)
		if instance {
			suggestion = fmt.Sprintf("change the count or for_each that declares %s so that it no longer does (its object then moves to %s), or delete the moved block", from, to)
		}
		return &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  "Moved object still exists",
			Detail: fmt.Sprintf("This statement declares a move from %s, but that %s is still declared at %s.\n\nChange your configuration so that this %s will be declared as %s instead.",
				from, kind, declPos(decl), short, to),
			Suggestion: suggestion,
		}, false
	}
	noun := "resource"
	if module {
		noun = "module"
	}
	suggestion := fmt.Sprintf("delete the declaration of %s (keep the removed block to forget it without destroying it), or delete the removed block", from)
	if tofu {
		return &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  "Removed " + noun + " block still exists",
			Detail: fmt.Sprintf("This statement declares a removal of the %s %s, but this %s block still exists in the configuration. Please remove the %s block.",
				noun, from, noun, noun),
			Suggestion: suggestion,
		}, false
	}
	return &diag.Diagnostic{
		Severity:   diag.Error,
		Summary:    "Removed " + noun + " still exists",
		Detail:     fmt.Sprintf("This statement declares that %s was removed, but it is still declared in configuration.", from),
		Suggestion: suggestion,
	}, true
}

// declPos writes where a declaration starts as the engines do:
// main.tf:1,1; a Go line, which has no column, as main.go:12.
func declPos(r hcl.Range) string {
	if r.Start.Column == 0 {
		return fmt.Sprintf("%s:%d", r.Filename, r.Start.Line)
	}
	return fmt.Sprintf("%s:%d,%d", r.Filename, r.Start.Line, r.Start.Column)
}

// RemovedInstanceKey is the engines' error for a removed block whose from
// has an instance key (aws_instance.a[0], module.net["a"],
// module.net[0].aws_vpc.main), which both engines refuse as they read the
// configuration, at the from address: a removed block names a whole
// resource or module call, whose instances it forgets all. module says the
// key is a module call's; tofu chooses OpenTofu's words.
func RemovedInstanceKey(module, tofu bool) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error}
	switch {
	case module && tofu:
		d.Summary = "Module instance address with keys is not allowed"
		d.Detail = `Module address cannot be a module instance (e.g. "module.a[0]"), it must be a module instead (e.g. "module.a").`
	case module:
		d.Summary = "Module instance keys not allowed"
		d.Detail = `Module address must be a module (e.g. "module.foo"), not a module instance (e.g. "module.foo[1]").`
	case tofu:
		d.Summary = "Resource instance address with keys is not allowed"
		d.Detail = `Resource address cannot be a resource instance (e.g. "null_resource.a[0]"), it must be a resource instead (e.g. "null_resource.a").`
	default:
		d.Summary = "Resource instance keys not allowed"
		d.Detail = `Resource address must be a resource (e.g. "test_instance.foo"), not a resource instance (e.g. "test_instance.foo[1]").`
	}
	what := "resource"
	if module {
		what = "module call"
	}
	d.Suggestion = fmt.Sprintf("name the whole %s without the key (a removed block forgets all its instances); to drop one instance, lower count or remove its key from for_each", what)
	return d
}

// InstanceKeyOf finds the first instance key of an address (a traversal
// of a moved, import or removed block): its step, where the engines point
// at it (-1 when there is none), and whether it is a module call's
// (module.net[0]) rather than a resource's.
func InstanceKeyOf(tr hcl.Traversal) (at int, module bool) {
	for i, t := range tr {
		if _, ok := t.(hcl.TraverseIndex); !ok {
			continue
		}
		// module.NAME[KEY]: the key follows the call's name.
		if i >= 2 {
			var prev string
			switch p := tr[i-2].(type) {
			case hcl.TraverseRoot:
				prev = p.Name
			case hcl.TraverseAttr:
				prev = p.Name
			}
			return i, prev == "module"
		}
		return i, false
	}
	return -1, false
}

// ModuleAddress reports whether a moved, import or removed address names
// a module call or one of its instances (module.net, module.net["a"],
// module.a.module.b) rather than a resource, also one in a called module.
func ModuleAddress(tr hcl.Traversal) bool {
	return len(tr) > 0 && skipCalls(tr) == len(tr)
}

// DataAddress reports whether an address names a data source, also one in
// a called module (module.net.data.aws_ami.x).
func DataAddress(tr hcl.Traversal) bool {
	i := skipCalls(tr)
	return i < len(tr) && stepName(tr[i]) == "data"
}

// skipCalls is the index of the first step of an address after its
// module.NAME[KEY] steps.
func skipCalls(tr hcl.Traversal) int {
	i := 0
	for i+1 < len(tr) && stepName(tr[i]) == "module" {
		i += 2
		if i < len(tr) {
			if _, ok := tr[i].(hcl.TraverseIndex); ok {
				i++
			}
		}
	}
	return i
}

// stepName is the name of a root or attribute step, "" for an index.
func stepName(t hcl.Traverser) string {
	switch t := t.(type) {
	case hcl.TraverseRoot:
		return t.Name
	case hcl.TraverseAttr:
		return t.Name
	}
	return ""
}

// lastKeyed reports whether the last resource or module call an address
// names carries an instance key (aws_instance.a[0], module.net["a"]),
// rather than only a module call on its path (module.m[0].aws_instance.a).
func lastKeyed(tr hcl.Traversal) bool {
	if len(tr) == 0 {
		return false
	}
	_, ok := tr[len(tr)-1].(hcl.TraverseIndex)
	return ok
}

// MovedKindMismatch is both engines' error for a moved block from a
// resource to a module call or back, which they refuse as they read the
// configuration, at the moved block; nil when from and to are both
// resources or both module calls.
func MovedKindMismatch(from, to hcl.Traversal) *diag.Diagnostic {
	if ModuleAddress(from) == ModuleAddress(to) {
		return nil
	}
	return &diag.Diagnostic{Severity: diag.Error, Summary: `Invalid "moved" addresses`,
		Detail:     `The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
		Suggestion: "move a resource to a resource, or a module call to a module call; a resource moves into a module as module.NAME.TYPE.NAME"}
}

// ImportEmptyID is the error, in Terraform's words, for an import block
// whose id is the empty string: Terraform refuses it; OpenTofu reports
// nothing and plans to create the resource instead of importing it, which
// the detail says. tofu makes it a warning, as eval reports what the
// engine would do; synth refuses it for both.
func ImportEmptyID(tofu bool) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import id argument",
		Detail:     "The import ID value evaluates to an empty string, please provide a non-empty value.",
		Suggestion: `give the provider's id of the object to import, such as "i-0123456789" (OpenTofu would plan to create the resource instead of importing it)`}
	if tofu {
		d.Severity, d.Summary = diag.Warning, "Empty import id"
		d.Detail = "The import ID value evaluates to an empty string: OpenTofu plans to create the resource instead of importing it (Terraform refuses it)."
		d.Suggestion = `give the provider's id of the object to import, such as "i-0123456789"`
	}
	return d
}

// RemovedDataSource is the engines' error for a removed block whose from
// names a data source, which they refuse as they read the configuration,
// at the from address; tofu chooses OpenTofu's words.
func RemovedDataSource(tofu bool) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, Summary: "Data source address not allowed",
		Detail:     "Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.",
		Suggestion: "delete the removed block: the engine forgets a data source once its block is deleted"}
	if tofu {
		d.Summary = "Data source address is not allowed"
		d.Detail = "Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration."
	}
	return d
}

// MovedAddress is the address an attribute of a moved or removed block
// (from, to) holds, as the engines read it: a reference, also one indexed
// with a literal key (aws_instance.a[0] written as an index of
// aws_instance.a), or a string spelling one (a front end's address as
// text, "aws_instance.a[0]", which the renderer writes bare); false when
// it holds none.
func MovedAddress(a *Attribute) (hcl.Traversal, bool) {
	return refTraversal(a)
}

// RedundantMove is both engines' error for a moved block from and to the
// same address, from (as they print it, with its module instance's
// prefix), which they report when they plan, at the moved block, once for
// each instance of its module. The caller sets Subject and Path.
func RedundantMove(from string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Redundant move statement",
		Detail:     "This statement declares a move from " + from + " to the same address, which is the same as not declaring this move at all.",
		Suggestion: "delete the moved block, or give it the address the object had before as from"}
}

// HidesMoveCycles reports whether d, an error of a moved block, is one
// after which the engines do not look for cycles among moved blocks
// (MoveCycles): one refused as they read the configuration (a move
// between a resource and a module call), or one found when they plan
// before cycles (a redundant or ambiguous move, a from still declared).
func HidesMoveCycles(d *diag.Diagnostic) bool {
	if d.Severity != diag.Error {
		return false
	}
	switch d.Summary {
	case "Redundant move statement", "Moved object still exists", "Ambiguous move statements", `Invalid "moved" addresses`:
		return true
	}
	return false
}

// CheckMoves reports what both engines refuse in the moved blocks of one
// module (blocks, the module's top-level blocks; the others are passed
// over), each compared with the others, in their words, at the block,
// its path the block's address (moved):
//
//   - a move from a resource to a module call or back
//     (MovedKindMismatch), refused as they read the configuration, at its
//     from argument;
//   - a move from and to one address (RedundantMove), refused when they
//     plan;
//   - two moves to one address from different ones, or from one address
//     to two (AmbiguousMoves: of whole resources and calls, and of
//     instances), refused when they plan, at the later block;
//   - moves whose chain comes back where it started (MoveCycles), at the
//     first block of the cycle, which the engines look for last: only
//     when no moved block has another error, neither one of the above
//     nor one the caller found (cyclesHidden: a from the configuration
//     still declares, "Moved object still exists", StillDeclared).
//
// Addresses are read as MovedAddress reads them; a moved block whose
// addresses are not (an expression, a missing argument) is left to the
// checks of its arguments. Front ends call it once for each stack, after
// Validate, which leaves moved blocks compared with each other to it.
func CheckMoves(blocks []*Block, cyclesHidden bool) diag.Diagnostics {
	var ds diag.Diagnostics
	at := func(b *Block, a *Attribute, d *diag.Diagnostic) {
		site := b.DeclRange
		if a != nil && a.Range.Filename != "" {
			site = a.Range
		}
		if site.Filename != "" || site.Start.Line != 0 {
			d.Subject = &site
		}
		d.Path = b.Address()
		ds = append(ds, d)
	}
	var moves []Move
	var moved []*Block
	for _, b := range blocks {
		if b.Type != KindMoved.Type {
			continue
		}
		fromAttr := b.Body.Attribute("from")
		from, ok1 := MovedAddress(fromAttr)
		to, ok2 := MovedAddress(b.Body.Attribute("to"))
		if !ok1 || !ok2 {
			continue
		}
		if d := MovedKindMismatch(from, to); d != nil {
			at(b, fromAttr, d)
			continue
		}
		if TraversalString(from) == TraversalString(to) {
			at(b, nil, RedundantMove(TraversalString(from)))
			continue
		}
		moves = append(moves, Move{From: from, To: to, DeclRange: b.DeclRange})
		moved = append(moved, b)
	}
	for _, pr := range AmbiguousMoves(moves, "") {
		at(moved[pr.Move], nil, pr.Diagnostic)
	}
	if cyclesHidden || len(ds) > 0 {
		return ds
	}
	for _, pr := range MoveCycles(moves, "") {
		at(moved[pr.Move], nil, pr.Diagnostic)
	}
	return ds
}

// Move is one moved block as the engines compare moved blocks with each
// other: its from and to addresses, relative to its module, and where the
// block starts.
type Move struct {
	From, To  hcl.Traversal
	DeclRange hcl.Range
}

// MoveProblem is an error of the moved block Move (an index into the
// moves given), in the engines' words; the caller sets Subject and Path.
type MoveProblem struct {
	Move       int
	Diagnostic *diag.Diagnostic
}

// moveKind is what the engines make of a move's two addresses: both
// resources, or both resource instances when either names a key
// (aws_instance.a to aws_instance.b[0] moves instance a, without key); the
// same for module calls and module instances.
func moveKind(m Move) (noun, short string) {
	keyed := lastKeyed(m.From) || lastKeyed(m.To)
	switch {
	case ModuleAddress(m.From) && keyed:
		return "module instance", "instance"
	case ModuleAddress(m.From):
		return "module call", "call"
	case keyed:
		return "resource instance", "instance"
	}
	return "resource", "resource"
}

// MoveKeyed reports whether the engines compare m as instances (either
// address names an instance key) rather than whole resources or calls.
func MoveKeyed(m Move) bool {
	_, short := moveKind(m)
	return short == "instance"
}

// comparable reports whether the engines compare m with other moves: a
// move of resources or module calls, not between the two, not of data
// sources, and not to its own address.
func (m Move) comparable() bool {
	return len(m.From) > 0 && len(m.To) > 0 && ModuleAddress(m.From) == ModuleAddress(m.To) &&
		!DataAddress(m.From) && !DataAddress(m.To) && TraversalString(m.From) != TraversalString(m.To)
}

// AmbiguousMoves are both engines' errors for moved blocks of one module
// that move one address to two different ones, or two different ones to
// one ("Ambiguous move statements"), which they report when they plan, at
// the later block, once for each instance of the module: prefix is that
// instance's address (module.m[0]., "" for the root module), as the
// engines print it. Moves of whole resources and of instances are apart:
// aws_instance.a and aws_instance.a[0] are different addresses. A later
// block that conflicts with two earlier ones, one by its from and one by
// its to, has both errors.
func AmbiguousMoves(moves []Move, prefix string) []MoveProblem {
	type end struct {
		other string
		at    hcl.Range
	}
	from, to := map[string]end{}, map[string]end{}
	var out []MoveProblem
	for i, m := range moves {
		if !m.comparable() {
			continue
		}
		noun, short := moveKind(m)
		f, t := prefix+TraversalString(m.From), prefix+TraversalString(m.To)
		suggestion := "keep one of the two moved blocks, or chain them (from the first's to, to the new address)"
		if e, ok := from[noun+" "+f]; ok {
			if e.other != t {
				out = append(out, MoveProblem{i, &diag.Diagnostic{Severity: diag.Error, Summary: "Ambiguous move statements",
					Detail: fmt.Sprintf("A statement at %s declared that %s moved to %s, but this statement instead declares that it moved to %s.\n\nEach %s can move to only one destination %s.",
						declPos(e.at), f, e.other, t, noun, short),
					Related:    []diag.Related{{Message: "the other moved block", Range: e.at}},
					Suggestion: suggestion}})
			}
		} else {
			from[noun+" "+f] = end{t, m.DeclRange}
		}
		if e, ok := to[noun+" "+t]; ok {
			if e.other != f {
				out = append(out, MoveProblem{i, &diag.Diagnostic{Severity: diag.Error, Summary: "Ambiguous move statements",
					Detail: fmt.Sprintf("A statement at %s declared that %s moved to %s, but this statement instead declares that %s moved there.\n\nEach %s can have moved from only one source %s.",
						declPos(e.at), e.other, t, f, noun, short),
					Related:    []diag.Related{{Message: "the other moved block", Range: e.at}},
					Suggestion: suggestion}})
			}
		} else {
			to[noun+" "+t] = end{f, m.DeclRange}
		}
	}
	return out
}

// MoveCycles are both engines' errors for moved blocks of one module whose
// chain comes back where it started ("Cyclic dependency in move
// statements"), which they report when they plan, without a place, once
// for the module however many instances it has, and only when no moved
// block has another error. Each is reported at the first block of its
// cycle. module is the module's static address (module.net, "" for the
// root module), which the engines print as module.net[*].
//
// The engines chain a move to one whose from is its to, compared as
// AmbiguousMoves compares them (a whole resource and its instances are
// apart).
func MoveCycles(moves []Move, module string) []MoveProblem {
	prefix := ""
	if module != "" {
		prefix = strings.ReplaceAll(module, ".module.", "[*].module.") + "[*]."
	}
	name := func(m Move, tr hcl.Traversal) string {
		s := prefix + TraversalString(tr)
		if !MoveKeyed(m) {
			s += "[*]"
		}
		return s
	}
	key := func(m Move, tr hcl.Traversal) string {
		noun, _ := moveKind(m)
		return noun + " " + TraversalString(tr)
	}
	// next[i] lists the moves whose from is move i's to.
	byFrom := map[string][]int{}
	for i, m := range moves {
		if m.comparable() {
			byFrom[key(m, m.From)] = append(byFrom[key(m, m.From)], i)
		}
	}
	next := func(i int) []int {
		if !moves[i].comparable() {
			return nil
		}
		return byFrom[key(moves[i], moves[i].To)]
	}
	var out []MoveProblem
	for _, scc := range components(len(moves), next) {
		if len(scc) < 2 {
			continue
		}
		sort.Ints(scc)
		lines := make([]string, 0, len(scc))
		var related []diag.Related
		for _, i := range scc {
			m := moves[i]
			lines = append(lines, fmt.Sprintf("%s: %s → %s", declPos(m.DeclRange), name(m, m.From), name(m, m.To)))
			related = append(related, diag.Related{Message: TraversalString(m.From) + " → " + TraversalString(m.To), Range: m.DeclRange})
		}
		sort.Strings(lines)
		out = append(out, MoveProblem{scc[0], &diag.Diagnostic{Severity: diag.Error, Summary: "Cyclic dependency in move statements",
			Detail: "The following chained move statements form a cycle, and so there is no final location to move objects to:\n  - " + strings.Join(lines, "\n  - ") +
				"\n\nA chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.",
			Related:    related,
			Suggestion: "delete the moved block that leads back to where the chain starts"}})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Move < out[b].Move })
	return out
}

// components are the strongly connected components of the graph of n
// nodes whose edges next gives (Tarjan's algorithm).
func components(n int, next func(int) []int) [][]int {
	index, low := make([]int, n), make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var out [][]int
	counter := 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = counter, counter
		counter++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range next(v) {
			switch {
			case index[w] < 0:
				visit(w)
				low[v] = min(low[v], low[w])
			case onStack[w]:
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		var scc []int
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			scc = append(scc, w)
			if w == v {
				break
			}
		}
		out = append(out, scc)
	}
	for v := range n {
		if index[v] < 0 {
			visit(v)
		}
	}
	return out
}

// ImportNoConfig is both engines' error for an import whose to, text,
// names no instance the configuration declares, which they report when
// they plan ("Configuration for import target does not exist"). The
// caller sets the Suggestion, Subject and Path.
func ImportNoConfig(text string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Configuration for import target does not exist",
		Detail: "The configuration for the given import " + text + " does not exist. All target instances must have an associated configuration to be imported."}
}

// ImportNotManaged is Terraform's error for an import whose to names a
// data source or a module call, not a managed resource ("Invalid import
// address"), which it reports as it reads the configuration, at the to
// argument (its name, not its value).
func ImportNotManaged() *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import address", Detail: "Only managed resources can be imported.",
		Suggestion: "import into a resource; a data source reads an object without managing it"}
}

// ImportIntoDataSource is the engines' error for an import whose to,
// text, names a data source: Terraform's ImportNotManaged, at the to
// argument as it reads the configuration; OpenTofu's ImportNoConfig when
// it plans (tofu).
func ImportIntoDataSource(text string, tofu bool) *diag.Diagnostic {
	d := ImportNotManaged()
	if tofu {
		d = ImportNoConfig(text)
		d.Suggestion = ImportNotManaged().Suggestion
	}
	return d
}

// ImportIntoModuleCall is both engines' error for an import whose to,
// text, names a module call (module.net) rather than a resource in it,
// which they report as they read the configuration, at the address;
// Terraform adds ImportNotManaged.
func ImportIntoModuleCall(text string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid address",
		Detail:     "A resource instance address is required here. The module path must be followed by a resource instance specification.",
		Suggestion: fmt.Sprintf("name a resource of the module, such as %s.aws_instance.web", text)}
}

// ImportMissingKey is the engines' error for an import whose to names a
// resource, addr, declared with count or for_each (uses), without an
// instance key: Terraform refuses it as it reads the configuration, at
// the address ("Invalid import 'to' expression"); OpenTofu (tofu) when it
// plans, finding no configuration for the address. example is addr with
// a key of the kind it takes (aws_instance.web[0]).
func ImportMissingKey(addr, uses, example string, tofu bool) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import 'to' expression", Detail: "The target resource is using " + uses + "."}
	if tofu {
		d = ImportNoConfig(addr)
	}
	d.Suggestion = fmt.Sprintf("name one instance of %s, which uses %s, such as %s, or give the import a for_each and the key as each.key",
		addr, uses, example)
	return d
}

// ImportWrongKey is the engines' error for an import whose to, text,
// gives the resource addr a key of a kind it does not declare: a number
// (keyUses "count") or a string ("for_each") where the resource uses the
// other (uses) or neither (""). Terraform refuses it as it reads the
// configuration, at the address; OpenTofu (tofu) when it plans, finding
// no configuration for the address; nil when the key is of the kind addr
// declares.
func ImportWrongKey(addr, text, uses, keyUses, example string, tofu bool) *diag.Diagnostic {
	if keyUses == uses {
		return nil
	}
	d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import 'to' expression", Detail: "The target resource does not use " + keyUses + "."}
	if tofu {
		d = ImportNoConfig(text)
	}
	if uses == "" {
		d.Suggestion = fmt.Sprintf("name %s without a key: it declares one instance, having neither count nor for_each", addr)
	} else {
		d.Suggestion = fmt.Sprintf("give a key of the kind %s declares: %s uses %s, such as %s", uses, addr, uses, example)
	}
	return d
}

// ImportMissingCallKey is both engines' error for an import whose to,
// text, names a resource of a module call declared with count or
// for_each (call) without the call's instance key, which they report when
// they plan. example is the address with a key of the kind the call
// takes.
func ImportMissingCallKey(text, call, example string) *diag.Diagnostic {
	d := ImportNoConfig(text)
	d.Suggestion = fmt.Sprintf("name an instance of %s, such as %s, or give the import a for_each and the key as each.key", call, example)
	return d
}

// DuplicateImport is the engines' error for an import into the instance
// text (terraform_data.a[1]) a former import block, which starts at
// first, already imports into, which they report as they read the
// configuration: Terraform names the resource, resource (without keys),
// at the to address; OpenTofu (tofu) the instance, at the import block.
func DuplicateImport(text, resource string, first hcl.Range, tofu bool) *diag.Diagnostic {
	named := resource
	if tofu {
		named = text
	}
	at := first.String()
	if first.Start.Column == 0 {
		at = declPos(first) // a Go line
	}
	return &diag.Diagnostic{Severity: diag.Error, Summary: fmt.Sprintf("Duplicate import configuration for %q", named),
		Detail:     fmt.Sprintf("An import block for the resource %q was already declared at %s. A resource can have only one import block.", named, at),
		Suggestion: "delete one of the two imports: an object is imported once, into one instance"}
}
