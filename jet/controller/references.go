package controller

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/time/rate"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	jetconfig "github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/jet/resource"
)

func newLimiter(perSecond int) *rate.Limiter {
	return rate.NewLimiter(rate.Limit(perSecond), perSecond*10)
}

// resolveReferences fills the fields that reference other managed
// resources (in spec.forProvider and spec.initProvider), and persists them
// in spec; a target that is missing or not Ready yet makes the reconcile
// wait.
func (r *Reconciler) resolveReferences(ctx context.Context, mg resource.Terraformed) error {
	rr, ok := mg.(resource.ReferenceResolvable)
	if !ok {
		return nil
	}
	before, err := referencedValues(mg)
	if err != nil {
		return err
	}
	if err := rr.ResolveReferences(ctx, &resolver{c: r.client, from: mg}); err != nil {
		return err
	}
	after, err := referencedValues(mg)
	if err != nil {
		return err
	}
	if reflect.DeepEqual(before, after) {
		return nil
	}
	status := mg.GetResourceStatus().DeepCopy()
	if err := r.client.Update(ctx, mg); err != nil {
		return err
	}
	*mg.GetResourceStatus() = *status
	return nil
}

// referencedValues are the Terraform arguments of mg's spec.forProvider
// and spec.initProvider (of a kind that has one), where resolved
// references land.
func referencedValues(mg resource.Terraformed) ([2]map[string]any, error) {
	var out [2]map[string]any
	var err error
	if out[0], err = mg.GetParameters(); err != nil {
		return out, err
	}
	if ip, ok := mg.(resource.InitParameterized); ok {
		out[1], err = ip.GetInitParameters()
	}
	return out, err
}

// resolver resolves the references of the object from.
type resolver struct {
	c    client.Client
	from metav1.Object
}

// Resolve follows the reference's policy as Crossplane does: a field that
// has a value keeps it unless the policy's resolve is Always (the default,
// IfNotPresent, resolves once, so a target deleted later does not hold
// the object up), and a target that is missing or not Ready yet is waited
// for unless the policy's resolution is Optional, which keeps the current
// value and goes on.
func (s *resolver) Resolve(ctx context.Context, req resource.ResolutionRequest) (resource.ResolutionResponse, error) {
	policy := referencePolicy(req)
	if req.Current != nil && *req.Current != "" && !policy.always() {
		return resource.ResolutionResponse{Value: req.Current, Reference: req.Reference}, nil
	}
	rsp, err := s.resolve(ctx, req)
	var wait *waitError
	if errors.As(err, &wait) && policy.optional() {
		return resource.ResolutionResponse{Value: req.Current, Reference: req.Reference}, nil
	}
	return rsp, err
}

// ResolveMultiple resolves a list reference as Crossplane's
// ResolveMultiple does: values that are set are kept unless the policy's
// resolve is Always; the references give one value each, in their order,
// and without references the selector picks every matching object, sorted
// by name. A target that is missing or not Ready is waited for, unless the
// policy's resolution is Optional: then it is left out, and when no value
// is left the current values are kept. As for one reference, the policy is
// the selector's when there is a selector, else each reference's own.
func (s *resolver) ResolveMultiple(ctx context.Context, req resource.MultiResolutionRequest) (resource.MultiResolutionResponse, error) {
	keep := resource.MultiResolutionResponse{ResolvedValues: req.CurrentValues, ResolvedReferences: req.References}
	policyOf := func(ref resource.Reference) policy {
		if req.Selector != nil {
			return policy{req.Selector.Policy}
		}
		return policy{ref.Policy}
	}
	always := req.Selector != nil && (policy{req.Selector.Policy}).always()
	for _, ref := range req.References {
		always = always || policyOf(ref).always()
	}
	refs := req.References
	if (len(req.CurrentValues) > 0 && !always) || (len(refs) == 0 && req.Selector == nil) {
		return keep, nil
	}
	one := resource.ResolutionRequest{To: req.To, Extract: req.Extract, Selector: req.Selector, ReferenceField: req.ReferenceField, SelectorField: req.SelectorField}
	if len(refs) == 0 {
		names, err := s.selected(ctx, one)
		var wait *waitError
		if errors.As(err, &wait) && (policy{req.Selector.Policy}).optional() {
			return keep, nil
		}
		if err != nil {
			return resource.MultiResolutionResponse{}, err
		}
		for _, n := range names {
			refs = append(refs, resource.Reference{Name: n})
		}
	}
	var out resource.MultiResolutionResponse
	for i := range refs {
		one.Reference = &refs[i]
		rsp, err := s.resolve(ctx, one)
		var wait *waitError
		if errors.As(err, &wait) && policyOf(refs[i]).optional() {
			continue
		}
		if err != nil {
			return resource.MultiResolutionResponse{}, err
		}
		out.ResolvedValues = append(out.ResolvedValues, *rsp.Value)
		out.ResolvedReferences = append(out.ResolvedReferences, refs[i])
	}
	if len(out.ResolvedValues) == 0 {
		return keep, nil
	}
	if len(req.References) > 0 {
		// The references stay as they were written, skipped ones too.
		out.ResolvedReferences = req.References
	}
	return out, nil
}

// policy is a reference's resolution policy; nil is the default.
type policy struct{ p *resource.Policy }

func (p policy) always() bool {
	return p.p != nil && p.p.Resolve != nil && *p.p.Resolve == resource.ResolveAlways
}

func (p policy) optional() bool {
	return p.p != nil && p.p.Resolution != nil && *p.p.Resolution == resource.ResolutionOptional
}

// referencePolicy is the policy of the selector when the request has one,
// else of the reference (as in Crossplane).
func referencePolicy(req resource.ResolutionRequest) policy {
	switch {
	case req.Selector != nil:
		return policy{req.Selector.Policy}
	case req.Reference != nil:
		return policy{req.Reference.Policy}
	}
	return policy{}
}

func (s *resolver) resolve(ctx context.Context, req resource.ResolutionRequest) (resource.ResolutionResponse, error) {
	ref := req.Reference
	if ref == nil && req.Selector != nil {
		names, err := s.selected(ctx, req)
		if err != nil {
			return resource.ResolutionResponse{}, err
		}
		ref = &resource.Reference{Name: names[0]}
	}
	if ref == nil {
		return resource.ResolutionResponse{Value: req.Current}, nil
	}
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(req.To)
	if err := s.c.Get(ctx, client.ObjectKey{Name: ref.Name}, u); err != nil {
		if client.IgnoreNotFound(err) == nil {
			return resource.ResolutionResponse{}, &waitError{msg: fmt.Sprintf("waiting for %s %q: it does not exist", req.To.Kind, ref.Name) + orFix("create it", req.ReferenceField)}
		}
		return resource.ResolutionResponse{}, notInstalled(req, err)
	}
	if !ready(u) {
		return resource.ResolutionResponse{}, &waitError{msg: fmt.Sprintf("waiting for %s %q to be Ready", req.To.Kind, ref.Name)}
	}
	v, found, err := unstructured.NestedString(u.Object, extractPath(req.Extract)...)
	if err != nil || !found || v == "" {
		return resource.ResolutionResponse{}, &waitError{msg: fmt.Sprintf("waiting for %s %q: %s is empty", req.To.Kind, ref.Name, req.Extract)}
	}
	return resource.ResolutionResponse{Value: &v, Reference: ref}, nil
}

// selected are the names of the objects req's selector selects, sorted;
// none is a wait.
func (s *resolver) selected(ctx context.Context, req resource.ResolutionRequest) ([]string, error) {
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(req.To.GroupVersion().WithKind(req.To.Kind + "List"))
	if err := s.c.List(ctx, list, client.MatchingLabelsSelector{Selector: labels.SelectorFromSet(req.Selector.MatchLabels)}); err != nil {
		return nil, notInstalled(req, err)
	}
	sameController := req.Selector.MatchControllerRef != nil && *req.Selector.MatchControllerRef
	names := make([]string, 0, len(list.Items))
	for _, it := range list.Items {
		// As Crossplane: only the objects controlled by the
		// referencing object's controller.
		if sameController && !haveSameController(s.from, &it) {
			continue
		}
		names = append(names, it.GetName())
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, &waitError{msg: noMatch(req, s.from, len(list.Items))}
	}
	return names, nil
}

// notInstalled makes err, of reading the objects of the kind req refers
// to, a wait naming the CRD to install when the cluster does not serve
// that kind. The wait ends by itself once the CRD is installed: the
// objects are looked at again (and watchReferenced starts the watch of
// the kind).
func notInstalled(req resource.ResolutionRequest, err error) error {
	if !apimeta.IsNoMatchError(err) {
		return err
	}
	return &waitError{msg: notInstalledMessage(req.To)}
}

// notInstalledMessage says that the cluster does not serve kind gvk, and
// how to install it.
func notInstalledMessage(gvk k8sschema.GroupVersionKind) string {
	plural := jetconfig.Plural(gvk.Kind)
	return fmt.Sprintf("waiting for kind %s of %s, which is not installed in the cluster: install its CustomResourceDefinition %s.%s (kubectl apply --server-side -f package/crds/%s_%s.yaml of its API)",
		gvk.Kind, gvk.GroupVersion(), plural, gvk.Group, gvk.Group, plural)
}

// haveSameController says whether a and b have a controller reference to
// one object (the same UID); two objects without a controller have none in
// common.
func haveSameController(a, b metav1.Object) bool {
	if a == nil {
		return false
	}
	ac, bc := metav1.GetControllerOf(a), metav1.GetControllerOf(b)
	return ac != nil && bc != nil && ac.UID == bc.UID
}

// noMatch says why a selector selects nothing yet; labelled is the number
// of objects its labels match.
func noMatch(req resource.ResolutionRequest, from metav1.Object, labelled int) string {
	sel := req.Selector
	msg := fmt.Sprintf("no %s matches the selector %v yet", req.To.Kind, sel.MatchLabels)
	if sel.MatchControllerRef == nil || !*sel.MatchControllerRef {
		return msg + orFix("create one with these labels", req.SelectorField)
	}
	mcr := "its matchControllerRef"
	if req.SelectorField != "" {
		mcr = req.SelectorField + ".matchControllerRef"
	}
	var owner *metav1.OwnerReference
	if from != nil {
		owner = metav1.GetControllerOf(from)
	}
	if owner == nil {
		return fmt.Sprintf("%s: %s selects only objects with the controller of this object, which has no controller reference; set it to false, or give this object its controller", msg, mcr)
	}
	return fmt.Sprintf("%s: %d match its labels, none of them controlled by %s %q, this object's controller (%s)", msg, labelled, owner.Kind, owner.Name, mcr)
}

// orFix is the advice to do what, or to fix field; only what for a field
// of generated code that does not name it.
func orFix(what, field string) string {
	if field == "" {
		return "; " + what
	}
	return "; " + what + " or fix " + field
}

// extractPath splits a reference's Extract path at its dots; a dot after
// a backslash belongs to the name, as in kubectl's JSONPath:
// metadata.annotations.crossplane\.io/external-name.
func extractPath(p string) []string {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\' && i+1 < len(p) && p[i+1] == '.':
			cur.WriteByte('.')
			i++
		case p[i] == '.':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(p[i])
		}
	}
	return append(parts, cur.String())
}

func ready(u *unstructured.Unstructured) bool {
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, c := range conds {
		m, _ := c.(map[string]any)
		if m["type"] == string(resource.TypeReady) && m["status"] == "True" {
			return true
		}
	}
	return false
}

// observesID says whether mg's kind has the Terraform attribute id in
// status.atProvider.
func observesID(mg resource.Terraformed) bool {
	v := reflect.ValueOf(mg)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return false
	}
	status, ok := v.Elem().Type().FieldByName("Status")
	if !ok || status.Type.Kind() != reflect.Struct {
		return false
	}
	at, ok := status.Type.FieldByName("AtProvider")
	if !ok || at.Type.Kind() != reflect.Struct {
		return false
	}
	for i := 0; i < at.Type.NumField(); i++ {
		if tf, _, _ := strings.Cut(at.Type.Field(i).Tag.Get("tf"), ","); tf == "id" {
			return true
		}
	}
	return false
}

// specFields maps the Terraform arguments of mg's kind to their field
// paths under spec.forProvider, from the tf and json struct tags.
func specFields(mg resource.Terraformed) map[string]string {
	out := map[string]string{}
	v := reflect.ValueOf(mg).Elem()
	spec := v.FieldByName("Spec")
	if !spec.IsValid() {
		return out
	}
	fp, ok := spec.Type().FieldByName("ForProvider")
	if !ok {
		return out
	}
	t := fp.Type
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tf, _, _ := strings.Cut(f.Tag.Get("tf"), ",")
		js, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tf == "" || tf == "-" || js == "" {
			continue
		}
		out[tf] = "spec.forProvider." + js
	}
	return out
}
