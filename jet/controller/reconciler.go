package controller

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	jetconfig "github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/resource"
)

// Annotations the reconciler writes.
const (
	AnnotationCreatePending   = "crossplane.io/external-create-pending"
	AnnotationCreateSucceeded = "crossplane.io/external-create-succeeded"
	AnnotationCreateFailed    = "crossplane.io/external-create-failed"
	// AnnotationPaused "true" stops the reconciliation of the object
	// (Crossplane's): nothing is observed, changed or deleted until it is
	// removed.
	AnnotationPaused = "crossplane.io/paused"
)

// EventProviderVersionUnavailable is the reason of the Warning event of an
// object whose workspace cannot get the provider version its API was
// generated from.
const EventProviderVersionUnavailable = "ProviderVersionUnavailable"

// Finalizer keeps a managed resource until its external resource is gone.
const Finalizer = "finalizer.managedresource.crossplane.io"

// Options configure Setup.
type Options struct {
	// WorkDir holds one workspace directory per object.
	WorkDir string
	// Engine is the engine's path; empty finds it as tfkit does
	// ($TFKIT_TERRAFORM, terraform, tofu).
	Engine string
	// MaxEngines caps the engine processes running at once (default 4).
	MaxEngines int
	// MaxReconcileRate is the reconciles per second and the concurrent
	// reconciles of each kind (default 10).
	MaxReconcileRate int
	// Poll is how often an up-to-date object is observed again (default 1m).
	Poll time.Duration
	// Timeout bounds one reconcile, and one background apply or destroy
	// (default 5m).
	Timeout time.Duration
	// SeparateProviders makes every engine command start its own provider
	// plugin, as terraform does by itself, instead of attaching plans and
	// shows to one shared plugin process per provider.
	SeparateProviders bool
	// Resources are the built jet configuration (what Provider.Build
	// returns; with several APIs, their results appended), for the
	// provider schemas and the functions it carries (credentials setup,
	// extra connection keys, external-name mapping). Each is matched to
	// the registration of its kind (group, version and kind), not by
	// Terraform type, which several APIs can share. When it is not empty,
	// every registration needs its entry, and a kind may appear once;
	// Setup refuses anything else. May be nil: every kind then runs
	// without configuration.
	Resources []*jetconfig.Resource
}

// Setup adds a controller for each registration to mgr.
func Setup(ctx context.Context, mgr ctrl.Manager, regs []resource.Registration, o Options) error {
	if o.MaxEngines == 0 {
		o.MaxEngines = 4
	}
	if o.MaxReconcileRate == 0 {
		o.MaxReconcileRate = 10
	}
	if o.Poll == 0 {
		o.Poll = time.Minute
	}
	if o.Timeout == 0 {
		o.Timeout = 5 * time.Minute
	}
	if o.WorkDir == "" {
		return errors.New("controller: Options.WorkDir is empty")
	}
	root, err := filepath.Abs(o.WorkDir)
	if err != nil {
		return err
	}
	eng, err := newEngines(ctx, o.Engine, root, o.MaxEngines, !o.SeparateProviders)
	if err != nil {
		return err
	}
	ops := newOperations(ctx)
	// The manager waits for the operations under way when it stops.
	if err := mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		<-ctx.Done()
		ops.wait()
		return nil
	})); err != nil {
		return err
	}
	if eng.prov != nil {
		// Stopped with the manager (after it lost or gave up leadership
		// too: the plugins are started by reconciles, which only a leader
		// runs).
		err := mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
			<-ctx.Done()
			eng.prov.close()
			return nil
		}))
		if err != nil {
			return err
		}
	}
	cfgs, err := configurations(regs, o.Resources)
	if err != nil {
		return err
	}
	if err := setupProviderConfigs(ctx, mgr, regs); err != nil {
		return err
	}
	var watches []referencedWatch
	for _, reg := range regs {
		r := &Reconciler{
			client: mgr.GetClient(), reader: mgr.GetAPIReader(), reg: reg, eng: eng, root: root, opts: o,
			cfg: cfgs[reg.Kind], ops: ops, done: make(chan event.GenericEvent, 1024),
			events: mgr.GetEventRecorderFor("tfkit-jet"),
		}
		b := ctrl.NewControllerManagedBy(mgr).
			Named(strings.ToLower(reg.Kind.Kind)+"."+reg.Kind.Group).
			// Status writes (ours) do not start another reconcile; spec,
			// annotation and deletion changes do, and Poll covers drift.
			For(reg.New(), builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))).
			// The end of a background apply or destroy.
			WatchesRawSource(source.Channel(r.done, &handler.EnqueueRequestForObject{}))
		// A Secret or referenced object an object waits for reconciles it
		// when it comes.
		if err := indexWaits(ctx, mgr, reg); err != nil {
			return err
		}
		b, refWatches := watchWaits(b, mgr, reg)
		if reg.ProviderConfig != nil {
			// A changed ProviderConfig or credentials Secret reconciles
			// the objects that use it.
			if b, err = watchProviderConfigs(b, mgr, reg); err != nil {
				return err
			}
		}
		c, err := b.WithOptions(controller.Options{
			MaxConcurrentReconciles: o.MaxReconcileRate,
			RateLimiter: workqueue.NewTypedMaxOfRateLimiter(
				workqueue.NewTypedItemExponentialFailureRateLimiter[reconcile.Request](time.Second, time.Minute),
				&workqueue.TypedBucketRateLimiter[reconcile.Request]{Limiter: newLimiter(o.MaxReconcileRate)},
			),
		}).
			Build(r)
		if err != nil {
			return fmt.Errorf("%s: %w", reg.Kind.Kind, err)
		}
		// The referenced kinds are watched once the cluster serves them:
		// one that is not installed must not keep this kind from running.
		for _, w := range refWatches {
			w.ctrl = c
			watches = append(watches, w)
		}
	}
	return watchReferenced(mgr, watches)
}

// Reconciler drives the objects of one kind.
type Reconciler struct {
	client client.Client
	// reader reads past the cache, where a stale object would repeat a
	// finished deletion.
	reader client.Reader
	reg    resource.Registration
	cfg    *jetconfig.Resource
	// events records on an object a Warning event when its Synced
	// condition says something new that is wrong, and a Normal one when an
	// operation succeeded (nil: none are recorded).
	events record.EventRecorder
	eng    *engines
	root   string
	opts   Options
	// ops are the background applies and destroys (of every kind); done
	// gets this kind's objects whose operation ended.
	ops  *operations
	done chan event.GenericEvent
	// waits counts, by object, the reconciles in a row that waited.
	waits sync.Map
}

// waitError is a reconcile that must wait for something else (a referenced
// object becoming Ready); it is not the object's fault. The object is
// looked at again after 2 s, then 4 s, 8 s, ... up to 30 s while it keeps
// waiting, so that objects waiting for what may never come do not keep
// the API server busy; a steady wait (an apply under way) every 2 s. A
// Secret or referenced object coming reconciles it at once (watchWaits).
type waitError struct {
	msg    string
	steady bool
}

func (e *waitError) Error() string { return e.msg }

// Delays of waiting objects (see waitError).
const (
	waitFirst = 2 * time.Second
	waitMax   = 30 * time.Second
)

// waitDelay is how long object name waits before it is looked at again,
// and counts the wait; forgetWait ends the count.
func (r *Reconciler) waitDelay(name types.NamespacedName, steady bool) time.Duration {
	if steady {
		return waitFirst
	}
	n, _ := r.waits.Load(name)
	count, _ := n.(int)
	r.waits.Store(name, count+1)
	d := waitFirst << min(count, 8)
	return min(d, waitMax)
}

func (r *Reconciler) forgetWait(name types.NamespacedName) { r.waits.Delete(name) }

// Reconcile implements reconcile.Reconciler.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	mg := r.reg.New()
	if err := r.client.Get(ctx, req.NamespacedName, mg); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	dir := r.dir(mg)
	synced := mg.GetResourceStatus().Condition(resource.TypeSynced)
	// What an earlier reconcile of the object took and did not give back
	// is in its status.
	r.ops.reported(dir)
	res, err := r.reconcile(ctx, mg)
	var retry *retryError
	if kerrors.IsConflict(err) && !errors.As(err, &retry) {
		// (A background operation's error is reported, whatever it is.)
		return r.requeueConflict(ctx, dir, err)
	}
	var wait *waitError
	if !errors.As(err, &wait) {
		r.forgetWait(req.NamespacedName)
	}
	if err == nil {
		r.ops.reported(dir)
		return res, nil
	}
	var pce *providerConfigError
	status := mg.GetResourceStatus()
	event := string(resource.ReasonReconcileError)
	switch {
	case errors.As(err, &pce):
		// Retried with the work queue's back-off; a change of the
		// ProviderConfig or its Secret enqueues the object at once. A
		// mistake the user fixes, which the condition says: no error in
		// the manager's log (with a stack trace, at every retry).
		status.SetConditions(condition(resource.TypeSynced, metav1.ConditionFalse, resource.ReasonReconcileError, pce.msg))
		ctrl.LoggerFrom(ctx).V(1).Info("waiting for the ProviderConfig to be fixed", "problem", pce.msg)
		res, err = reconcile.Result{Requeue: true}, nil
	case errors.As(err, &wait):
		status.SetConditions(condition(resource.TypeSynced, metav1.ConditionFalse, resource.ReasonReconcileError, err.Error()))
		if ready := status.Condition(resource.TypeReady); ready.Status != metav1.ConditionTrue {
			// Not ready because of what it waits for (a reference, its
			// object): Ready says so too.
			reason := ready.Reason
			if ready.Status == metav1.ConditionUnknown || reason == "" {
				reason = resource.ReasonUnavailable
			}
			status.SetConditions(condition(resource.TypeReady, metav1.ConditionFalse, reason, err.Error()))
		}
		res = reconcile.Result{RequeueAfter: r.waitDelay(req.NamespacedName, wait.steady)}
		err = nil
	case errors.As(err, &retry):
		status.SetConditions(condition(resource.TypeSynced, metav1.ConditionFalse, resource.ReasonReconcileError, r.explainFor(mg, err)))
		res = reconcile.Result{RequeueAfter: max(retry.delay, time.Millisecond)}
		err = nil
	case r.isMistake(err):
		// A value the provider refuses, a connection Secret of another
		// object: the user fixes it, as the condition says. Retried with
		// the work queue's back-off (a change of the object enqueues it at
		// once), without an error in the manager's log.
		msg := r.explainFor(mg, err)
		status.SetConditions(condition(resource.TypeSynced, metav1.ConditionFalse, resource.ReasonReconcileError, msg))
		ctrl.LoggerFrom(ctx).V(1).Info("waiting for the object to be fixed", "problem", msg)
		res, err = reconcile.Result{Requeue: true}, nil
	default:
		msg := r.explainFor(mg, err)
		status.SetConditions(condition(resource.TypeSynced, metav1.ConditionFalse, resource.ReasonReconcileError, msg))
		var ve *versionError
		if errors.As(err, &ve) {
			event = EventProviderVersionUnavailable
		}
	}
	if ready := status.Condition(resource.TypeReady); wait == nil && ready.Status == metav1.ConditionFalse && ready.Message != "" {
		// What it waited for came; Synced says what is wrong now.
		status.SetConditions(condition(resource.TypeReady, metav1.ConditionFalse, ready.Reason, ""))
	}
	if status.Condition(resource.TypeReady).Status == metav1.ConditionUnknown {
		// An object that never became ready says so: Ready=False, and
		// Synced says why. Ready=True stays while the resource exists
		// (Synced=False tells the last reconcile failed), as Creating
		// and Deleting do while the controller keeps trying.
		status.SetConditions(condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonUnavailable, ""))
	}
	if uerr := r.client.Status().Update(ctx, mg); kerrors.IsConflict(uerr) {
		// The next reconcile, of the new version, says the same.
		return r.requeueConflict(ctx, dir, uerr)
	} else if uerr != nil && !kerrors.IsNotFound(uerr) {
		r.ops.unreport(dir)
		return res, errors.Join(err, uerr)
	}
	r.ops.reported(dir)
	if now := status.Condition(resource.TypeSynced); r.events != nil && !now.Equal(synced) {
		// What is wrong now, for kubectl describe (as Crossplane's managed
		// resources have it); the same failure again records nothing.
		r.events.Event(mg, corev1.EventTypeWarning, event, now.Message)
	}
	return res, err
}

// mistakeError is a mistake in an object that its condition names and
// only its author can fix (see isMistake).
type mistakeError struct{ err error }

func (e *mistakeError) Error() string { return e.err.Error() }
func (e *mistakeError) Unwrap() error { return e.err }

// isMistake says whether a reconcile's error is a mistake in the object:
// a mistakeError, or a plan the provider refused because of values of the
// object (every diagnostic names the field that sets the value).
func (r *Reconciler) isMistake(err error) bool {
	var m *mistakeError
	if errors.As(err, &m) {
		return true
	}
	var ee *engineError
	if !errors.As(err, &ee) || ee.command != "plan" || len(ee.diags) == 0 {
		return false
	}
	mg := r.reg.New()
	for _, d := range ee.diags {
		if fieldOfDiagnostic(mg, d) == "" {
			return false
		}
	}
	return true
}

// requeueConflict ends a reconcile whose write found the object changed
// since it was read (another writer, or a cache behind the API server): a
// normal race, not an error. Nothing of it is lost: the end of a
// background operation it took is reported again, by the reconcile that
// reads the new version, which the work queue runs after its back-off.
func (r *Reconciler) requeueConflict(ctx context.Context, dir string, err error) (reconcile.Result, error) {
	r.ops.unreport(dir)
	ctrl.LoggerFrom(ctx).V(1).Info("the object changed during the reconcile; reconciling the new version", "conflict", err.Error())
	return reconcile.Result{Requeue: true}, nil
}

// sameConditions says whether two condition lists say the same, ignoring
// transition times.
func sameConditions(a, b []resource.Condition) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

func condition(t resource.ConditionType, s metav1.ConditionStatus, reason resource.ConditionReason, msg string) resource.Condition {
	return resource.Condition{Type: t, Status: s, Reason: reason, Message: msg, LastTransitionTime: metav1.Now()}
}

func (r *Reconciler) dir(mg resource.Terraformed) string {
	return filepath.Join(r.root, strings.ToLower(r.reg.Kind.Kind)+"."+r.reg.Kind.Group, mg.GetName())
}

func (r *Reconciler) reconcile(ctx context.Context, mg resource.Terraformed) (reconcile.Result, error) {
	spec := mg.GetResourceSpec()
	policies := spec.ManagementPolicies
	status := mg.GetResourceStatus()
	dir := r.dir(mg)

	if meta(mg, AnnotationPaused) == "true" {
		// Not even a delete: the finalizer keeps the object until the
		// annotation goes, whose change enqueues it again.
		before := status.DeepCopy()
		status.SetConditions(condition(resource.TypeSynced, metav1.ConditionFalse, resource.ReasonReconcilePaused,
			"reconciliation is paused by the annotation "+AnnotationPaused))
		if !sameConditions(before.Conditions, status.Conditions) {
			return reconcile.Result{}, client.IgnoreNotFound(r.client.Status().Update(ctx, mg))
		}
		return reconcile.Result{}, nil
	}
	if mg.GetDeletionTimestamp() != nil {
		return r.delete(ctx, mg, dir)
	}
	if res, busy, err := r.operation(ctx, mg, dir); busy || err != nil {
		return res, err
	}
	// A kind whose name argument is its identity gets the object's name as
	// its external name (Crossplane's default) before anything else, so
	// that the argument has a value and a lost workspace can be rebuilt.
	nameless := mg.GetExternalName().NameArgument != "" && meta(mg, resource.AnnotationExternalName) == ""
	if nameless {
		setMeta(mg, resource.AnnotationExternalName, mg.GetName())
	}
	// The ProviderConfig's label goes on before the ProviderConfig gets
	// its in-use finalizer (in observe), so that the check before that
	// finalizer is taken off finds the object by label.
	labelled := r.reg.ProviderConfig == nil || labelledUser(mg)
	if !controllerutil.ContainsFinalizer(mg, Finalizer) || nameless || !labelled {
		controllerutil.AddFinalizer(mg, Finalizer)
		if err := r.client.Update(ctx, mg); err != nil {
			return reconcile.Result{}, err
		}
	}
	if !policies.Allows(resource.ManagementCreate) && meta(mg, resource.AnnotationExternalName) == "" {
		// Nothing to observe: the resource is found by its external name,
		// and only a create would give one.
		return reconcile.Result{}, fmt.Errorf("the management policies (%v) do not allow creating the external resource, and the object has no external name to find an existing one by: set the annotation %s to its identifier, or allow Create", policies, resource.AnnotationExternalName)
	}
	if err := r.resolveReferences(ctx, mg); err != nil {
		return reconcile.Result{}, err
	}

	ws, obs, err := r.observe(ctx, mg, dir, false)
	if err != nil {
		return reconcile.Result{}, err
	}
	if !obs.exists && !policies.Allows(resource.ManagementCreate) {
		// Gone, or never there: not ready, whatever it was before.
		status.SetConditions(condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonUnavailable, ""))
	}
	if !policies.Allows(resource.ManagementCreate) && !policies.Allows(resource.ManagementUpdate) && !policies.Allows(resource.ManagementDelete) && !obs.exists {
		return reconcile.Result{}, fmt.Errorf("the external resource %q does not exist, and the management policies (%v) do not allow creating it", meta(mg, resource.AnnotationExternalName), policies)
	}

	switch {
	case !obs.exists:
		if !policies.Allows(resource.ManagementCreate) {
			return reconcile.Result{}, fmt.Errorf("the external resource does not exist, and the management policies (%v) do not allow creating it", policies)
		}
		// A create whose manager died before recording its end: one that
		// failed (its output says so) is tried again, like a failed
		// create this manager ran.
		if pending := meta(mg, AnnotationCreatePending); pending != "" && meta(mg, resource.AnnotationExternalName) == "" && !ws.earlierCreateFailed(pending) {
			return reconcile.Result{}, fmt.Errorf("a create was started (annotation %s) but its result is unknown: the external resource may exist. If it does not, remove the annotation to create it", AnnotationCreatePending)
		}
		return r.create(ctx, mg, ws)
	case !obs.upToDate && policies.Allows(resource.ManagementUpdate):
		if err := r.replaceAllowed(policies, obs); err != nil {
			return reconcile.Result{}, err
		}
		// In the background; the reconcile after it observes the result
		// (and records a new identity after a replacement). The resource
		// exists: an adopted one is Available during its first update.
		status.SetConditions(
			condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, ""),
			condition(resource.TypeAsyncOperation, metav1.ConditionTrue, resource.ReasonOngoing, opUpdate),
		)
		if err := r.client.Status().Update(ctx, mg); err != nil {
			return reconcile.Result{}, err
		}
		r.ops.start(dir, opUpdate, r.opts.Timeout, mg.DeepCopyObject().(client.Object), r.done, ws.apply)
		return reconcile.Result{}, nil
	}
	// Record the external name when it is missing (a create whose manager
	// died before writing it, adopted from the state) or when a
	// replacement gave the resource a new identity.
	if name, err := r.externalName(obs.attrs); err == nil && name != meta(mg, resource.AnnotationExternalName) && policies.Allows(resource.ManagementCreate) {
		setMeta(mg, resource.AnnotationExternalName, name)
		if meta(mg, AnnotationCreatePending) != "" {
			delete(mg.GetAnnotations(), AnnotationCreatePending)
			setMeta(mg, AnnotationCreateSucceeded, time.Now().UTC().Format(time.RFC3339))
		}
		if err := r.updateMeta(ctx, mg); err != nil {
			return reconcile.Result{}, err
		}
	}

	// The resource exists: Available, also when what follows (the
	// connection Secret, late-initialization) fails, which Synced says.
	status.SetConditions(condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, ""))
	if err := r.observed(ctx, mg, obs.attrs); err != nil {
		return reconcile.Result{}, err
	}
	status.SetConditions(condition(resource.TypeSynced, metav1.ConditionTrue, resource.ReasonReconcileOK, ""))
	status.ObservedGeneration = mg.GetGeneration()
	if err := r.client.Status().Update(ctx, mg); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{RequeueAfter: r.opts.Poll}, nil
}

// replaceAllowed refuses an update that replaces the resource (an argument
// that forces replacement changed) when the management policies do not
// allow both deleting and creating it: ["Observe", "Update"] must never
// destroy the resource.
func (r *Reconciler) replaceAllowed(policies resource.ManagementPolicies, obs observation) error {
	if !obs.replace || (policies.Allows(resource.ManagementDelete) && policies.Allows(resource.ManagementCreate)) {
		return nil
	}
	fields := specFields(r.reg.New())
	var named []string
	for _, a := range obs.replacePaths {
		if f, ok := fields[a]; ok {
			a = f
		}
		named = append(named, a)
	}
	what := "the change"
	if len(named) > 0 {
		what = "the change of " + strings.Join(named, ", ")
	}
	return fmt.Errorf("%s replaces the external resource, which the management policies (%v) do not allow: they lack Delete or Create. Undo the change, or allow both", what, policies)
}

// observe prepares the workspace (configuration, init, state rebuilt from
// the external name when lost) and plans. For a delete, a Secret of a
// sensitive argument that is gone (deleted together with the object) is
// no obstacle: the configuration written before is destroyed.
func (r *Reconciler) observe(ctx context.Context, mg resource.Terraformed, dir string, deleting bool) (*workspace, observation, error) {
	var rc renderedConfig
	pb, err := r.providerConfiguration(ctx, mg)
	var params map[string]any
	var initOnly []string
	if err == nil {
		params, initOnly, err = r.arguments(ctx, mg)
	}
	var wait *waitError
	var pce *providerConfigError
	if deleting && (errors.As(err, &wait) || errors.As(err, &pce)) {
		src, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
		if src == nil {
			if pce != nil {
				return nil, observation{}, providerConfigErrorf("%s; the delete needs it to destroy the resource: create it again, or set spec.deletionPolicy to Orphan", pce.msg)
			}
			return nil, observation{}, &waitError{msg: wait.msg + "; the delete needs it to destroy the resource: create it again, or set spec.deletionPolicy to Orphan"}
		}
		if pb == nil {
			pb = &providerBlock{source: r.providerSource(), version: r.providerVersion()}
		}
		rc = writtenConfig(r.reg.TerraformType, src, pb)
	} else if err != nil {
		return nil, observation{}, err
	} else if rc, err = renderConfig(r.reg.TerraformType, params, pb, initOnly...); err != nil {
		return nil, observation{}, err
	}
	_, statErr := os.Stat(dir)
	ws, err := r.eng.workspace(dir, r.reg.TerraformType)
	if err != nil {
		return nil, observation{}, err
	}
	if os.IsNotExist(statErr) {
		metricWorkspaces.Inc()
	}
	if pid, running := ws.applyRunning(); running {
		return nil, observation{}, waitForEarlierApply(pid)
	}
	r.earlierOperationEnded(mg, ws)
	if err := ws.writeConfig(ctx, rc); err != nil {
		return nil, observation{}, err
	}
	// Only a workspace that lost its state (never one whose resource was
	// destroyed) is rebuilt. A manager that stops between the rebuild and
	// its end leaves the marker, and the next observe rebuilds again.
	marker := filepath.Join(dir, rebuildMarker)
	_, markErr := os.Stat(marker)
	var rebuilt func(map[string]any) error
	if !ws.stateWritten() || markErr == nil {
		if meta(mg, resource.AnnotationExternalName) != "" {
			if rebuilt, err = r.rebuild(ctx, mg, ws, params, pb, marker); err != nil {
				return nil, observation{}, err
			}
		}
	}
	obs, err := ws.plan(ctx)
	if err == nil && rebuilt == nil && !obs.exists {
		// The state names a resource that is gone, and the external name
		// another: it was changed (a misspelt name of an ["Observe"]
		// object corrected), and the state is rebuilt for it.
		if rebuilt, err = r.renamed(ctx, mg, ws, params, pb, marker); err == nil && rebuilt != nil {
			obs, err = ws.plan(ctx)
		}
	}
	if err != nil || rebuilt == nil {
		return ws, obs, err
	}
	obs, err = r.rebuildDefaults(ctx, ws, obs, params, rebuilt)
	if err == nil {
		err = os.Remove(marker)
	}
	return ws, obs, err
}

// renamed rebuilds the state from the external name when the state holds a
// resource of another external name, returning the rebuild; nil when the
// names agree or there is no resource in the state (a destroyed one is
// never rebuilt).
func (r *Reconciler) renamed(ctx context.Context, mg resource.Terraformed, ws *workspace, params map[string]any, pb *providerBlock, marker string) (func(map[string]any) error, error) {
	name := meta(mg, resource.AnnotationExternalName)
	attrs := ws.stateAttributes()
	if name == "" || attrs == nil {
		return nil, nil
	}
	if old, err := r.externalName(attrs); err != nil || old == name {
		return nil, nil
	}
	return r.rebuild(ctx, mg, ws, params, pb, marker)
}

// rebuild writes a state holding the resource of the external name, with
// the spec's arguments, leaving marker until the rebuild is over, and
// returns the function that writes it again with more attributes.
func (r *Reconciler) rebuild(ctx context.Context, mg resource.Terraformed, ws *workspace, params map[string]any, pb *providerBlock, marker string) (func(map[string]any) error, error) {
	name := meta(mg, resource.AnnotationExternalName)
	id := name
	switch {
	case !r.hasID(mg):
		// A type without an id (named by NameAsIdentifier): the name
		// argument, in params, is its identity.
		id = ""
	case r.cfg != nil && r.cfg.ExternalName.GetIDFn != nil:
		var err error
		if id, err = r.cfg.ExternalName.GetIDFn(ctx, name, params); err != nil {
			return nil, err
		}
	}
	rebuilt := func(extra map[string]any) error {
		attrs := maps.Clone(params)
		maps.Copy(attrs, extra)
		source := pb.source
		if source == "" {
			source = providerAddress(r.reg.TerraformType)
		}
		return ws.importState(id, attrs, mg.GetTerraformSchemaVersion(), source)
	}
	if err := os.WriteFile(marker, nil, 0o600); err != nil {
		return nil, err
	}
	return rebuilt, rebuilt(nil)
}

// hasID says whether the resource type of mg has an id attribute: by its
// schema in the configuration, else by the kind, whose status.atProvider
// holds every computed attribute, the id among them.
func (r *Reconciler) hasID(mg resource.Terraformed) bool {
	if r.cfg != nil && r.cfg.Schema != nil && r.cfg.Schema.Block != nil {
		return r.cfg.Schema.Block.Attribute("id") != nil
	}
	return observesID(mg)
}

// rebuildMarker is in a workspace whose state is being rebuilt from the
// external name.
const rebuildMarker = ".tfkit-rebuild"

// rebuildDefaults rebuilds the state again when the plan of the rebuilt
// state replaces the resource because of arguments the spec leaves unset.
func (r *Reconciler) rebuildDefaults(ctx context.Context, ws *workspace, obs observation, params map[string]any, rebuilt func(map[string]any) error) (observation, error) {
	if !obs.replace {
		return obs, nil
	}
	// The rebuilt state knows only the spec's arguments. An argument the
	// spec leaves to the provider's default is null in it, and a default
	// that forces replacement (random_pet's length) would replace the
	// adopted resource: it is taken to have the planned default, once.
	extra := map[string]any{}
	for _, a := range obs.replacePaths {
		if v, ok := obs.planned[a]; ok && v != nil && params[a] == nil {
			extra[a] = v
		}
	}
	if len(extra) == 0 {
		return obs, nil
	}
	if err := rebuilt(extra); err != nil {
		return observation{}, err
	}
	return ws.plan(ctx)
}

// create applies the plan, then records the external name before anything
// else can fail.
func (r *Reconciler) create(ctx context.Context, mg resource.Terraformed, ws *workspace) (reconcile.Result, error) {
	setMeta(mg, AnnotationCreatePending, time.Now().UTC().Format(time.RFC3339))
	status := mg.GetResourceStatus()
	saved := status.DeepCopy()
	if err := r.client.Update(ctx, mg); err != nil {
		return reconcile.Result{}, err
	}
	*status = *saved
	status.SetConditions(
		condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonCreating, ""),
		condition(resource.TypeAsyncOperation, metav1.ConditionTrue, resource.ReasonOngoing, opCreate),
	)
	// The pending annotation is written: the create must start now, or
	// the next reconcile would find a create of unknown result. A status
	// that a change of the object meanwhile refuses is written by the
	// next reconcile, which finds the create running.
	if err := r.client.Status().Update(ctx, mg); err != nil && !kerrors.IsConflict(err) {
		return reconcile.Result{}, err
	}
	r.ops.start(r.dir(mg), opCreate, r.opts.Timeout, mg.DeepCopyObject().(client.Object), r.done, func(ctx context.Context) error {
		return r.applyCreate(ctx, mg, ws)
	})
	return reconcile.Result{}, nil
}

// applyCreate is the background part of a create: the apply, then the
// external name recorded on the object before anything else, even when the
// manager is stopping.
func (r *Reconciler) applyCreate(ctx context.Context, mg resource.Terraformed, ws *workspace) error {
	applyErr := ws.apply(ctx)
	// The record must be written even when the apply was interrupted by
	// the manager's end: a context of its own.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	var attrs map[string]any
	if applyErr == nil || ws.hasState() {
		var err error
		attrs, err = ws.attributes(ctx)
		if applyErr == nil && err != nil {
			applyErr = err
		}
	}
	if attrs != nil {
		name, err := r.externalName(attrs)
		if err != nil {
			return err
		}
		setMeta(mg, resource.AnnotationExternalName, name)
		setMeta(mg, AnnotationCreateSucceeded, time.Now().UTC().Format(time.RFC3339))
	} else {
		setMeta(mg, AnnotationCreateFailed, time.Now().UTC().Format(time.RFC3339))
	}
	delete(mg.GetAnnotations(), AnnotationCreatePending)
	// Retried hard: this write is what keeps the resource from being
	// created twice.
	if err := r.updateMeta(ctx, mg); err != nil {
		return errors.Join(applyErr, err)
	}
	return applyErr
}

// operation reports the background operation of the object's workspace:
// one under way (busy: the reconcile ends here, without an engine; the
// operation's end enqueues the object again), or the one that just ended,
// whose failure is this reconcile's error.
func (r *Reconciler) operation(ctx context.Context, mg resource.Terraformed, dir string) (reconcile.Result, bool, error) {
	op, running := r.ops.state(dir)
	if op == nil {
		if wait, err := r.ops.backoff(dir, mg.GetGeneration()); err != nil {
			return reconcile.Result{}, true, &retryError{err: err, delay: wait}
		}
		return reconcile.Result{}, false, nil
	}
	status := mg.GetResourceStatus()
	if running {
		before := status.DeepCopy()
		status.SetConditions(condition(resource.TypeAsyncOperation, metav1.ConditionTrue, resource.ReasonOngoing,
			op.kind+" running since "+op.started.UTC().Format(time.RFC3339)))
		switch op.kind {
		case opCreate:
			status.SetConditions(condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonCreating, ""))
		case opDelete:
			status.SetConditions(condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonDeleting, ""))
		}
		// Written once per operation: every reconcile meanwhile would
		// write the same, and API writes are what many objects queue on.
		if !sameConditions(before.Conditions, status.Conditions) {
			if err := r.client.Status().Update(ctx, mg); err != nil && !kerrors.IsConflict(err) && !kerrors.IsNotFound(err) {
				return reconcile.Result{}, true, err
			}
		}
		return reconcile.Result{RequeueAfter: r.opts.Poll}, true, nil
	}
	status.SetConditions(condition(resource.TypeAsyncOperation, metav1.ConditionFalse, resource.ReasonFinished, ""))
	if op.err != nil {
		reason := resource.ReasonApplyFailure
		if op.kind == opDelete {
			reason = resource.ReasonDestroyFailure
		}
		status.SetConditions(condition(resource.TypeLastAsyncOperation, metav1.ConditionFalse, reason, r.explainFor(mg, op.err)))
		// Reconcile writes the status with Synced=False and the message;
		// the retry comes after the back-off of the workspace.
		wait, _ := r.ops.backoff(dir, mg.GetGeneration())
		return reconcile.Result{}, true, &retryError{err: op.err, delay: wait}
	}
	status.SetConditions(condition(resource.TypeLastAsyncOperation, metav1.ConditionTrue, resource.ReasonSuccess, ""))
	if e, ok := operationEvents[op.kind]; ok && r.events != nil && !op.announced {
		op.announced = true
		r.events.Event(mg, corev1.EventTypeNormal, e.reason, e.msg)
	}
	return reconcile.Result{}, false, nil
}

// operationEvents are the Normal events of the operations that succeeded,
// by kind, as Crossplane's managed resources have them.
var operationEvents = map[string]struct{ reason, msg string }{
	opCreate: {"CreatedExternalResource", "Successfully created the external resource"},
	opUpdate: {"UpdatedExternalResource", "Successfully updated the external resource"},
	opDelete: {"DeletedExternalResource", "Successfully deleted the external resource"},
}

// updateMeta writes mg's annotations, re-reading the object on conflicts;
// mg keeps its status and gets the new resource version.
func (r *Reconciler) updateMeta(ctx context.Context, mg resource.Terraformed) error {
	// An update returns the object as stored, status included: the
	// status this reconcile set so far is put back.
	status := mg.GetResourceStatus().DeepCopy()
	defer func() { *mg.GetResourceStatus() = *status }()
	err := r.client.Update(ctx, mg)
	for i := 0; i < 10 && kerrors.IsConflict(err); i++ {
		fresh := r.reg.New()
		if gerr := r.client.Get(ctx, client.ObjectKeyFromObject(mg), fresh); gerr != nil {
			return gerr
		}
		a := fresh.GetAnnotations()
		if a == nil {
			a = map[string]string{}
		}
		for k, v := range mg.GetAnnotations() {
			a[k] = v
		}
		for _, k := range []string{AnnotationCreatePending} {
			if _, ok := mg.GetAnnotations()[k]; !ok {
				delete(a, k)
			}
		}
		fresh.SetAnnotations(a)
		if err = r.client.Update(ctx, fresh); err == nil {
			mg.SetAnnotations(fresh.GetAnnotations())
			mg.SetResourceVersion(fresh.GetResourceVersion())
		}
	}
	return err
}

// externalName is the external name of the resource whose state
// attributes are attrs: GetExternalNameFn's, else the name argument of a
// kind whose name is its identity, else the id.
func (r *Reconciler) externalName(attrs map[string]any) (string, error) {
	if r.cfg != nil && r.cfg.ExternalName.GetExternalNameFn != nil {
		return r.cfg.ExternalName.GetExternalNameFn(attrs)
	}
	if arg := r.reg.New().GetExternalName().NameArgument; arg != "" {
		// Not the id, which may differ (docker_container's is a hash):
		// the name would then change to it, and the resource be replaced.
		if name, _ := attrs[arg].(string); name != "" {
			return name, nil
		}
		return "", fmt.Errorf("the state has no %s after create", arg)
	}
	id, _ := attrs["id"].(string)
	if id == "" {
		return "", errors.New("the state has no id after create")
	}
	return id, nil
}

// observed fills status.atProvider, late-initializes spec.forProvider and
// writes the connection Secret from the state's attributes.
func (r *Reconciler) observed(ctx context.Context, mg resource.Terraformed, attrs map[string]any) error {
	policies := mg.GetResourceSpec().ManagementPolicies
	if policies.Allows(resource.ManagementLateInitialize) {
		changed, err := r.lateInitialize(mg, attrs)
		if err != nil {
			return err
		}
		if changed {
			status := mg.GetResourceStatus().DeepCopy()
			if err := r.client.Update(ctx, mg); err != nil {
				return err
			}
			*mg.GetResourceStatus() = *status
		}
	}
	if err := mg.SetObservation(attrs); err != nil {
		return fmt.Errorf("status.atProvider: %w", err)
	}
	return r.publishConnection(ctx, mg, attrs)
}

// lateInitialize copies attributes the spec leaves unset from the state
// into spec.forProvider, keeping every field the spec sets (including
// references and secret references).
func (r *Reconciler) lateInitialize(mg resource.Terraformed, attrs map[string]any) (bool, error) {
	params, err := mg.GetParameters()
	if err != nil {
		return false, err
	}
	ignored := map[string]bool{}
	for _, f := range mg.GetLateInitializeIgnored() {
		ignored[f] = true
	}
	for k := range mg.GetSensitiveParameters() {
		ignored[k] = true
	}
	// What spec.initProvider sets stays there: copied into
	// spec.forProvider, it would count for updates.
	if ip, ok := mg.(resource.InitParameterized); ok {
		init, err := ip.GetInitParameters()
		if err != nil {
			return false, err
		}
		for k := range init {
			ignored[k] = true
		}
	}
	fill := map[string]any{}
	for k, v := range attrs {
		if _, set := params[k]; set || ignored[k] || empty(v) {
			continue
		}
		fill[k] = v
	}
	if len(fill) == 0 {
		return false, nil
	}
	// The kind's own conversion decides which attributes are arguments.
	shaped := r.reg.New()
	if err := shaped.SetParameters(fill); err != nil {
		return false, err
	}
	from, err := runtime.DefaultUnstructuredConverter.ToUnstructured(shaped)
	if err != nil {
		return false, err
	}
	add, _, _ := unstructuredMap(from, "spec", "forProvider")
	if len(add) == 0 {
		return false, nil
	}
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(mg)
	if err != nil {
		return false, err
	}
	fp, _, _ := unstructuredMap(u, "spec", "forProvider")
	if fp == nil {
		return false, nil
	}
	changed := false
	for k, v := range add {
		if _, ok := fp[k]; !ok {
			fp[k] = v
			changed = true
		}
	}
	if !changed {
		return false, nil
	}
	return true, runtime.DefaultUnstructuredConverter.FromUnstructured(u, mg)
}

func empty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

func unstructuredMap(u map[string]any, path ...string) (map[string]any, bool, error) {
	cur := u
	for _, p := range path {
		next, ok := cur[p].(map[string]any)
		if !ok {
			return nil, false, nil
		}
		cur = next
	}
	return cur, true, nil
}

// delete destroys the external resource (deletionPolicy Delete) or lets it
// go (Orphan), then removes the finalizer and the workspace.
func (r *Reconciler) delete(ctx context.Context, mg resource.Terraformed, dir string) (reconcile.Result, error) {
	if !controllerutil.ContainsFinalizer(mg, Finalizer) {
		return reconcile.Result{}, nil
	}
	fresh := r.reg.New()
	if err := r.reader.Get(ctx, client.ObjectKeyFromObject(mg), fresh); err != nil || !controllerutil.ContainsFinalizer(fresh, Finalizer) {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if res, busy, err := r.operation(ctx, mg, dir); busy || err != nil {
		return res, err
	}
	spec := mg.GetResourceSpec()
	_, statErr := os.Stat(dir)
	nothing := os.IsNotExist(statErr) && meta(mg, resource.AnnotationExternalName) == ""
	if statErr == nil && !nothing {
		var err error
		if nothing, err = r.nothingToDestroy(mg, dir); err != nil {
			return reconcile.Result{}, err
		}
	}
	if !nothing && spec.DeletionPolicy != resource.DeletionOrphan && spec.ManagementPolicies.Allows(resource.ManagementDelete) {
		mg.GetResourceStatus().SetConditions(condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonDeleting, ""))
		_ = r.client.Status().Update(ctx, mg)
		ws, obs, err := r.observe(ctx, mg, dir, true)
		if err != nil {
			return reconcile.Result{}, err
		}
		if obs.exists {
			// In the background; the reconcile after it finds nothing and
			// lets the object go.
			mg.GetResourceStatus().SetConditions(condition(resource.TypeAsyncOperation, metav1.ConditionTrue, resource.ReasonOngoing, opDelete))
			if err := r.client.Status().Update(ctx, mg); err != nil {
				return reconcile.Result{}, client.IgnoreNotFound(err)
			}
			r.ops.start(dir, opDelete, r.opts.Timeout, mg.DeepCopyObject().(client.Object), r.done, ws.destroy)
			return reconcile.Result{}, nil
		}
	}
	if err := r.unpublishConnection(ctx, mg); err != nil {
		return reconcile.Result{}, err
	}
	if err := os.RemoveAll(dir); err != nil {
		return reconcile.Result{}, err
	}
	metricWorkspaces.Dec()
	r.ops.forget(dir)
	return reconcile.Result{}, r.removeFinalizer(ctx, mg)
}

// removeFinalizer lets the object go. The workspace is gone by now: a
// change of the object meanwhile (a conflict) must not make the next
// reconcile rebuild it and destroy again, so the removal is retried on
// the new version.
func (r *Reconciler) removeFinalizer(ctx context.Context, mg resource.Terraformed) error {
	controllerutil.RemoveFinalizer(mg, Finalizer)
	err := r.client.Update(ctx, mg)
	for i := 0; i < 10 && kerrors.IsConflict(err); i++ {
		fresh := r.reg.New()
		if err = r.reader.Get(ctx, client.ObjectKeyFromObject(mg), fresh); err != nil {
			break
		}
		if !controllerutil.RemoveFinalizer(fresh, Finalizer) {
			return nil
		}
		err = r.client.Update(ctx, fresh)
	}
	return client.IgnoreNotFound(err)
}

// nothingToDestroy says whether the workspace dir holds no resource that
// a destroy could reach: its state has none (a create that failed, or
// none ever ran) and cannot be rebuilt from the external name (the state
// was written, or there is no name), and no earlier manager's apply is
// running in it. Such an object is let go without a plan, which a spec the
// provider refuses would fail at every try.
func (r *Reconciler) nothingToDestroy(mg resource.Terraformed, dir string) (bool, error) {
	ws, err := r.eng.workspace(dir, r.reg.TerraformType)
	if err != nil {
		return false, err
	}
	if _, running := ws.applyRunning(); running {
		return false, nil
	}
	if _, err := os.Stat(filepath.Join(dir, rebuildMarker)); err == nil {
		return false, nil
	}
	return !ws.hasState() && (ws.stateWritten() || meta(mg, resource.AnnotationExternalName) == ""), nil
}

// arguments returns the Terraform arguments of mg (spec.forProvider over
// spec.initProvider, sensitive ones read from their Secrets) and the paths
// only spec.initProvider sets, as lifecycle.ignore_changes spells them.
func (r *Reconciler) arguments(ctx context.Context, mg resource.Terraformed) (map[string]any, []string, error) {
	params, err := mg.GetParameters()
	if err != nil {
		return nil, nil, err
	}
	if params == nil {
		params = map[string]any{}
	}
	var init map[string]any
	if ip, ok := mg.(resource.InitParameterized); ok {
		if init, err = ip.GetInitParameters(); err != nil {
			return nil, nil, err
		}
		if init == nil {
			init = map[string]any{}
		}
	}
	// The name argument is not in spec.forProvider: the external name is
	// its value.
	if arg := mg.GetExternalName().NameArgument; arg != "" {
		name := meta(mg, resource.AnnotationExternalName)
		if name == "" {
			name = mg.GetName()
		}
		params[arg] = name
	}
	read := func(path string, sel map[string]any) (string, error) {
		name, _ := sel["name"].(string)
		ns, _ := sel["namespace"].(string)
		key, _ := sel["key"].(string)
		var s corev1.Secret
		if err := r.client.Get(ctx, types.NamespacedName{Namespace: ns, Name: name}, &s); err != nil {
			if kerrors.IsNotFound(err) {
				return "", &waitError{msg: fmt.Sprintf("%s: Secret %s/%s not found; create it or fix %s", path, ns, name, path)}
			}
			return "", fmt.Errorf("%s: %w", path, err)
		}
		v, ok := s.Data[key]
		if !ok {
			return "", &waitError{msg: fmt.Sprintf("%s: Secret %s/%s has no key %q; add it or fix %s.key", path, ns, name, key, path)}
		}
		return string(v), nil
	}
	if err := secretArguments(mg, params, "forProvider", read); err != nil {
		return nil, nil, err
	}
	if init == nil {
		return params, nil, nil
	}
	// Its sensitive arguments are not in the map yet: an initProvider
	// that sets only those is not empty.
	if err := secretArguments(mg, init, "initProvider", read); err != nil {
		return nil, nil, err
	}
	var initOnly []string
	if fp, ok := forProviderType(mg); ok {
		initOnly = initOnlyPaths(fp, init, params, "", nil)
	}
	mergeInit(params, init)
	return params, initOnly, nil
}

// mergeInit merges the Terraform arguments of spec.initProvider under
// params (spec.forProvider's): what params sets wins, objects and maps are
// merged key by key, and a list is taken whole from one side.
func mergeInit(params, init map[string]any) {
	for k, iv := range init {
		pv, ok := params[k]
		if !ok || pv == nil {
			params[k] = iv
			continue
		}
		pm, pok := pv.(map[string]any)
		im, iok := iv.(map[string]any)
		if pok && iok {
			mergeInit(pm, im)
		}
	}
}

// initOnlyPaths appends the paths of the values init sets and params do
// not, in the syntax of lifecycle.ignore_changes (cidr_block,
// endpoint.host, tags["team"]), sorted: those count for the create and
// not afterwards. t is the Go type of the values at path (the kind's
// spec.forProvider at the top); it says whether a key is an attribute of
// an object (.name) or a key of a map (["key"]). A list set in both is
// params', whole.
func initOnlyPaths(t reflect.Type, init, params map[string]any, path string, out []string) []string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	keys := make([]string, 0, len(init))
	for k := range init {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var (
			child reflect.Type
			at    string
		)
		switch {
		case t != nil && t.Kind() == reflect.Map:
			child, at = t.Elem(), path+"["+hclString(k)+"]"
		default:
			if t != nil && t.Kind() == reflect.Struct {
				if f, ok := fieldByTF(t, k); ok {
					child = f.Type
				}
			}
			at = k
			if path != "" {
				at = path + "." + k
			}
		}
		iv := init[k]
		if iv == nil {
			continue
		}
		pv := params[k]
		if pv == nil {
			out = append(out, at)
			continue
		}
		im, iok := iv.(map[string]any)
		pm, pok := pv.(map[string]any)
		if iok && pok && child != nil {
			out = initOnlyPaths(child, im, pm, at, out)
		}
	}
	return out
}

// hclString quotes s as an HCL string: Go's escapes, and the template
// sequences ${ and %{ doubled to stay literal.
func hclString(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q, "${", "$${")
	return strings.ReplaceAll(q, "%{", "%%{")
}

// forProviderType is the Go type of mg's spec.forProvider, which
// spec.initProvider mirrors.
func forProviderType(mg resource.Terraformed) (reflect.Type, bool) {
	spec, ok := reflect.TypeOf(mg).Elem().FieldByName("Spec")
	if !ok {
		return nil, false
	}
	fp, ok := spec.Type.FieldByName("ForProvider")
	if !ok {
		return nil, false
	}
	return fp.Type, true
}

// secretArguments sets the sensitive arguments in the Terraform arguments
// params (mg's spec.<under>: forProvider or initProvider) to what read
// returns for the path and the secret key selector of each.
// GetSensitiveParameters gives the selectors' paths under
// spec.forProvider; spec.initProvider has them at the same paths.
func secretArguments(mg resource.Terraformed, params map[string]any, under string, read func(path string, sel map[string]any) (string, error)) error {
	sp := mg.GetSensitiveParameters()
	if len(sp) == 0 {
		return nil
	}
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(mg)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(sp))
	for k := range sp {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, attr := range names {
		jsonPath := strings.Split(sp[attr], ".")
		if len(jsonPath) < 3 || jsonPath[0] != "spec" || jsonPath[1] != "forProvider" {
			return fmt.Errorf("sensitive parameter %s: %s is not under spec.forProvider", attr, sp[attr])
		}
		fp, _, _ := unstructuredMap(u, "spec", under)
		if err := fillSecrets(params, fp, strings.Split(attr, "."), jsonPath[2:], "spec."+under, read); err != nil {
			return err
		}
	}
	return nil
}

// fillSecrets sets the sensitive argument at tfPath of the Terraform
// arguments params from the secret key selector at jsonPath of the object's
// spec.forProvider fp, in every element of the blocks on the way
// (jsonPath's "[*]" parts): a password in a list of auth blocks is read for
// each block that has a selector. at is fp's path, for messages.
func fillSecrets(params, fp map[string]any, tfPath, jsonPath []string, at string, read func(path string, sel map[string]any) (string, error)) error {
	if params == nil || fp == nil || len(tfPath) != len(jsonPath) {
		return nil
	}
	jsonName := strings.TrimSuffix(jsonPath[0], "[*]")
	at += "." + jsonName
	if len(tfPath) == 1 {
		sel, ok := fp[jsonName].(map[string]any)
		if !ok {
			return nil
		}
		v, err := read(at, sel)
		if err == nil {
			params[tfPath[0]] = v
		}
		return err
	}
	switch objs := fp[jsonName].(type) {
	case []any:
		blocks, _ := params[tfPath[0]].([]any)
		for i := range min(len(objs), len(blocks)) {
			o, _ := objs[i].(map[string]any)
			b, _ := blocks[i].(map[string]any)
			if err := fillSecrets(b, o, tfPath[1:], jsonPath[1:], fmt.Sprintf("%s[%d]", at, i), read); err != nil {
				return err
			}
		}
	case map[string]any:
		b, _ := params[tfPath[0]].(map[string]any)
		return fillSecrets(b, objs, tfPath[1:], jsonPath[1:], at, read)
	}
	return nil
}

// publishConnection writes the sensitive attributes and the configuration's
// extra keys to the Secret writeConnectionSecretToRef names.
func (r *Reconciler) publishConnection(ctx context.Context, mg resource.Terraformed, attrs map[string]any) error {
	ref := mg.GetResourceSpec().WriteConnectionSecretToRef
	if ref == nil {
		return nil
	}
	data, err := connectionDetails(attrs, mg.GetConnectionDetailsMapping())
	if err != nil {
		return err
	}
	if r.cfg != nil && r.cfg.Sensitive.AdditionalConnectionDetailsFn != nil {
		extra, err := r.cfg.Sensitive.AdditionalConnectionDetailsFn(attrs)
		if err != nil {
			return fmt.Errorf("connection details: %w", err)
		}
		for k, v := range extra {
			data[k] = v
		}
	}
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: ref.Name, Namespace: ref.Namespace}}
	_, err = controllerutil.CreateOrUpdate(ctx, r.client, s, func() error {
		// Never overwrite a Secret someone else keeps there: its data
		// would be replaced by this object's.
		if owner := metav1.GetControllerOf(s); owner != nil && owner.UID != mg.GetUID() {
			// With the API: one of another API can have the same kind and
			// name as this object.
			return &mistakeError{fmt.Errorf("it belongs to %s %q of %s: name another Secret in spec.writeConnectionSecretToRef", owner.Kind, owner.Name, owner.APIVersion)}
		}
		if s.CreationTimestamp.IsZero() || s.Type == connectionSecretType {
			// The object owns it, so that the delete removes it (and the
			// garbage collector, if the object goes without us).
			s.OwnerReferences = ownedBy(s.OwnerReferences, r.ownerReference(mg))
		} else if metav1.GetControllerOf(s) == nil {
			return &mistakeError{fmt.Errorf("a Secret of type %s, not made for this object, exists there: name another Secret in spec.writeConnectionSecretToRef", s.Type)}
		}
		s.Type = connectionSecretType
		s.Data = data
		return nil
	})
	var status kerrors.APIStatus
	if errors.As(err, &status) && kerrors.IsNotFound(err) && status.Status().Details != nil && status.Status().Details.Kind == "namespaces" {
		return &mistakeError{fmt.Errorf("connection Secret %s/%s: namespace %q not found; create it or fix spec.writeConnectionSecretToRef", ref.Namespace, ref.Name, ref.Namespace)}
	}
	if err != nil {
		return fmt.Errorf("connection Secret %s/%s: %w", ref.Namespace, ref.Name, err)
	}
	return nil
}

// connectionSecretType is the type of the Secrets publishConnection writes.
const connectionSecretType corev1.SecretType = "connection.crossplane.io/v1alpha1"

// ownerReference makes mg the controller of a connection Secret.
func (r *Reconciler) ownerReference(mg resource.Terraformed) metav1.OwnerReference {
	yes := true
	return metav1.OwnerReference{
		APIVersion: r.reg.Kind.GroupVersion().String(), Kind: r.reg.Kind.Kind,
		Name: mg.GetName(), UID: mg.GetUID(), Controller: &yes,
	}
}

// ownedBy returns refs with ref in place of any reference to the same
// object.
func ownedBy(refs []metav1.OwnerReference, ref metav1.OwnerReference) []metav1.OwnerReference {
	out := []metav1.OwnerReference{ref}
	for _, o := range refs {
		if o.UID != ref.UID {
			out = append(out, o)
		}
	}
	return out
}

// unpublishConnection deletes the connection Secret when mg controls it:
// the credentials of a resource that is deleted or let go are not left
// behind.
func (r *Reconciler) unpublishConnection(ctx context.Context, mg resource.Terraformed) error {
	ref := mg.GetResourceSpec().WriteConnectionSecretToRef
	if ref == nil {
		return nil
	}
	var s corev1.Secret
	if err := r.client.Get(ctx, types.NamespacedName{Namespace: ref.Namespace, Name: ref.Name}, &s); err != nil {
		return client.IgnoreNotFound(err)
	}
	if owner := metav1.GetControllerOf(&s); owner == nil || owner.UID != mg.GetUID() {
		return nil
	}
	if err := r.client.Delete(ctx, &s); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("connection Secret %s/%s: %w", ref.Namespace, ref.Name, err)
	}
	return nil
}

func meta(mg resource.Terraformed, key string) string { return mg.GetAnnotations()[key] }

func setMeta(mg resource.Terraformed, key, value string) {
	a := mg.GetAnnotations()
	if a == nil {
		a = map[string]string{}
	}
	a[key] = value
	mg.SetAnnotations(a)
}
