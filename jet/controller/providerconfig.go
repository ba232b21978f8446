package controller

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	jetconfig "github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/resource"
	"github.com/tfkit/tfkit/schema"
)

// The provider configuration of a managed resource comes from the
// ProviderConfig its spec.providerConfigRef names (default "default"):
// its credentials (a Secret key, or none) go through the configuration's
// TerraformSetup function, are checked against the provider block's
// schema, and become the provider block of the workspace's main.tf.json.
// Shared provider plugins are keyed by that block (see providers), and the
// kinds' controllers watch ProviderConfigs and Secrets, so a change takes
// effect at the next reconcile of every object that uses them.

// Field indexes of the manager's cache.
const (
	indexProviderConfig = "spec.providerConfigRef.name"
	indexCredentials    = "spec.credentials.secretRef"
)

// providerConfigError is a ProviderConfig that cannot configure the
// provider: missing, its Secret or key missing, credentials the provider
// does not take. Its message is the condition's, as is; it never holds
// the credentials.
type providerConfigError struct{ msg string }

func (e *providerConfigError) Error() string { return e.msg }

func providerConfigErrorf(format string, args ...any) error {
	return &providerConfigError{msg: fmt.Sprintf(format, args...)}
}

// providerConfigName is the ProviderConfig an object names.
func providerConfigName(mg resource.Managed) string {
	if ref := mg.GetResourceSpec().ProviderConfigReference; ref != nil && ref.Name != "" {
		return ref.Name
	}
	return resource.DefaultProviderConfig
}

// providerBlock is the provider configuration of a workspace.
type providerBlock struct {
	// source is the provider's source address; empty when it is the
	// default hashicorp/<type prefix>.
	source string
	// args are the provider block's arguments; empty writes no block.
	args map[string]any
}

// providerSchema is the schema of the object's provider, from the
// configuration; nil without it.
func (r *Reconciler) providerSchema() *schema.Provider {
	if r.cfg == nil {
		return nil
	}
	return r.cfg.Provider
}

// providerSource is the source address of the object's provider when it
// is not the default hashicorp/<type prefix>, else "".
func (r *Reconciler) providerSource() string {
	if ps := r.providerSchema(); ps != nil && ps.Source != providerAddress(r.reg.TerraformType) {
		return ps.Source
	}
	return ""
}

// providerConfiguration resolves spec.providerConfigRef to the provider
// block. A kind registered without a ProviderConfig kind gets an empty
// one.
func (r *Reconciler) providerConfiguration(ctx context.Context, mg resource.Terraformed) (*providerBlock, error) {
	pb := &providerBlock{source: r.providerSource()}
	ps := r.providerSchema()
	if r.reg.ProviderConfig == nil {
		return pb, nil
	}
	name := providerConfigName(mg)
	pc := r.reg.ProviderConfig.New()
	if err := r.client.Get(ctx, types.NamespacedName{Name: name}, pc); err != nil {
		if kerrors.IsNotFound(err) {
			return nil, providerConfigErrorf("%s %q not found; create it or set spec.providerConfigRef", r.reg.ProviderConfig.Kind.Kind, name)
		}
		return nil, fmt.Errorf("%s %q: %w", r.reg.ProviderConfig.Kind.Kind, name, err)
	}
	req := jetconfig.TerraformSetupRequest{ProviderConfig: name, Provider: ps}
	creds, where, err := readCredentials(ctx, r.client, r.reg.ProviderConfig.Kind.Kind, pc)
	if err != nil {
		return nil, err
	}
	req.Source, req.Credentials = pc.GetProviderConfigSpec().Credentials.Source, creds
	setup := jetconfig.DefaultTerraformSetup
	if r.cfg != nil && r.cfg.TerraformSetup != nil {
		setup = r.cfg.TerraformSetup
	}
	args, err := setup(ctx, req)
	if err != nil {
		return nil, providerConfigErrorf("%s %q: the credentials in %s %v", r.reg.ProviderConfig.Kind.Kind, name, where, err)
	}
	if ds := jetconfig.CheckProviderArguments(ps, args); len(ds) > 0 {
		var msgs []string
		for _, d := range ds {
			m := d.Summary
			if d.Suggestion != "" {
				m += " (" + d.Suggestion + ")"
			}
			msgs = append(msgs, m)
		}
		fix := "fix the credentials"
		if where != "" {
			fix += " in " + where
		}
		return nil, providerConfigErrorf("%s %q does not fit provider %s: %s; %s", r.reg.ProviderConfig.Kind.Kind, name, ps.Source, strings.Join(msgs, "; "), fix)
	}
	pb.args = args
	return pb, nil
}

// readCredentials reads the credentials a ProviderConfig names: the Secret
// key's content, nil for source None. where says where they came from,
// for messages.
func readCredentials(ctx context.Context, c client.Reader, kind string, pc resource.ProviderConfigObject) (data []byte, where string, err error) {
	cr := pc.GetProviderConfigSpec().Credentials
	name := pc.GetName()
	switch cr.Source {
	case resource.CredentialsNone, "":
		return nil, "", nil
	case resource.CredentialsSecret:
	default:
		return nil, "", providerConfigErrorf("%s %q: spec.credentials.source %q is not supported; use Secret or None", kind, name, cr.Source)
	}
	ref := cr.SecretRef
	if ref == nil || ref.Name == "" || ref.Namespace == "" || ref.Key == "" {
		return nil, "", providerConfigErrorf("%s %q: spec.credentials.secretRef needs name, namespace and key when source is Secret", kind, name)
	}
	where = fmt.Sprintf("Secret %s/%s key %q", ref.Namespace, ref.Name, ref.Key)
	var s corev1.Secret
	if err := c.Get(ctx, types.NamespacedName{Namespace: ref.Namespace, Name: ref.Name}, &s); err != nil {
		if kerrors.IsNotFound(err) {
			return nil, "", providerConfigErrorf("%s %q: Secret %s/%s not found; create it or fix spec.credentials.secretRef", kind, name, ref.Namespace, ref.Name)
		}
		return nil, "", fmt.Errorf("%s %q: Secret %s/%s: %w", kind, name, ref.Namespace, ref.Name, err)
	}
	v, ok := s.Data[ref.Key]
	if !ok {
		return nil, "", providerConfigErrorf("%s %q: Secret %s/%s has no key %q; add it or fix spec.credentials.secretRef.key", kind, name, ref.Namespace, ref.Name, ref.Key)
	}
	return v, where, nil
}

// providerKey identifies the provider configuration of main.tf.json: a
// digest of its provider block ("" when there is none). Shared plugins
// are keyed by it, never by the credentials themselves.
func providerKey(src []byte) string {
	var top map[string]json.RawMessage
	if json.Unmarshal(src, &top) != nil || top["provider"] == nil {
		return ""
	}
	sum := sha256.Sum256(top["provider"])
	return hex.EncodeToString(sum[:12])
}

// watchProviderConfigs makes the builder's kind reconcile the objects that
// use a ProviderConfig when it changes, or a Secret it names does.
func watchProviderConfigs(b *builder.Builder, mgr ctrl.Manager, reg resource.Registration) (*builder.Builder, error) {
	listKind := reg.Kind.GroupVersion().WithKind(reg.Kind.Kind + "List")
	users := func(ctx context.Context, pc string) []reconcile.Request {
		obj, err := mgr.GetScheme().New(listKind)
		if err != nil {
			return nil
		}
		list, ok := obj.(client.ObjectList)
		if !ok || mgr.GetClient().List(ctx, list, client.MatchingFields{indexProviderConfig: pc}) != nil {
			return nil
		}
		var reqs []reconcile.Request
		items, _ := metaItems(list)
		for _, o := range items {
			reqs = append(reqs, reconcile.Request{NamespacedName: types.NamespacedName{Name: o.GetName()}})
		}
		return reqs
	}
	pcListKind := reg.ProviderConfig.Kind.GroupVersion().WithKind(reg.ProviderConfig.Kind.Kind + "List")
	return b.
		Watches(reg.ProviderConfig.New(), handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			return users(ctx, o.GetName())
		}), builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			var reqs []reconcile.Request
			for _, pc := range configsUsingSecret(ctx, mgr, pcListKind, o) {
				reqs = append(reqs, users(ctx, pc.GetName())...)
			}
			return reqs
		})), nil
}

// configsUsingSecret lists the ProviderConfigs (listKind: their list's
// kind) whose credentials are in Secret o.
func configsUsingSecret(ctx context.Context, mgr ctrl.Manager, listKind k8sschema.GroupVersionKind, o client.Object) []metav1.Object {
	obj, err := mgr.GetScheme().New(listKind)
	if err != nil {
		return nil
	}
	list, ok := obj.(client.ObjectList)
	if !ok || mgr.GetClient().List(ctx, list, client.MatchingFields{indexCredentials: o.GetNamespace() + "/" + o.GetName()}) != nil {
		return nil
	}
	pcs, _ := metaItems(list)
	return pcs
}

// metaItems returns the items of a typed list.
func metaItems(list client.ObjectList) ([]metav1.Object, error) {
	objs, err := apimeta.ExtractList(list)
	if err != nil {
		return nil, err
	}
	out := make([]metav1.Object, 0, len(objs))
	for _, o := range objs {
		if m, ok := o.(metav1.Object); ok {
			out = append(out, m)
		}
	}
	return out, nil
}

// indexProviderConfigs adds the field indexes the watches list by: the
// ProviderConfig each object of a kind names, and the Secret each
// ProviderConfig names.
func indexProviderConfigs(ctx context.Context, mgr ctrl.Manager, reg resource.Registration, pcIndexed map[string]bool) error {
	err := mgr.GetFieldIndexer().IndexField(ctx, reg.New(), indexProviderConfig, func(o client.Object) []string {
		mg, ok := o.(resource.Managed)
		if !ok {
			return nil
		}
		return []string{providerConfigName(mg)}
	})
	if err != nil {
		return fmt.Errorf("%s: index %s: %w", reg.Kind.Kind, indexProviderConfig, err)
	}
	key := reg.ProviderConfig.Kind.String()
	if pcIndexed[key] {
		return nil
	}
	pcIndexed[key] = true
	err = mgr.GetFieldIndexer().IndexField(ctx, reg.ProviderConfig.New(), indexCredentials, func(o client.Object) []string {
		pc, ok := o.(resource.ProviderConfigObject)
		if !ok {
			return nil
		}
		if ref := pc.GetProviderConfigSpec().Credentials.SecretRef; ref != nil {
			return []string{ref.Namespace + "/" + ref.Name}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: index %s: %w", reg.ProviderConfig.Kind.Kind, indexCredentials, err)
	}
	return setupProviderConfigStatus(mgr, reg.ProviderConfig)
}

// providerConfigStatus keeps a ProviderConfig's Ready condition: whether
// its credentials can be read. Whether they fit a provider is only known
// per managed resource (one ProviderConfig may serve several providers),
// and is reported there.
type providerConfigStatus struct {
	client client.Client
	kind   *resource.ProviderConfigKind
}

func setupProviderConfigStatus(mgr ctrl.Manager, kind *resource.ProviderConfigKind) error {
	r := &providerConfigStatus{client: mgr.GetClient(), kind: kind}
	listKind := kind.Kind.GroupVersion().WithKind(kind.Kind.Kind + "List")
	return ctrl.NewControllerManagedBy(mgr).
		Named(strings.ToLower(kind.Kind.Kind)+"."+kind.Kind.Group).
		For(kind.New(), builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			var reqs []reconcile.Request
			for _, pc := range configsUsingSecret(ctx, mgr, listKind, o) {
				reqs = append(reqs, reconcile.Request{NamespacedName: types.NamespacedName{Name: pc.GetName()}})
			}
			return reqs
		})).
		Complete(r)
}

// Reconcile implements reconcile.Reconciler.
func (r *providerConfigStatus) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pc := r.kind.New()
	if err := r.client.Get(ctx, req.NamespacedName, pc); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	status := pc.GetProviderConfigStatus()
	before := status.DeepCopy()
	cond := condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, "")
	creds, where, err := readCredentials(ctx, r.client, r.kind.Kind.Kind, pc)
	var pce *providerConfigError
	switch {
	case errors.As(err, &pce):
		cond = condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonUnavailable, pce.msg)
	case err != nil:
		return reconcile.Result{}, err
	case pc.GetProviderConfigSpec().Credentials.Source == resource.CredentialsSecret && len(creds) == 0:
		cond = condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonUnavailable, fmt.Sprintf("%s %q: %s is empty", r.kind.Kind.Kind, pc.GetName(), where))
	}
	status.SetConditions(cond)
	status.ObservedGeneration = pc.GetGeneration()
	if sameConditions(before.Conditions, status.Conditions) && before.ObservedGeneration == status.ObservedGeneration {
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, client.IgnoreNotFound(r.client.Status().Update(ctx, pc))
}
