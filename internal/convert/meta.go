package convert

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
)

// Where the Go API's methods put what they write in a body, following
// Terraform's style (the ranks of the root package's element.go): the
// arguments and nested blocks of the body stay together between them.
const (
	metaRankFirst = iota // a module's source and version: fields of tfkit.ModuleConfig (Source or SourceExpr, ...)
	metaRankCount
	metaRankProvider
	metaRankBody
	metaRankProvisioner
	metaRankDependsOn
	metaRankLifecycle
)

// metaSplit is a body whose meta-arguments are written with the API's
// methods (Count, ForEach, Provider, DependsOn, Lifecycle): rest is the
// body without them, lead and trail the items that the methods write,
// before and after the body in the source.
type metaSplit struct {
	rest        *config.Body
	lead, trail []config.Item
}

// splitMeta takes the meta-arguments of an element's body (kind is
// resource, data, ephemeral or module) that the API's methods can write,
// when writing them so keeps the order of the body's items: the methods
// place what they write where Terraform's style does, so a meta-argument
// written elsewhere (provider after the arguments) stays in the body, and
// with it every one the order would move. Provisioner blocks are written
// with the Provisioner method in any case (splitProvisioners).
func (g *goEmitter) splitMeta(kind string, body *config.Body) metaSplit {
	ranks := make([]int, len(body.Items))
	for i, it := range body.Items {
		ranks[i] = g.metaRank(kind, body, it)
	}
	if kind == "module" {
		placeModuleFields(body, ranks)
	}
	any := false
	for _, r := range ranks {
		if r != metaRankBody && r != metaRankProvisioner && r != metaRankFirst {
			any = true
		}
	}
	out := metaSplit{rest: body}
	if !any {
		return out
	}
	demote(ranks)
	out = buildSplit(body, ranks)
	if placesInOrder(kind, body, out) {
		return out
	}
	// A meta-argument kept in the body still has its place for the
	// methods, which write after the last item of their rank or a lower
	// one wherever it stands (a provider before a for_each kept in the
	// body would follow it): keep the most methods whose calls give the
	// body's order.
	var methods []int
	for i, r := range ranks {
		if r != metaRankBody && r != metaRankProvisioner && r != metaRankFirst {
			methods = append(methods, i)
		}
	}
	for keep := len(methods) - 1; keep > 0; keep-- {
		for mask := 0; mask < 1<<len(methods); mask++ {
			if bits.OnesCount(uint(mask)) != keep {
				continue
			}
			try := append([]int(nil), ranks...)
			for j, i := range methods {
				if mask&(1<<j) == 0 {
					try[i] = metaRankBody
				}
			}
			if s := buildSplit(body, try); placesInOrder(kind, body, s) {
				return s
			}
		}
	}
	return metaSplit{rest: body}
}

// buildSplit splits body by the ranks of its items: the meta-arguments a
// method writes before the first item of the body are the lead, the others
// the trail.
func buildSplit(body *config.Body, ranks []int) metaSplit {
	out := metaSplit{rest: &config.Body{}}
	seenBody := false
	for i, it := range body.Items {
		switch r := ranks[i]; {
		case r == metaRankFirst:
			out.rest.Items = append(out.rest.Items, it)
		case r == metaRankBody || r == metaRankProvisioner:
			seenBody = true
			out.rest.Items = append(out.rest.Items, it)
		case !seenBody && r < metaRankBody:
			out.lead = append(out.lead, it)
		default:
			out.trail = append(out.trail, it)
		}
	}
	return out
}

// apiRank is the rank the root package gives an item of a body of kind
// (element.go's rankOf): a method writes its item after the last item of
// the same or a lower rank.
func apiRank(kind string, it config.Item) int {
	switch it := it.(type) {
	case *config.Attribute:
		switch it.Name {
		case "source", "version":
			if kind == "module" {
				return 0
			}
		case "count", "for_each":
			return 1
		case "provider", "providers":
			return 2
		case "depends_on":
			return 7
		}
		return 3
	case *config.Block:
		switch it.Type {
		case "connection":
			return 5
		case "provisioner":
			return 6
		case "lifecycle":
			return 8
		}
		return 4
	}
	return 3
}

// placesInOrder tells whether the program's calls give the items of body
// in their order: the constructor takes the rest without its provisioners,
// then the lead's methods, the Provisioner method and the trail's methods
// each place their item as the root package does.
func placesInOrder(kind string, body *config.Body, s metaSplit) bool {
	var items, provs []config.Item
	for _, it := range s.rest.Items {
		if b, ok := it.(*config.Block); ok && b.Type == "provisioner" && kind == "resource" {
			provs = append(provs, it)
			continue
		}
		items = append(items, it)
	}
	place := func(it config.Item) {
		at, r := 0, apiRank(kind, it)
		for i, have := range items {
			if apiRank(kind, have) <= r {
				at = i + 1
			}
		}
		items = append(items, nil)
		copy(items[at+1:], items[at:])
		items[at] = it
	}
	for _, group := range [][]config.Item{s.lead, provs, s.trail} {
		for _, it := range group {
			place(it)
		}
	}
	if len(items) != len(body.Items) {
		return false
	}
	for i := range items {
		if items[i] != body.Items[i] {
			return false
		}
	}
	return true
}

// placeModuleFields ranks the source and version of a module call: those
// at the start of the body are fields of tfkit.ModuleConfig, which the API
// writes first; one after another item (count before source, an input
// before version) stays an input in its place, and so does every
// meta-argument before it, which a method would write after it.
func placeModuleFields(body *config.Body, ranks []int) {
	n := leadingModuleFields(body)
	last := -1
	for i, it := range body.Items {
		if a, ok := it.(*config.Attribute); ok && i >= n && (a.Name == "source" || a.Name == "version") {
			ranks[i] = metaRankBody
			last = i
		}
	}
	for i := 0; i < last; i++ {
		if ranks[i] < metaRankBody && i >= n {
			ranks[i] = metaRankBody
		}
	}
}

// leadingModuleFields is the number of items at the start of a module
// call's body that are written as fields of tfkit.ModuleConfig: a source
// and version given as text or built from variables (SourceExpr,
// VersionExpr).
func leadingModuleFields(body *config.Body) int {
	n := 0
	for _, it := range body.Items {
		a, ok := it.(*config.Attribute)
		if !ok || (a.Name != "source" && a.Name != "version") {
			break
		}
		if _, lit := literalString(a.Expr); !lit && !config.EarlyEvaluable(a.Expr) {
			break
		}
		n++
	}
	return n
}

// demote leaves in the body the meta-arguments whose method would move
// them, until the ranks never decrease (provisioners aside: the
// Provisioner method writes them in any case): one before something of a
// lower rank, or one of the first ranks after something of a higher.
func demote(ranks []int) {
	for {
		prev, at := -1, -1
		for i, r := range ranks {
			if r == metaRankFirst {
				continue
			}
			if prev >= 0 && r < ranks[prev] {
				at = i
				break
			}
			prev = i
		}
		if at < 0 {
			return
		}
		if ranks[prev] == metaRankProvisioner && ranks[at] >= metaRankBody {
			// Body items after a provisioner: splitProvisioners refuses
			// the body, which is written as raw HCL.
			return
		}
		if ranks[at] < metaRankBody {
			ranks[at] = metaRankBody
		} else {
			ranks[prev] = metaRankBody
		}
	}
}

// metaRank is where the API puts item: the rank of its method when one
// can write it, the body's otherwise.
func (g *goEmitter) metaRank(kind string, body *config.Body, it config.Item) int {
	switch it := it.(type) {
	case *config.Attribute:
		switch it.Name {
		case "source", "version":
			if _, ok := literalString(it.Expr); (ok || config.EarlyEvaluable(it.Expr)) && kind == "module" {
				return metaRankFirst
			}
		case "count", "for_each":
			return metaRankCount
		case "provider":
			if kind != "module" && g.providerVar(it.Expr) != nil {
				return metaRankProvider
			}
		case "depends_on":
			if _, ok := g.dependencyVars(it.Expr); ok {
				return metaRankDependsOn
			}
		}
	case *config.Block:
		switch it.Type {
		case "provisioner":
			if kind == "resource" {
				return metaRankProvisioner
			}
		case "lifecycle":
			if kind != "module" && len(body.Blocks("lifecycle")) == 1 && lifecycleFits(kind, it) {
				return metaRankLifecycle
			}
		}
	}
	return metaRankBody
}

// providerVar is the handle of the provider configuration x names
// (aws, aws.west), declared before; nil otherwise.
func (g *goEmitter) providerVar(x config.Expr) *goVar {
	r, ok := x.(*config.Reference)
	if !ok {
		return nil
	}
	if v := g.vars[config.TraversalString(r.Traversal)]; v != nil && v.kind == "provider" {
		return v
	}
	return nil
}

// dependencyVars are the handles a depends_on list names, when every item
// is a whole resource, data source, ephemeral resource or module declared
// before.
func (g *goEmitter) dependencyVars(x config.Expr) ([]*goVar, bool) {
	t, ok := x.(*config.Tuple)
	if !ok || len(t.Items) == 0 {
		return nil, false
	}
	var out []*goVar
	for _, it := range t.Items {
		r, ok := it.(*config.Reference)
		if !ok {
			return nil, false
		}
		v := g.vars[config.TraversalString(r.Traversal)]
		if v == nil {
			return nil, false
		}
		switch v.kind {
		case "resource", "data", "ephemeral", "module":
		default:
			return nil, false
		}
		for _, have := range out {
			if have == v {
				return nil, false // written once by DependsOn
			}
		}
		out = append(out, v)
	}
	return out, true
}

// Slots of tfkit.Lifecycle, in the order the API writes them.
const (
	slotCreateBeforeDestroy = iota
	slotPreventDestroy
	slotIgnoreChanges
	slotReplaceTriggeredBy
	slotPrecondition
	slotPostcondition
)

// lifecycleFits tells whether tfkit.Lifecycle writes the block as it is:
// its settings in the order the API writes them, flags that are true,
// ignore_changes of attribute paths or all, conditions of a condition and
// an error message. Data sources and ephemeral resources take conditions
// only.
func lifecycleFits(kind string, b *config.Block) bool {
	if len(b.Labels) != 0 || len(b.Body.Items) == 0 {
		return false
	}
	last := -1
	for _, it := range b.Body.Items {
		slot := -1
		switch it := it.(type) {
		case *config.Attribute:
			if kind != "resource" {
				return false
			}
			switch it.Name {
			case "create_before_destroy", "prevent_destroy":
				l, ok := it.Expr.(*config.Literal)
				if !ok || l.Val.Type() != cty.Bool || l.Val.IsNull() || !l.Val.True() {
					return false
				}
				slot = slotCreateBeforeDestroy
				if it.Name == "prevent_destroy" {
					slot = slotPreventDestroy
				}
			case "ignore_changes":
				if _, ok := ignoreChanges(it.Expr); !ok {
					return false
				}
				slot = slotIgnoreChanges
			case "replace_triggered_by":
				t, ok := it.Expr.(*config.Tuple)
				if !ok || len(t.Items) == 0 {
					return false
				}
				for _, x := range t.Items {
					switch x.(type) {
					case *config.Reference, *config.GetAttr, *config.Index:
					default:
						return false
					}
				}
				slot = slotReplaceTriggeredBy
			default:
				return false
			}
		case *config.Block:
			switch it.Type {
			case "precondition":
				slot = slotPrecondition
			case "postcondition":
				slot = slotPostcondition
			default:
				return false
			}
			if len(it.Labels) != 0 || !conditionFits(it) {
				return false
			}
		}
		// Each setting once, conditions repeated, all in order.
		if slot < last || slot == last && slot < slotPrecondition {
			return false
		}
		last = slot
	}
	return true
}

func conditionFits(b *config.Block) bool {
	seen := map[string]bool{}
	for _, it := range b.Body.Items {
		a, ok := it.(*config.Attribute)
		if !ok || a.Name != "condition" && a.Name != "error_message" || seen[a.Name] {
			return false
		}
		seen[a.Name] = true
	}
	return seen["condition"] && seen["error_message"] && b.Body.Items[0].(*config.Attribute).Name == "condition"
}

// ignoreChanges reads ignore_changes: nil for all, else the attribute
// paths as the API takes them.
func ignoreChanges(x config.Expr) ([]string, bool) {
	if r, ok := x.(*config.Reference); ok && len(r.Traversal) == 1 && r.Traversal.RootName() == "all" {
		return nil, true
	}
	t, ok := x.(*config.Tuple)
	if !ok || len(t.Items) == 0 {
		return nil, false
	}
	out := make([]string, 0, len(t.Items))
	for _, it := range t.Items {
		r, ok := it.(*config.Reference)
		if !ok {
			return nil, false
		}
		out = append(out, config.TraversalString(r.Traversal))
	}
	return out, true
}

// metaCall writes the method call for one item splitMeta took, with the
// comments before it.
func (g *goEmitter) metaCall(it config.Item) string {
	switch it := it.(type) {
	case *config.Attribute:
		c := lineComments(g.src.notes.before(it.Range.Start.Byte), "")
		g.at = it.Range
		switch it.Name {
		case "count":
			return c + "Count(" + g.expr(it.Expr).code + ")"
		case "for_each":
			return c + "ForEach(" + g.expr(it.Expr).code + ")"
		case "provider":
			v := g.providerVar(it.Expr)
			v.used = true
			return c + "Provider(" + v.name + ")"
		case "depends_on":
			vs, _ := g.dependencyVars(it.Expr)
			names := make([]string, len(vs))
			for i, v := range vs {
				v.used = true
				names[i] = v.name
			}
			return c + "DependsOn(" + strings.Join(names, ", ") + ")"
		}
	case *config.Block:
		return g.lifecycleCall(it)
	}
	panic(fmt.Sprintf("convert: no method for %T", it))
}

// lifecycleCall writes Lifecycle(tfkit.Lifecycle{...}) for a block that
// lifecycleFits.
func (g *goEmitter) lifecycleCall(b *config.Block) string {
	c := lineComments(g.src.notes.before(b.DeclRange.Start.Byte), "")
	var fields []string
	var pre, post []string
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			g.at = it.Range
			switch it.Name {
			case "create_before_destroy":
				fields = append(fields, g.commented(it.Range, "CreateBeforeDestroy: true"))
			case "prevent_destroy":
				fields = append(fields, g.commented(it.Range, "PreventDestroy: true"))
			case "ignore_changes":
				paths, _ := ignoreChanges(it.Expr)
				if paths == nil {
					fields = append(fields, g.commented(it.Range, "IgnoreAllChanges: true"))
					continue
				}
				q := make([]string, len(paths))
				for i, p := range paths {
					q[i] = strconv.Quote(p)
				}
				fields = append(fields, g.commented(it.Range, "IgnoreChanges: []string{"+strings.Join(q, ", ")+"}"))
			case "replace_triggered_by":
				t := it.Expr.(*config.Tuple)
				items := make([]string, len(t.Items))
				for i, x := range t.Items {
					items[i] = g.expr(x).code
				}
				fields = append(fields, g.commented(it.Range, "ReplaceTriggeredBy: []any{"+strings.Join(items, ", ")+"}"))
			}
		case *config.Block:
			notes := lineComments(g.src.notes.before(it.DeclRange.Start.Byte), "")
			cond, _ := g.condition(it)
			if it.Type == "precondition" {
				pre = append(pre, notes+cond+",")
			} else {
				post = append(post, notes+cond+",")
			}
		}
	}
	if len(pre) > 0 {
		fields = append(fields, "Preconditions: []tfkit.Condition{\n"+strings.Join(pre, "\n")+"\n},")
	}
	if len(post) > 0 {
		fields = append(fields, "Postconditions: []tfkit.Condition{\n"+strings.Join(post, "\n")+"\n},")
	}
	return c + "Lifecycle(tfkit.Lifecycle{\n" + strings.Join(fields, "\n") + "\n})"
}

// chain appends method calls to a constructor call, one a line.
func chain(code string, calls []string) string {
	for _, c := range calls {
		code += ".\n" + c
	}
	return code
}
