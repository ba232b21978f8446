package controller

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
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

// LabelProviderConfig is the label the controller keeps on each managed
// resource: the ProviderConfig its spec.providerConfigRef names (a name
// longer than a label value allows is shortened and ends in a digest of
// it). It is set before the ProviderConfig gets its in-use finalizer, so
// that the last check before taking the finalizer off asks the API server
// for the objects of that one label instead of listing every object.
const LabelProviderConfig = "tfkit.dev/provider-config"

// providerConfigLabel is the value of LabelProviderConfig for the
// ProviderConfig name.
func providerConfigLabel(name string) string {
	const most = 63 // validation.LabelValueMaxLength
	if len(name) <= most {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	digest := hex.EncodeToString(sum[:8])
	return name[:most-1-len(digest)] + "-" + digest
}

// labelledUser reports whether mg carries the label of the ProviderConfig
// it names, and sets it when not.
func labelledUser(mg resource.Managed) bool {
	want := providerConfigLabel(providerConfigName(mg))
	l := mg.GetLabels()
	if l[LabelProviderConfig] == want {
		return true
	}
	if l == nil {
		l = map[string]string{}
	}
	l[LabelProviderConfig] = want
	mg.SetLabels(l)
	return false
}

// providerBlock is the provider configuration of a workspace.
type providerBlock struct {
	// source is the provider's source address; empty when it is the
	// default hashicorp/<type prefix>.
	source string
	// args are the provider block's arguments; empty writes no block.
	args map[string]any
	// version is the provider version the workspace requires: the one the
	// API was generated from; empty for any.
	version string
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

// providerVersion is the version of the provider the kind was generated
// from: recorded in its registration, else given by its configuration;
// "" when neither says.
func (r *Reconciler) providerVersion() string {
	if r.reg.ProviderVersion != "" {
		return r.reg.ProviderVersion
	}
	if r.cfg != nil {
		return r.cfg.ProviderVersion
	}
	return ""
}

// providerConfiguration resolves spec.providerConfigRef to the provider
// block. A kind registered without a ProviderConfig kind gets an empty
// one.
func (r *Reconciler) providerConfiguration(ctx context.Context, mg resource.Terraformed) (*providerBlock, error) {
	pb := &providerBlock{source: r.providerSource(), version: r.providerVersion()}
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
	if pc.GetDeletionTimestamp() == nil && !controllerutil.ContainsFinalizer(pc, ProviderConfigFinalizer) {
		// In use from now on: the ProviderConfig's controller may not
		// have seen this object yet, and a deletion meanwhile would take
		// the configuration away from under it.
		controllerutil.AddFinalizer(pc, ProviderConfigFinalizer)
		// A conflict leaves it to that controller, which the object's
		// creation enqueued.
		if err := r.client.Update(ctx, pc); err != nil && !kerrors.IsConflict(err) {
			return nil, fmt.Errorf("%s %q: %w", r.reg.ProviderConfig.Kind.Kind, name, err)
		}
	}
	req := jetconfig.TerraformSetupRequest{ProviderConfig: name, Provider: ps}
	if r.cfg != nil {
		req.Providers = r.cfg.APIProviders
	}
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

// providerKey identifies the provider block of provider local with the
// arguments args: a digest of them. Shared plugins are keyed by it, never
// by the credentials themselves.
func providerKey(local string, args map[string]any) (string, error) {
	set := map[string]any{}
	for k, v := range args {
		if v != nil {
			set[k] = v
		}
	}
	data, err := json.Marshal(map[string]any{local: set})
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:12]), nil
}

// watchProviderConfigs makes the builder's kind reconcile the objects that
// use a ProviderConfig when it changes, or a Secret it names does.
func watchProviderConfigs(b *builder.Builder, mgr ctrl.Manager, reg resource.Registration) (*builder.Builder, error) {
	users := func(ctx context.Context, pc string) []reconcile.Request {
		return indexedObjects(ctx, mgr, reg, indexProviderConfig, pc)
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

// indexedObjects returns the requests of the objects of reg's kind whose
// field index has value in the manager's cache.
func indexedObjects(ctx context.Context, mgr ctrl.Manager, reg resource.Registration, index, value string) []reconcile.Request {
	obj, err := mgr.GetScheme().New(reg.Kind.GroupVersion().WithKind(reg.Kind.Kind + "List"))
	if err != nil {
		return nil
	}
	list, ok := obj.(client.ObjectList)
	if !ok || mgr.GetClient().List(ctx, list, client.MatchingFields{index: value}) != nil {
		return nil
	}
	var reqs []reconcile.Request
	items, _ := metaItems(list)
	for _, o := range items {
		reqs = append(reqs, reconcile.Request{NamespacedName: types.NamespacedName{Name: o.GetName()}})
	}
	return reqs
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

// setupProviderConfigs adds the field indexes the watches list by (the
// ProviderConfig each object of a kind names, and the Secret each
// ProviderConfig names) and a controller for each ProviderConfig kind.
func setupProviderConfigs(ctx context.Context, mgr ctrl.Manager, regs []resource.Registration) error {
	var kinds []*resource.ProviderConfigKind
	users := map[k8sschema.GroupVersionKind][]resource.Registration{}
	usages := map[k8sschema.GroupVersionKind]*usage{}
	for _, reg := range regs {
		if reg.ProviderConfig == nil {
			continue
		}
		gvk := reg.ProviderConfig.Kind
		if _, seen := users[gvk]; !seen {
			kinds = append(kinds, reg.ProviderConfig)
			usages[gvk] = newUsage()
		}
		u, kind := usages[gvk], len(users[gvk])
		users[gvk] = append(users[gvk], reg)
		err := mgr.GetFieldIndexer().IndexField(ctx, reg.New(), indexProviderConfig, func(o client.Object) []string {
			mg, ok := o.(resource.Managed)
			if !ok {
				return nil
			}
			name := providerConfigName(mg)
			u.note(name, kind)
			return []string{name}
		})
		if err != nil {
			return fmt.Errorf("%s: index %s: %w", reg.Kind.Kind, indexProviderConfig, err)
		}
	}
	for _, kind := range kinds {
		err := mgr.GetFieldIndexer().IndexField(ctx, kind.New(), indexCredentials, func(o client.Object) []string {
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
			return fmt.Errorf("%s: index %s: %w", kind.Kind.Kind, indexCredentials, err)
		}
		if err := setupProviderConfigStatus(mgr, kind, users[kind.Kind], usages[kind.Kind]); err != nil {
			return err
		}
	}
	return nil
}

// ProviderConfigFinalizer keeps a ProviderConfig while managed resources
// name it: deleting it then would leave them unable to reconcile, or to
// destroy what they created. The controller adds it when an object uses
// the ProviderConfig and removes it when none does.
const ProviderConfigFinalizer = "in-use.crossplane.io"

// providerConfigStatus keeps a ProviderConfig's conditions and its in-use
// finalizer. Ready says whether its credentials can be read (whether they
// fit a provider is only known per managed resource, since one
// ProviderConfig may serve several providers, and is reported there);
// InUse names the managed resources that use it.
type providerConfigStatus struct {
	client client.Client
	// reader reads past the cache: a user the cache does not know yet
	// must not let the finalizer go.
	reader client.Reader
	scheme *runtime.Scheme
	events record.EventRecorder
	kind   *resource.ProviderConfigKind
	// users are the kinds whose objects name this kind of ProviderConfig.
	users []resource.Registration
	// usage says which of them have named which ProviderConfig.
	usage *usage
}

func setupProviderConfigStatus(mgr ctrl.Manager, kind *resource.ProviderConfigKind, users []resource.Registration, u *usage) error {
	r := &providerConfigStatus{
		client: mgr.GetClient(), reader: mgr.GetAPIReader(), scheme: mgr.GetScheme(),
		events: mgr.GetEventRecorderFor("tfkit-jet"), kind: kind, users: users, usage: u,
	}
	listKind := kind.Kind.GroupVersion().WithKind(kind.Kind.Kind + "List")
	deleting := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectNew.GetDeletionTimestamp() != nil
	}}
	b := ctrl.NewControllerManagedBy(mgr).
		Named(strings.ToLower(kind.Kind.Kind)+"."+kind.Kind.Group).
		For(kind.New(), builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, deleting))).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			var reqs []reconcile.Request
			for _, pc := range configsUsingSecret(ctx, mgr, listKind, o) {
				reqs = append(reqs, reconcile.Request{NamespacedName: types.NamespacedName{Name: pc.GetName()}})
			}
			return reqs
		}))
	// An object that starts or stops naming a ProviderConfig, or is gone,
	// changes its users.
	byRef := handler.EnqueueRequestsFromMapFunc(func(_ context.Context, o client.Object) []reconcile.Request {
		mg, ok := o.(resource.Managed)
		if !ok {
			return nil
		}
		return []reconcile.Request{{NamespacedName: types.NamespacedName{Name: providerConfigName(mg)}}}
	})
	refChanged := predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			o, ok1 := e.ObjectOld.(resource.Managed)
			n, ok2 := e.ObjectNew.(resource.Managed)
			return ok1 && ok2 && providerConfigName(o) != providerConfigName(n)
		},
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
	for _, reg := range users {
		b = b.Watches(reg.New(), byRef, builder.WithPredicates(refChanged))
	}
	return b.Complete(r)
}

// usage records, by ProviderConfig name, the kinds (indexes into
// providerConfigStatus.users) whose objects have named it in the manager's
// cache, from the field index's function, which sees every object the
// cache takes in; and which ProviderConfigs were checked against every
// kind on the API server once. A kind none of whose objects ever named a
// ProviderConfig has no user of it in the cache, and a reconcile of this
// manager, which reads its object from the cache, labels none for it.
type usage struct {
	mu    sync.Mutex
	kinds map[string]map[int]bool
	swept map[string]bool
}

func newUsage() *usage {
	return &usage{kinds: map[string]map[int]bool{}, swept: map[string]bool{}}
}

func (u *usage) note(name string, kind int) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.kinds[name][kind] {
		return
	}
	if u.kinds[name] == nil {
		u.kinds[name] = map[int]bool{}
	}
	u.kinds[name][kind] = true
}

// of returns the kinds whose objects have named the ProviderConfig name,
// in order, and whether every kind was checked on the API server for it.
func (u *usage) of(name string) ([]int, bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	out := make([]int, 0, len(u.kinds[name]))
	for k := range u.kinds[name] {
		out = append(out, k)
	}
	sort.Ints(out)
	return out, u.swept[name]
}

func (u *usage) sweptAll(name string) {
	u.mu.Lock()
	u.swept[name] = true
	u.mu.Unlock()
}

// usersOf lists the managed resources that name the ProviderConfig name,
// as "Kind/name", sorted, from the cache by the field index, in the kinds
// that ever named it.
func (r *providerConfigStatus) usersOf(ctx context.Context, name string) ([]string, error) {
	var out []string
	kinds, _ := r.usage.of(name)
	for _, k := range kinds {
		reg := r.users[k]
		obj, err := r.scheme.New(reg.Kind.GroupVersion().WithKind(reg.Kind.Kind + "List"))
		if err != nil {
			return nil, err
		}
		list, ok := obj.(client.ObjectList)
		if !ok {
			return nil, fmt.Errorf("%s: no list type", reg.Kind.Kind)
		}
		if err := r.client.List(ctx, list, client.MatchingFields{indexProviderConfig: name}); err != nil {
			return nil, err
		}
		items, err := apimeta.ExtractList(list)
		if err != nil {
			return nil, err
		}
		for _, o := range items {
			if mg, ok := o.(resource.Managed); ok && providerConfigName(mg) == name {
				out = append(out, reg.Kind.Kind+"/"+mg.GetName())
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// userOnServer asks the API server for a managed resource that names the
// ProviderConfig name, for the one the cache may not know yet, and returns
// the first it finds ("Kind/name"), or "". It lists object metadata only,
// of the objects with the label the reconciler puts on every object before
// its ProviderConfig gets the finalizer (an object without it never added
// the finalizer), a page at a time, and reads an object only to confirm a
// label that may be stale. It asks for the kinds that named it in this
// manager's cache, and, the first time for each name, for every kind
// (objects an earlier manager labelled: a few calls per kind are cheap,
// but a provider has hundreds of kinds).
func (r *providerConfigStatus) userOnServer(ctx context.Context, name string) (string, error) {
	kinds, swept := r.usage.of(name)
	if !swept {
		known := map[int]bool{}
		for _, k := range kinds {
			known[k] = true
		}
		for k := range r.users {
			if !known[k] {
				kinds = append(kinds, k)
			}
		}
	}
	for _, k := range kinds {
		user, err := r.userOfKind(ctx, r.users[k], name)
		if err != nil || user != "" {
			return user, err
		}
	}
	if !swept {
		r.usage.sweptAll(name)
	}
	return "", nil
}

// userOfKind is userOnServer for one kind.
func (r *providerConfigStatus) userOfKind(ctx context.Context, reg resource.Registration, name string) (string, error) {
	const page = 50
	list := &metav1.PartialObjectMetadataList{}
	list.SetGroupVersionKind(reg.Kind.GroupVersion().WithKind(reg.Kind.Kind + "List"))
	opts := []client.ListOption{client.MatchingLabels{LabelProviderConfig: providerConfigLabel(name)}, client.Limit(page)}
	for {
		if err := r.reader.List(ctx, list, opts...); err != nil {
			return "", fmt.Errorf("%s: %w", reg.Kind.Kind, err)
		}
		for _, item := range list.Items {
			// The label says which ProviderConfig the object named when
			// it was last reconciled: confirm it with the spec.
			mg := reg.New()
			if err := r.reader.Get(ctx, types.NamespacedName{Name: item.GetName()}, mg); err != nil {
				if kerrors.IsNotFound(err) {
					continue
				}
				return "", fmt.Errorf("%s %q: %w", reg.Kind.Kind, item.GetName(), err)
			}
			if providerConfigName(mg) == name {
				return reg.Kind.Kind + "/" + mg.GetName(), nil
			}
		}
		if list.Continue == "" {
			return "", nil
		}
		opts = append(opts[:2], client.Continue(list.Continue))
	}
}

// usersMessage names the users, the first few of them.
func usersMessage(users []string) string {
	const shown = 10
	what := "managed resource"
	if len(users) > 1 {
		what += "s"
	}
	msg := fmt.Sprintf("used by %d %s: %s", len(users), what, strings.Join(users[:min(len(users), shown)], ", "))
	if len(users) > shown {
		msg += fmt.Sprintf(" and %d more", len(users)-shown)
	}
	return msg
}

// Reconcile implements reconcile.Reconciler.
func (r *providerConfigStatus) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	res, err := r.reconcile(ctx, req)
	if kerrors.IsConflict(err) {
		// Changed since it was read (a managed resource's reconcile adds
		// the finalizer too): the new version is looked at again, which is
		// no error.
		ctrl.LoggerFrom(ctx).V(1).Info("the object changed during the reconcile; reconciling the new version", "conflict", err.Error())
		return reconcile.Result{Requeue: true}, nil
	}
	return res, err
}

func (r *providerConfigStatus) reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pc := r.kind.New()
	if err := r.client.Get(ctx, req.NamespacedName, pc); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	users, err := r.usersOf(ctx, pc.GetName())
	if err != nil {
		return reconcile.Result{}, err
	}
	if len(users) == 0 && controllerutil.ContainsFinalizer(pc, ProviderConfigFinalizer) {
		// The cache may not know an object created a moment ago, whose
		// reconcile added the finalizer: ask the API server before
		// letting go. One user is enough to keep it; the cache, which
		// that object's creation brings here again, names them all.
		user, err := r.userOnServer(ctx, pc.GetName())
		if err != nil {
			return reconcile.Result{}, err
		}
		if user != "" {
			users = []string{user}
		}
	}
	deleting := pc.GetDeletionTimestamp() != nil
	switch {
	case len(users) > 0 && !deleting && !controllerutil.ContainsFinalizer(pc, ProviderConfigFinalizer):
		controllerutil.AddFinalizer(pc, ProviderConfigFinalizer)
		if err := r.client.Update(ctx, pc); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
	case len(users) == 0 && controllerutil.ContainsFinalizer(pc, ProviderConfigFinalizer):
		controllerutil.RemoveFinalizer(pc, ProviderConfigFinalizer)
		if err := r.client.Update(ctx, pc); err != nil || deleting {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
	}
	status := pc.GetProviderConfigStatus()
	before := status.DeepCopy()
	inUse := condition(resource.TypeInUse, metav1.ConditionFalse, resource.ReasonUnused, "")
	if len(users) > 0 {
		inUse = condition(resource.TypeInUse, metav1.ConditionTrue, resource.ReasonUsed, usersMessage(users))
		if deleting && controllerutil.ContainsFinalizer(pc, ProviderConfigFinalizer) {
			msg := "the deletion waits until no managed resource uses it: " + usersMessage(users)
			inUse = condition(resource.TypeInUse, metav1.ConditionTrue, resource.ReasonDeletionBlocked, msg)
			if !inUse.Equal(before.Condition(resource.TypeInUse)) {
				r.events.Event(pc, corev1.EventTypeWarning, string(resource.ReasonDeletionBlocked), msg)
			}
		}
	}
	ready := condition(resource.TypeReady, metav1.ConditionTrue, resource.ReasonAvailable, "")
	creds, where, err := readCredentials(ctx, r.client, r.kind.Kind.Kind, pc)
	var pce *providerConfigError
	switch {
	case errors.As(err, &pce):
		ready = condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonUnavailable, pce.msg)
	case err != nil:
		return reconcile.Result{}, err
	case pc.GetProviderConfigSpec().Credentials.Source == resource.CredentialsSecret && len(creds) == 0:
		ready = condition(resource.TypeReady, metav1.ConditionFalse, resource.ReasonUnavailable, fmt.Sprintf("%s %q: %s is empty", r.kind.Kind.Kind, pc.GetName(), where))
	}
	status.SetConditions(ready, inUse)
	status.ObservedGeneration = pc.GetGeneration()
	if sameConditions(before.Conditions, status.Conditions) && before.ObservedGeneration == status.ObservedGeneration {
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, client.IgnoreNotFound(r.client.Status().Update(ctx, pc))
}
