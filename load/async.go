package load

import (
	"runtime"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/parallel"
	"github.com/tfkit/tfkit/schema"
)

// The walk in dependency order is one goroutine: each node reads the
// values of the nodes before it. But the instance bodies of a resource
// that no expression reads are needed only by the view, so they are
// evaluated on other goroutines while the walk goes on (a resource with
// few instances otherwise never leaves the walk's goroutine; see
// parallel.go for the many-instance case).
//
// A deferred body gets what it reads before it leaves: the walk builds
// its scopes (as the first instance would), caches its traversals and
// count objects, and hands it a readonly copy of the evaluator whose
// caches are its own, so it shares nothing that the walk goes on writing.
// Its diagnostics are spliced in where the walk would have reported them,
// so the view and the diagnostics are those of a sequential run. Before
// the walk writes to what a deferred body may read (a function table
// gaining a provider function), it waits for every deferred body and
// defers no more.
//
// The same goroutines help the walk with a resource it needs: it offers
// them half of its instances (shareInstances), ahead of the deferred
// bodies, which they look for between instances.

// asyncBodies switches deferred bodies on; tests compare with it off.
var asyncBodies = true

// asyncQueue is the capacity of the queue of deferred bodies; when it is
// full the walk evaluates the next one itself.
const asyncQueue = 1024

type bodyJob struct {
	w   *evaluator
	at  int // len(e.diags) when the job was made: where its diagnostics go
	run func()
	out []cty.Value // the bodies of a deferInstances job
}

type bodyPool struct {
	jobs  []*bodyJob // in the order they were made
	queue chan *bodyJob
	// urgent holds the one job the walk waits for (shareInstances),
	// taken before the queue's.
	urgent  chan *bodyJob
	workers sync.WaitGroup
}

// startAsync starts the goroutines of deferred bodies: one fewer than the
// processors, as the walk keeps one busy.
func (e *evaluator) startAsync() {
	n := runtime.GOMAXPROCS(0) - 1
	if !asyncBodies || n < 1 || e.readonly {
		return
	}
	p := &bodyPool{queue: make(chan *bodyJob, asyncQueue), urgent: make(chan *bodyJob, 1)}
	for range n {
		p.workers.Go(func() {
			for {
				select {
				case j := <-p.urgent:
					j.run()
					continue
				default:
				}
				select {
				case j := <-p.urgent:
					j.run()
				case j, ok := <-p.queue:
					if !ok {
						return
					}
					j.run()
				}
			}
		})
	}
	e.async = p
}

// finishAsync waits for every deferred body, helping with those not yet
// started, and takes in what they found, in the order of the walk. No
// body is deferred after it.
func (e *evaluator) finishAsync() {
	p := e.async
	if p == nil {
		return
	}
	e.async = nil
	close(p.queue)
	for j := range p.queue {
		j.run()
	}
	p.workers.Wait()
	extra := 0
	for _, j := range p.jobs {
		extra += len(j.w.diags)
	}
	if extra > 0 {
		out := make(diag.Diagnostics, 0, len(e.diags)+extra)
		prev := 0
		for _, j := range p.jobs {
			out = append(out, e.diags[prev:j.at]...)
			out = append(out, j.w.diags...)
			prev = j.at
		}
		e.diags = append(out, e.diags[prev:]...)
	}
	for _, j := range p.jobs {
		e.missing = append(e.missing, j.w.missing...)
		e.marked = e.marked || j.w.marked
	}
	if len(p.jobs) == 0 {
		return
	}
	for _, r := range e.view.Resources {
		if !r.Attributes.IsMarked() {
			continue
		}
		for m := range r.Attributes.Marks() {
			if pb, ok := m.(pendingBody); ok {
				r.Attributes = pb.job.out[pb.i]
				break
			}
		}
	}
}

// deferInstances has the bodies of r's instances evaluated on another
// goroutine when nothing but the view needs them before the walk ends: the
// resource is read by no expression and has no conditions, no provider
// instance key and no dynamic blocks, is not a data source, is not in a
// module call whose instances are unknown, is expanded, and has too few
// instances to be evaluated in parallel by evalInstances. The values put
// in out are placeholders, which finishAsync replaces in the view. It
// reports false, having done nothing the sequential path would not do,
// when the bodies stay on the walk.
func (e *evaluator) deferInstances(mi *modInst, r *ResourceDecl, its []*iter, addrs []string, sch *schema.Block, out []cty.Value) bool {
	if e.async == nil || e.readonly || len(its) == 0 || len(its) >= parallelMin || r.Mode == "data" || mi.deferred != "" ||
		r.ProviderKey != nil || len(r.Preconditions) > 0 || len(r.Postconditions) > 0 {
		return false
	}
	if _, set := mi.resources[r.Addr()]; set {
		// Unexpanded: its one evaluation goes to view.Unexpanded.
		return false
	}
	if n := e.g.nodes[mi.mod.Name()+r.Addr()]; n == nil || n.used {
		return false
	}
	w := e.bodyWorker(mi, r.Body, its, addrs)
	if w == nil {
		return false
	}
	j := &bodyJob{w: w, at: len(e.diags), out: make([]cty.Value, len(its))}
	p := e.async
	j.run = func() {
		for i, it := range its {
			j.out[i] = w.instanceBody(mi, r, it, addrs[i], sch)
			// The walk may be waiting for a share of its own work.
			select {
			case u := <-p.urgent:
				u.run()
			default:
			}
		}
		// Only what finishAsync takes in is kept until the walk ends.
		w.contexts, w.vars, w.reshaping, w.counts, w.modFuncs = nil, nil, nil, nil, nil
	}
	for i := range out {
		out[i] = cty.DynamicVal.Mark(pendingBody{j, i})
	}
	p.jobs = append(p.jobs, j)
	select {
	case p.queue <- j:
	default:
		j.run()
	}
	return true
}

// pendingBody marks the placeholder of the i-th body of a deferred job.
type pendingBody struct {
	job *bodyJob
	i   int
}

// shareInstances evaluates the instances of a resource the walk needs
// (one that other expressions read, say) with the help of the goroutines
// of deferred bodies: the second half is offered to them ahead of the
// deferred bodies while the walk evaluates the first half, and taken back
// if none of them has started it by then. one evaluates the i-th instance
// with the given evaluator. It reports false, having done nothing the
// sequential path would not do, when the walk must evaluate them all.
func (e *evaluator) shareInstances(mi *modInst, b *Body, its []*iter, addrs []string, one func(*evaluator, int)) bool {
	if e.async == nil || e.readonly || len(its) < 2 {
		return false
	}
	w := e.bodyWorker(mi, b, its, addrs)
	if w == nil {
		return false
	}
	half := (len(its) + 1) / 2
	done := make(chan struct{})
	j := &bodyJob{w: w, run: func() {
		for i := half; i < len(its); i++ {
			one(w, i)
		}
		close(done)
	}}
	select {
	case e.async.urgent <- j:
	default:
		j.run()
	}
	for i := range half {
		one(e, i)
	}
	select {
	case <-e.async.urgent:
		j.run()
	case <-done:
	}
	<-done
	e.merge([]*evaluator{w})
	return true
}

// bodyWorker prepares what evaluating the body b for the instances its
// reads, as the first instance would on the walk (scopes, traversals,
// count objects, provider functions), and returns a readonly copy of e
// whose caches hold only that, for another goroutine. Building a scope may
// report a mistake (an undeclared reference); then the scopes made here
// are dropped, so that the sequential path reports it in its place, and
// bodyWorker returns nil, as it does for bodies with dynamic blocks, whose
// scopes differ per element.
func (e *evaluator) bodyWorker(mi *modInst, b *Body, its []*iter, addrs []string) *evaluator {
	if hasDynamic(b) {
		return nil
	}
	w := *e
	w.readonly = true
	w.diags, w.missing, w.async = nil, nil, nil
	w.contexts = map[scopeKey]*hcl.EvalContext{}
	w.vars = map[hcl.Expression][]hcl.Traversal{}
	w.reshaping = map[hcl.Expression]bool{}
	w.counts = map[int64]cty.Value{}
	w.modFuncs = map[*Module]map[string]function.Function{}
	w.provFuncs = nil // the walk adds to it meanwhile
	before := len(e.diags)
	var made []scopeKey
	ok := true
	var prep func(b *Body, path string)
	prep = func(b *Body, path string) {
		for _, a := range b.Attrs {
			if !ok {
				return
			}
			x := a.Expr
			e.addProviderFuncs(mi, x)
			if e.async == nil {
				// A provider function was added: finishAsync ran.
				ok = false
				return
			}
			w.vars[x] = e.variables(x)
			w.reshaping[x] = e.reshapes(x)
			k := scopeKey{mi, x}
			if _, cached := e.contexts[k]; !cached {
				made = append(made, k)
			}
			w.contexts[k] = e.parentScope(mi, x, its[0], path+"."+a.Name)
		}
		for _, nb := range b.Blocks {
			prep(nb.Body, path+"."+nb.Type)
		}
	}
	prep(b, addrs[0])
	if !ok || len(e.diags) > before {
		for _, k := range made {
			delete(e.contexts, k)
		}
		return nil
	}
	w.marked = e.marked
	w.modFuncs[mi.mod] = e.funcsOf(mi)
	for _, it := range its {
		if it.count != cty.NilVal && it.count.IsKnown() {
			n, _ := it.count.AsBigFloat().Int64()
			w.counts[n] = e.countObject(it.count)
		}
	}
	return &w
}

// hasDynamic reports whether b or a block in it has a dynamic block, whose
// scopes differ per element.
func hasDynamic(b *Body) bool {
	for _, nb := range b.Blocks {
		if nb.Type == "dynamic" || hasDynamic(nb.Body) {
			return true
		}
	}
	return false
}

// variablesOf returns the traversals of every expression the module tree
// walks (Module.walk), found on all processors, a module at a time: the
// graph is linked by them and the evaluator reads them again
// (evaluator.variables), and finding them walks each expression. It also
// returns the expressions among them that call a provider function
// (provider::NAME::FUNC), so that the walk need not look into the others
// for one (evaluator.addProviderFuncs), and what reshapesReasons reports
// of each, with the lossy functions lossy (evaluator.reshapes). Each
// module's references to its resources are collected here too
// (collectRefs), which only the evaluation reads; a module's resource
// declarations are its own.
// Modules called from one directory share their expressions; finding
// traversals only reads them.
func variablesOf(root *Module, lossy map[string]bool) (vars map[hcl.Expression][]hcl.Traversal, providerCalls, reshaping map[hcl.Expression]bool) {
	var mods []*Module
	var add func(m *Module)
	add = func(m *Module) {
		mods = append(mods, m)
		for _, n := range sortedKeys(m.Children) {
			add(m.Children[n])
		}
	}
	add(root)
	type found struct {
		vars      map[hcl.Expression][]hcl.Traversal
		calls     []hcl.Expression
		reshaping map[hcl.Expression]bool
	}
	parts := make([]found, len(mods))
	find := func(i int) {
		collectRefs(mods[i])
		vs := map[hcl.Expression][]hcl.Traversal{}
		rs := map[hcl.Expression]bool{}
		var calls []hcl.Expression
		mods[i].walk(false, func(_ string, x hcl.Expression, _ exprKind, _ *ResourceDecl) {
			if _, ok := vs[x]; !ok {
				vs[x] = x.Variables()
				r, call := scanExpr(x, lossy)
				rs[x] = r
				if call {
					calls = append(calls, x)
				}
			}
		})
		parts[i] = found{vs, calls, rs}
	}
	parallel.Each(len(mods), find)
	n := 0
	for _, p := range parts {
		n += len(p.vars)
	}
	vars = make(map[hcl.Expression][]hcl.Traversal, n)
	reshaping = make(map[hcl.Expression]bool, n)
	providerCalls = map[hcl.Expression]bool{}
	for _, p := range parts {
		for x, trs := range p.vars {
			vars[x] = trs
		}
		for x, r := range p.reshaping {
			reshaping[x] = r
		}
		for _, x := range p.calls {
			providerCalls[x] = true
		}
	}
	return vars, providerCalls, reshaping
}

// variables returns the traversals of x, found by variablesOf or now.
func (g *graph) variables(x hcl.Expression) []hcl.Traversal {
	if trs, ok := g.vars[x]; ok {
		return trs
	}
	return x.Variables()
}
