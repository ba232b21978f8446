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
	// failed are the workspaces whose last operation failed, until one
	// succeeds: the retry waits for their back-off.
	failed map[string]*failure
	// taken are the finished operations state returned to the reconcile
	// running now, by workspace, until its status is written (reported)
	// or it ends in a conflict (unreport): then the next reconcile gets
	// them again.
	taken map[string]*operation
}

// failure is the back-off after failed operations of one workspace. The
// work queue's own back-off cannot space these retries: the reconcile that
// starts the next operation succeeds and resets it, and the annotation the
// failed create writes enqueues the object at once.
type failure struct {
	count      int
	err        error
	until      time.Time
	generation int64 // the object's when the operation started
}

// Back-off between failed operations of a workspace.
const (
	retryFirst = time.Second
	retryMax   = time.Minute
)

func retryDelay(count int) time.Duration {
	d := retryFirst
	for i := 1; i < count && d < retryMax; i++ {
		d *= 2
	}
	return min(d, retryMax)
}

// retryError is a failure whose retry must wait: the reconcile reports it
// and comes back after the delay, without the work queue's back-off.
type retryError struct {
	err   error
	delay time.Duration
}

func (e *retryError) Error() string { return e.err.Error() }
func (e *retryError) Unwrap() error { return e.err }

// operation is one apply or destroy.
type operation struct {
	kind       string
	started    time.Time
	generation int64
	done       bool
	err        error // once done
	// counted: its failure is in the workspace's back-off already.
	counted bool
	// announced: its success event was recorded (a finished operation is
	// returned again when the status that reports it could not be written).
	announced bool
}

func newOperations(ctx context.Context) *operations {
	return &operations{ctx: ctx, ops: map[string]*operation{}, failed: map[string]*failure{}, taken: map[string]*operation{}}
}

// state returns the operation of the workspace dir and whether it still
// runs. A finished one is returned once (again after unreport), then
// forgotten.
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
	o.taken[dir] = op
	if op.err == nil {
		delete(o.failed, dir)
		return op, false
	}
	if op.counted {
		return op, false
	}
	op.counted = true
	f := o.failed[dir]
	if f == nil {
		f = &failure{}
		o.failed[dir] = f
	}
	f.count++
	f.err, f.generation = op.err, op.generation
	f.until = time.Now().Add(retryDelay(f.count))
	return op, false
}

// backoff returns how long the retry of the last operation of the
// workspace dir must still wait, and its error, when it failed less than
// its delay ago and the object's generation is the one it ran with: a
// changed spec (perhaps the fix) or a delete is tried at once.
func (o *operations) backoff(dir string, generation int64) (time.Duration, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	f := o.failed[dir]
	if f == nil || f.generation != generation {
		return 0, nil
	}
	if d := time.Until(f.until); d > 0 {
		return d, f.err
	}
	return 0, nil
}

// reported says that the end of the operation state returned for the
// workspace dir is in the object's status.
func (o *operations) reported(dir string) {
	o.mu.Lock()
	delete(o.taken, dir)
	o.mu.Unlock()
}

// unreport gives the end of the operation state returned for the
// workspace dir back, for the next reconcile to report: the status that
// said it was not written.
func (o *operations) unreport(dir string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if op := o.taken[dir]; op != nil && o.ops[dir] == nil {
		o.ops[dir] = op
	}
	delete(o.taken, dir)
}

// forget drops the back-off of a workspace that is removed.
func (o *operations) forget(dir string) {
	o.mu.Lock()
	delete(o.failed, dir)
	delete(o.taken, dir)
	o.mu.Unlock()
}

// start runs f in the background for the workspace dir, bounded by
// timeout, then sends obj to notify.
func (o *operations) start(dir, kind string, timeout time.Duration, obj client.Object, notify chan<- event.GenericEvent, f func(context.Context) error) {
	op := &operation{kind: kind, started: time.Now(), generation: obj.GetGeneration()}
	o.mu.Lock()
	o.ops[dir] = op
	delete(o.taken, dir)
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
