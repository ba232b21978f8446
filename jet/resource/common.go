package resource

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// DeletionPolicy says what happens to the external resource when its
// managed resource is deleted.
// +kubebuilder:validation:Enum=Orphan;Delete
type DeletionPolicy string

const (
	// DeletionOrphan leaves the external resource in place.
	DeletionOrphan DeletionPolicy = "Orphan"
	// DeletionDelete deletes the external resource.
	DeletionDelete DeletionPolicy = "Delete"
)

// ManagementAction is one thing the controller may do to an external
// resource.
// +kubebuilder:validation:Enum=Observe;Create;Update;Delete;LateInitialize;*
type ManagementAction string

const (
	ManagementObserve        ManagementAction = "Observe"
	ManagementCreate         ManagementAction = "Create"
	ManagementUpdate         ManagementAction = "Update"
	ManagementDelete         ManagementAction = "Delete"
	ManagementLateInitialize ManagementAction = "LateInitialize"
	// ManagementAll allows every action.
	ManagementAll ManagementAction = "*"
)

// ManagementPolicies are the actions the controller may take; ["*"] (the
// default) allows all, ["Observe"] makes the resource observe-only.
type ManagementPolicies []ManagementAction

// Allows reports whether the policies allow an action; an empty list
// allows everything, as the default does.
func (p ManagementPolicies) Allows(a ManagementAction) bool {
	if len(p) == 0 {
		return true
	}
	for _, x := range p {
		if x == a || x == ManagementAll {
			return true
		}
	}
	return false
}

// ResourceSpec is the part of spec every managed resource shares.
type ResourceSpec struct {
	// WriteConnectionSecretToRef names the Secret the connection details
	// (sensitive outputs and extra keys) are written to.
	// +optional
	WriteConnectionSecretToRef *SecretReference `json:"writeConnectionSecretToRef,omitempty"`

	// ProviderConfigReference names the ProviderConfig that configures the
	// Terraform provider for this resource.
	// +kubebuilder:default={"name": "default"}
	ProviderConfigReference *Reference `json:"providerConfigRef,omitempty"`

	// ManagementPolicies are the actions the controller may take on the
	// external resource.
	// +optional
	// +kubebuilder:default={"*"}
	ManagementPolicies ManagementPolicies `json:"managementPolicies,omitempty"`

	// DeletionPolicy says whether the external resource is deleted or
	// orphaned when this managed resource is deleted.
	// +optional
	// +kubebuilder:default=Delete
	DeletionPolicy DeletionPolicy `json:"deletionPolicy,omitempty"`
}

// ResourceStatus is the part of status every managed resource shares.
type ResourceStatus struct {
	// Conditions of the resource.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []Condition `json:"conditions,omitempty"`
	// ObservedGeneration is the generation the conditions were computed
	// for.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// ConditionType is the kind of a condition: Ready or Synced, and the two
// of operations that run in the background.
type ConditionType string

const (
	// TypeReady says whether the external resource is ready for use.
	TypeReady ConditionType = "Ready"
	// TypeSynced says whether the last reconcile succeeded.
	TypeSynced ConditionType = "Synced"
	// TypeAsyncOperation says whether an apply or destroy of the resource
	// runs in the background now (Ongoing) or not (Finished).
	TypeAsyncOperation ConditionType = "AsyncOperation"
	// TypeLastAsyncOperation says how the last one ended: Success, or
	// ApplyFailure / DestroyFailure with the engine's error.
	TypeLastAsyncOperation ConditionType = "LastAsyncOperation"
	// TypeInUse is a ProviderConfig's: whether managed resources use it
	// (Used, naming them; DeletionBlocked while its deletion waits for
	// them) or not (Unused).
	TypeInUse ConditionType = "InUse"
)

// ConditionReason is a machine-readable reason for a condition.
type ConditionReason string

// The reasons the controller sets.
const (
	ReasonAvailable       ConditionReason = "Available"
	ReasonUnavailable     ConditionReason = "Unavailable"
	ReasonCreating        ConditionReason = "Creating"
	ReasonDeleting        ConditionReason = "Deleting"
	ReasonReconcileOK     ConditionReason = "ReconcileSuccess"
	ReasonReconcileError  ConditionReason = "ReconcileError"
	ReasonReconcilePaused ConditionReason = "ReconcilePaused"
	ReasonOngoing         ConditionReason = "Ongoing"
	ReasonFinished        ConditionReason = "Finished"
	ReasonSuccess         ConditionReason = "Success"
	ReasonApplyFailure    ConditionReason = "ApplyFailure"
	ReasonDestroyFailure  ConditionReason = "DestroyFailure"
	ReasonUsed            ConditionReason = "Used"
	ReasonUnused          ConditionReason = "Unused"
	ReasonDeletionBlocked ConditionReason = "DeletionBlocked"
)

// Condition is one observation of the resource's state.
type Condition struct {
	// Type of this condition.
	Type ConditionType `json:"type"`
	// Status of this condition: True, False or Unknown.
	Status metav1.ConditionStatus `json:"status"`
	// LastTransitionTime is when this condition last changed status.
	LastTransitionTime metav1.Time `json:"lastTransitionTime"`
	// Reason for the condition's last transition.
	Reason ConditionReason `json:"reason"`
	// Message is a human-readable account of the transition.
	// +optional
	Message string `json:"message,omitempty"`
	// ObservedGeneration is the generation this condition was set for.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Equal reports whether two conditions say the same thing, ignoring when
// they were set.
func (c Condition) Equal(o Condition) bool {
	return c.Type == o.Type && c.Status == o.Status && c.Reason == o.Reason && c.Message == o.Message
}

// Condition returns the condition of a type, or one with status Unknown.
func (s *ResourceStatus) Condition(t ConditionType) Condition {
	for _, c := range s.Conditions {
		if c.Type == t {
			return c
		}
	}
	return Condition{Type: t, Status: metav1.ConditionUnknown}
}

// SetConditions sets conditions, replacing those of the same type. A
// condition that says what the current one says keeps its transition time.
func (s *ResourceStatus) SetConditions(cs ...Condition) {
	for _, c := range cs {
		found := false
		for i := range s.Conditions {
			if s.Conditions[i].Type != c.Type {
				continue
			}
			found = true
			if !s.Conditions[i].Equal(c) {
				s.Conditions[i] = c
			}
		}
		if !found {
			s.Conditions = append(s.Conditions, c)
		}
	}
}

// Reference names another object of the same kind family by name.
type Reference struct {
	// Name of the referenced object.
	Name string `json:"name"`
	// Policies for resolving the reference.
	// +optional
	Policy *Policy `json:"policy,omitempty"`
}

// Selector selects an object by labels.
type Selector struct {
	// MatchLabels selects an object with these labels.
	// +optional
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
	// MatchControllerRef selects an object with the same controller
	// reference as the selecting object.
	// +optional
	MatchControllerRef *bool `json:"matchControllerRef,omitempty"`
	// Policies for selection.
	// +optional
	Policy *Policy `json:"policy,omitempty"`
}

// Policy says when a reference is resolved and whether it must be.
type Policy struct {
	// Resolve says when to resolve: IfNotPresent (default) or Always.
	// +optional
	// +kubebuilder:validation:Enum=Always;IfNotPresent
	Resolve *string `json:"resolve,omitempty"`
	// Resolution says whether an unresolved reference is an error:
	// Required (default) or Optional.
	// +optional
	// +kubebuilder:default="Required"
	// +kubebuilder:validation:Enum=Required;Optional
	Resolution *string `json:"resolution,omitempty"`
}

// The values of Policy.Resolve and Policy.Resolution.
const (
	// ResolveIfNotPresent resolves a reference while its field has no
	// value: once (the default).
	ResolveIfNotPresent = "IfNotPresent"
	// ResolveAlways resolves a reference at every reconcile, so that the
	// field follows its target.
	ResolveAlways = "Always"
	// ResolutionRequired waits for a missing or not yet Ready target (the
	// default).
	ResolutionRequired = "Required"
	// ResolutionOptional goes on without a missing or not yet Ready
	// target: the field keeps its value.
	ResolutionOptional = "Optional"
)

// SecretReference names a Secret.
type SecretReference struct {
	// Name of the Secret.
	Name string `json:"name"`
	// Namespace of the Secret.
	Namespace string `json:"namespace"`
}

// SecretKeySelector names one key of a Secret.
type SecretKeySelector struct {
	SecretReference `json:",inline"`
	// Key whose value is selected.
	Key string `json:"key"`
}
