package load

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/internal/parallel"
	"github.com/tfkit/tfkit/schema"
)

// Instances of one resource are independent of each other: they read the
// same scope and differ only in count.index or each. Their bodies are the
// bulk of an evaluation, so a resource with many instances has them
// evaluated on several goroutines.
//
// The evaluator's caches (scopes per module instance and expression,
// traversals per expression, count objects, provider functions) are
// filled by the first instance and prepareParallel, then only read: each
// goroutine works on a copy of the evaluator marked readonly, with its
// own diagnostics, which are merged in instance order. So the view and
// the diagnostics are the same as when the instances are evaluated one
// after the other.

// Likewise a local value or an output of a module with several instances
// is evaluated for them on several goroutines.

// parallelMin is the number of instances of one resource from which their
// bodies are evaluated on several goroutines; chunkSize is how many
// instances a goroutine takes at a time.
var parallelMin = 256

const chunkSize = 64

// evalInstances evaluates the body of r for every instance (iterators
// its, addresses addrs), shaped by the schema sch when not nil. Bodies
// nothing reads may be deferred, and a few instances shared with the
// goroutines of deferred bodies (async.go); deferred ones are placeholders
// here, which finishAsync replaces in the view.
func (e *evaluator) evalInstances(mi *modInst, r *ResourceDecl, its []*iter, addrs []string, sch *schema.Block) []cty.Value {
	out := make([]cty.Value, len(its))
	one := func(w *evaluator, i int) {
		out[i] = w.instanceBody(mi, r, its[i], addrs[i], sch)
	}
	workers := runtime.GOMAXPROCS(0)
	if e.deferInstances(mi, r, its, addrs, sch, out) || len(its) < parallelMin && e.shareInstances(mi, r.Body, its, addrs, one) {
		return out
	}
	if len(its) < parallelMin || workers < 2 || e.readonly {
		for i := range its {
			one(e, i)
		}
		return out
	}
	one(e, 0)
	e.prepareParallel(mi, r.Body, its)
	rest := len(its) - 1
	chunks := (rest + chunkSize - 1) / chunkSize
	done := make([]*evaluator, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, chunks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				w := e.worker()
				lo := 1 + c*chunkSize
				for i := lo; i < min(lo+chunkSize, len(its)); i++ {
					one(w, i)
				}
				done[c] = w
			}
		}()
	}
	wg.Wait()
	e.merge(done)
	return out
}

// instanceBody evaluates the body of the instance of r at addr, shaped by
// sch when there is one; an ephemeral value in an argument of the
// built-in provider's resources is reported there.
func (e *evaluator) instanceBody(mi *modInst, r *ResourceDecl, it *iter, addr string, sch *schema.Block) cty.Value {
	v := e.evalBody(mi, r.Body, it, addr)
	if sch != nil {
		v = e.conform(sch, v, addr, r.DeclRange, r.Body)
	}
	if r.Mode == "managed" && builtinBlock(r.Mode, r.Type, r.Provider != nil) != nil {
		e.checkEphemeralArgs(r.Body, v, addr)
	}
	return v
}

// merge takes in what the workers found, in the order of their work, so
// that the diagnostics come out as a sequential run gives them.
func (e *evaluator) merge(workers []*evaluator) {
	for _, w := range workers {
		e.diags = append(e.diags, w.diags...)
		e.missing = append(e.missing, w.missing...)
		e.marked = e.marked || w.marked
	}
}

// prepareParallel fills the caches the instances will read: the
// provider functions the body calls and the count objects.
func (e *evaluator) prepareParallel(mi *modInst, b *Body, its []*iter) {
	var walk func(b *Body)
	walk = func(b *Body) {
		for _, a := range b.Attrs {
			e.addProviderFuncs(mi, a.Expr)
			e.variables(a.Expr)
			e.reshapes(a.Expr)
		}
		for _, nb := range b.Blocks {
			walk(nb.Body)
		}
	}
	walk(b)
	for _, it := range its {
		if it.count != cty.NilVal {
			e.countObject(it.count)
		}
	}
}

// worker is a copy of e for one goroutine: the caches are shared and only
// read, what it reports is its own.
func (e *evaluator) worker() *evaluator {
	w := *e
	w.readonly = true
	w.diags, w.missing, w.async = nil, nil, nil
	return &w
}

// evalNodeAll evaluates n in every instance of its module: a local value
// or an output without preconditions on several goroutines when the
// module has several instances (each instance has its own scope, so
// nothing is shared but the read-only caches).
func (e *evaluator) evalNodeAll(n *node) {
	insts := e.instances[n.mod]
	var expr *Expr
	switch {
	case n.cycle != "" || n.selfRef != "":
	case n.kind == kindLocal:
		expr = n.mod.Locals[n.name]
	case n.kind == kindOutput && len(n.mod.Outputs[n.name].Preconditions) == 0:
		o := n.mod.Outputs[n.name]
		expr = &Expr{Expr: o.Value}
	}
	workers := runtime.GOMAXPROCS(0)
	if expr == nil || len(insts) < 2 || workers < 2 || e.readonly || !parallelNodes {
		for _, mi := range insts {
			e.evalNode(n, mi)
		}
		return
	}
	e.addProviderFuncs(insts[0], expr.Expr)
	e.variables(expr.Expr)
	e.reshapes(expr.Expr)
	done := make([]*evaluator, len(insts))
	parallel.Each(len(insts), func(i int) {
		w := e.worker()
		w.evalNode(n, insts[i])
		done[i] = w
	})
	e.merge(done)
}

// parallelNodes switches evalNodeAll's goroutines on; tests compare with
// it off.
var parallelNodes = true
