package controller

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

var metricOperations = prometheus.NewGauge(prometheus.GaugeOpts{
	Name: "tfkit_jet_async_operations",
	Help: "Applies and destroys running in the background now.",
})

// Kinds of background operations.
const (
	opCreate = "create"
	opUpdate = "update"
	opDelete = "delete"
)

// operations are the applies and destroys running in the background, one
// at most per workspace. A reconcile starts one and returns; reconciles of
// the object while it runs start no engine; its end enqueues the object,
// whose next reconcile reports how it ended and observes the result.
type operations struct {
	// ctx is the manager's: its end interrupts the operations (once; the
	// engine then writes its state), and the manager waits for them.
	ctx context.Context
	wg  sync.WaitGroup

	mu  sync.Mutex
	ops map[string]*operation // by workspace directory
}

// operation is one apply or destroy.
type operation struct {
	kind    string
	started time.Time
	done    bool
	err     error // once done
}

func newOperations(ctx context.Context) *operations {
	return &operations{ctx: ctx, ops: map[string]*operation{}}
}

// state returns the operation of the workspace dir and whether it still
// runs. A finished one is returned once, then forgotten.
func (o *operations) state(dir string) (*operation, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	op := o.ops[dir]
	if op == nil {
		return nil, false
	}
	if !op.done {
		return op, true
	}
	delete(o.ops, dir)
	return op, false
}

// start runs f in the background for the workspace dir, bounded by
// timeout, then sends obj to notify.
func (o *operations) start(dir, kind string, timeout time.Duration, obj client.Object, notify chan<- event.GenericEvent, f func(context.Context) error) {
	op := &operation{kind: kind, started: time.Now()}
	o.mu.Lock()
	o.ops[dir] = op
	o.mu.Unlock()
	metricOperations.Inc()
	o.wg.Add(1)
	go func() {
		defer o.wg.Done()
		ctx, cancel := context.WithTimeout(o.ctx, timeout)
		err := f(ctx)
		cancel()
		o.mu.Lock()
		op.err, op.done = err, true
		o.mu.Unlock()
		metricOperations.Dec()
		select {
		case notify <- event.GenericEvent{Object: obj}:
		case <-o.ctx.Done():
		}
	}()
}

// wait waits for every operation to end.
func (o *operations) wait() { o.wg.Wait() }
