package controller

import (
	"context"
	"fmt"
	"maps"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

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
type recorder struct{ reqs []resource.ResolutionRequest }

func (r *recorder) Resolve(_ context.Context, req resource.ResolutionRequest) (resource.ResolutionResponse, error) {
	r.reqs = append(r.reqs, req)
	return resource.ResolutionResponse{Value: req.Current, Reference: req.Reference}, nil
}

// references returns the resolution requests of mg's reference fields.
func references(mg resource.Terraformed) []resource.ResolutionRequest {
	rr, ok := mg.DeepCopyObject().(resource.ReferenceResolvable)
	if !ok {
		return nil
	}
	var rec recorder
	_ = rr.ResolveReferences(context.Background(), &rec)
	return rec.reqs
}

// waitsFor returns the index keys of what mg's spec names: the Secrets of
// its sensitive arguments and the objects its references name or select.
func waitsFor(mg resource.Terraformed) []string {
	var keys []string
	if params, err := mg.GetParameters(); err == nil {
		_ = secretArguments(mg, params, func(_ string, sel map[string]any) (string, error) {
			ns, _ := sel["namespace"].(string)
			name, _ := sel["name"].(string)
			keys = append(keys, secretKey(ns, name))
			return "", nil
		})
	}
	for _, req := range references(mg) {
		switch {
		case req.Reference != nil:
			keys = append(keys, targetKey(req.To, req.Reference.Name))
		case req.Selector != nil:
			keys = append(keys, targetKey(req.To, ""))
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
// Secret when it is created or changed, and the objects that reference
// (or may select) an object when it becomes Ready or, Ready, changes its
// labels. The referenced kinds are those of reg's reference fields that
// the manager's scheme knows.
func watchWaits(b *builder.Builder, mgr ctrl.Manager, reg resource.Registration) *builder.Builder {
	secrets := predicate.Funcs{
		DeleteFunc:  func(event.DeleteEvent) bool { return false },
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
	b = b.Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
		return indexedObjects(ctx, mgr, reg, indexWaitsFor, secretKey(o.GetNamespace(), o.GetName()))
	}), builder.WithPredicates(secrets))
	targets := map[k8sschema.GroupVersionKind]bool{}
	for _, req := range references(reg.New()) {
		targets[req.To] = true
	}
	for gvk := range targets {
		obj, err := mgr.GetScheme().New(gvk)
		target, ok := obj.(client.Object)
		if err != nil || !ok {
			continue
		}
		b = b.Watches(target, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			return append(indexedObjects(ctx, mgr, reg, indexWaitsFor, targetKey(gvk, o.GetName())),
				indexedObjects(ctx, mgr, reg, indexWaitsFor, targetKey(gvk, ""))...)
		}), builder.WithPredicates(becameReady))
	}
	return b
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
