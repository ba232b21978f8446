package controller

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/tfkit/tfkit/jet/resource"
)

// An object that waits for something (the Secret of a sensitive argument,
// a referenced object becoming Ready) is looked at again with a growing
// delay (see waitError); the kinds' controllers also watch what it waits
// for, so that it is reconciled as soon as that comes. The field index
// indexWaitsFor lists, for every object, what its spec names: the keys
// secretKey and targetKey return.
const indexWaitsFor = "tfkit.dev/waits-for"

func secretKey(namespace, name string) string { return "Secret " + namespace + "/" + name }

// targetKey is the key of a referenced object of kind gvk; name "" stands
// for every object of the kind, which a selector may select.
func targetKey(gvk k8sschema.GroupVersionKind, name string) string {
	return fmt.Sprintf("%s.%s %s", gvk.Kind, gvk.Group, name)
}

// recorder is a ReferenceResolver that resolves nothing and records the
// requests.
type recorder struct{ reqs []referenceRequest }

// referenceRequest is the part of a resolution request, of one field or
// of a list, that says what it waits for: the kind, the objects it names,
// whether it selects.
type referenceRequest struct {
	to       k8sschema.GroupVersionKind
	names    []string
	selector bool
}

func (r *recorder) Resolve(_ context.Context, req resource.ResolutionRequest) (resource.ResolutionResponse, error) {
	rr := referenceRequest{to: req.To, selector: req.Reference == nil && req.Selector != nil}
	if req.Reference != nil {
		rr.names = []string{req.Reference.Name}
	}
	r.reqs = append(r.reqs, rr)
	return resource.ResolutionResponse{Value: req.Current, Reference: req.Reference}, nil
}

func (r *recorder) ResolveMultiple(_ context.Context, req resource.MultiResolutionRequest) (resource.MultiResolutionResponse, error) {
	rr := referenceRequest{to: req.To, selector: len(req.References) == 0 && req.Selector != nil}
	for _, ref := range req.References {
		rr.names = append(rr.names, ref.Name)
	}
	r.reqs = append(r.reqs, rr)
	return resource.MultiResolutionResponse{ResolvedValues: req.CurrentValues, ResolvedReferences: req.References}, nil
}

// references returns the resolution requests of mg's reference fields
// (one for each element of nested blocks that holds one).
func references(mg resource.Terraformed) []referenceRequest {
	rr, ok := mg.DeepCopyObject().(resource.ReferenceResolvable)
	if !ok {
		return nil
	}
	var rec recorder
	_ = rr.ResolveReferences(context.Background(), &rec)
	return rec.reqs
}

// referencedKinds are the kinds the objects of reg's kind refer to. A
// reference in nested blocks makes requests only for the elements an
// object has, so the kinds are read from the requests of an object whose
// spec.forProvider and spec.initProvider have one element in every list of
// nested blocks and every single block set.
func referencedKinds(reg resource.Registration) map[k8sschema.GroupVersionKind]bool {
	mg := reg.New()
	if v := reflect.ValueOf(mg); v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
		if spec := v.Elem().FieldByName("Spec"); spec.IsValid() && spec.Kind() == reflect.Struct {
			for _, part := range []string{"ForProvider", "InitProvider"} {
				if p := spec.FieldByName(part); p.IsValid() && p.Kind() == reflect.Struct {
					oneOfEach(p, 0)
				}
			}
		}
	}
	kinds := map[k8sschema.GroupVersionKind]bool{}
	for _, req := range references(mg) {
		kinds[req.to] = true
	}
	return kinds
}

// oneOfEach gives every empty list of structs in the struct v one element,
// and every nil pointer to a struct a value, recursively; depth bounds it.
func oneOfEach(v reflect.Value, depth int) {
	if depth > 32 {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		switch {
		case f.Kind() == reflect.Pointer && f.Type().Elem().Kind() == reflect.Struct && f.IsNil():
			f.Set(reflect.New(f.Type().Elem()))
			oneOfEach(f.Elem(), depth+1)
		case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.Struct && f.Len() == 0:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
			oneOfEach(f.Index(0), depth+1)
		case f.Kind() == reflect.Struct:
			oneOfEach(f, depth+1)
		}
	}
}

// waitsFor returns the index keys of what mg's spec names: the Secrets of
// its sensitive arguments and the objects its references name or select.
func waitsFor(mg resource.Terraformed) []string {
	var keys []string
	named := func(_ string, sel map[string]any) (string, error) {
		ns, _ := sel["namespace"].(string)
		name, _ := sel["name"].(string)
		keys = append(keys, secretKey(ns, name))
		return "", nil
	}
	if params, err := mg.GetParameters(); err == nil {
		_ = secretArguments(mg, params, "forProvider", named)
	}
	if ip, ok := mg.(resource.InitParameterized); ok {
		if init, err := ip.GetInitParameters(); err == nil {
			_ = secretArguments(mg, init, "initProvider", named)
		}
	}
	for _, req := range references(mg) {
		for _, n := range req.names {
			keys = append(keys, targetKey(req.to, n))
		}
		if req.selector {
			keys = append(keys, targetKey(req.to, ""))
		}
	}
	return keys
}

// indexWaits adds indexWaitsFor to reg's kind.
func indexWaits(ctx context.Context, mgr ctrl.Manager, reg resource.Registration) error {
	err := mgr.GetFieldIndexer().IndexField(ctx, reg.New(), indexWaitsFor, func(o client.Object) []string {
		mg, ok := o.(resource.Terraformed)
		if !ok {
			return nil
		}
		return waitsFor(mg)
	})
	if err != nil {
		return fmt.Errorf("%s: index %s: %w", reg.Kind.Kind, indexWaitsFor, err)
	}
	return nil
}

// watchWaits makes the builder's kind reconcile the objects that name a
// Secret when it is created or changed. The objects that reference (or
// may select) an object are reconciled when it becomes Ready or, Ready,
// changes its labels, by the watches of the referenced kinds watchWaits
// returns (those of reg's reference fields that the manager's scheme
// knows), for watchReferenced to start once the controller is built.
func watchWaits(b *builder.Builder, mgr ctrl.Manager, reg resource.Registration) (*builder.Builder, []referencedWatch) {
	secrets := predicate.Funcs{
		DeleteFunc:  func(event.DeleteEvent) bool { return false },
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
	b = b.Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
		return indexedObjects(ctx, mgr, reg, indexWaitsFor, secretKey(o.GetNamespace(), o.GetName()))
	}), builder.WithPredicates(secrets))
	targets := referencedKinds(reg)
	var watches []referencedWatch
	for _, gvk := range slices.SortedFunc(maps.Keys(targets), func(a, b k8sschema.GroupVersionKind) int {
		return strings.Compare(a.String(), b.String())
	}) {
		obj, err := mgr.GetScheme().New(gvk)
		target, ok := obj.(client.Object)
		if err != nil || !ok {
			continue
		}
		watches = append(watches, referencedWatch{gvk: gvk, src: func(c cache.Cache) source.Source {
			return source.Kind(c, target, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
				return append(indexedObjects(ctx, mgr, reg, indexWaitsFor, targetKey(gvk, o.GetName())),
					indexedObjects(ctx, mgr, reg, indexWaitsFor, targetKey(gvk, ""))...)
			}), becameReady)
		}})
	}
	return b, watches
}

// referencedWatch is the watch of a referenced kind by one kind's
// controller.
type referencedWatch struct {
	gvk  k8sschema.GroupVersionKind
	src  func(cache.Cache) source.Source
	ctrl controller.Controller
}

// crdPoll is how often watchReferenced looks for the CRDs of referenced
// kinds that are not installed.
var crdPoll = 10 * time.Second

// watchReferenced starts the watches of referenced kinds once the cluster
// serves each: a kind whose CRD is not installed (an API of several
// groups installed in part) cannot be watched, and a watch in the
// controller's builder would keep the controller from starting at all
// (its caches never sync, and after two minutes the manager stops), so
// that no object of the watching kind would be reconciled, those that
// refer to nothing included. A watch is not needed to reconcile: an
// object whose reference needs the missing kind says so and is looked at
// again (notInstalled); the watch only makes it go on at once when the
// referenced object becomes Ready. The manager runs it with the
// controllers, and it looks for missing kinds every crdPoll until all
// are installed.
func watchReferenced(mgr ctrl.Manager, watches []referencedWatch) error {
	if len(watches) == 0 {
		return nil
	}
	return mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		log := mgr.GetLogger().WithName("references")
		told := map[k8sschema.GroupVersionKind]bool{}
		for {
			var missing []referencedWatch
			served := map[k8sschema.GroupVersionKind]error{}
			for _, w := range watches {
				err, seen := served[w.gvk]
				if !seen {
					_, err = mgr.GetRESTMapper().RESTMapping(w.gvk.GroupKind(), w.gvk.Version)
					served[w.gvk] = err
				}
				if err != nil {
					missing = append(missing, w)
					if !told[w.gvk] {
						told[w.gvk] = true
						if apimeta.IsNoMatchError(err) {
							log.Info("a referenced kind is not installed; objects referring to it wait, and it is watched once its CRD is installed",
								"kind", w.gvk.String(), "problem", notInstalledMessage(w.gvk))
						} else {
							log.Error(err, "cannot tell whether a referenced kind is installed; trying again", "kind", w.gvk.String())
						}
					}
					continue
				}
				if err := w.ctrl.Watch(w.src(mgr.GetCache())); err != nil {
					return fmt.Errorf("watch %s: %w", w.gvk, err)
				}
				if told[w.gvk] {
					told[w.gvk] = false // once for the kind's watches
					log.Info("a referenced kind is installed now; watching it", "kind", w.gvk.String())
				}
			}
			watches = missing
			if len(watches) == 0 {
				return nil
			}
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(crdPoll):
			}
		}
	}))
}

// becameReady passes an object that is Ready and was not (or is new to the
// cache), or whose labels changed while Ready.
var becameReady = predicate.Funcs{
	CreateFunc: func(e event.CreateEvent) bool { return readyObject(e.Object) },
	UpdateFunc: func(e event.UpdateEvent) bool {
		if !readyObject(e.ObjectNew) {
			return false
		}
		return !readyObject(e.ObjectOld) || !maps.Equal(e.ObjectOld.GetLabels(), e.ObjectNew.GetLabels())
	},
	DeleteFunc:  func(event.DeleteEvent) bool { return false },
	GenericFunc: func(event.GenericEvent) bool { return false },
}

func readyObject(o client.Object) bool {
	mg, ok := o.(resource.Managed)
	return ok && mg.GetResourceStatus().Condition(resource.TypeReady).Status == metav1.ConditionTrue
}
