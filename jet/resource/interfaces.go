package resource

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Managed is a managed resource as the generic controller sees it: a
// Kubernetes object with the shared spec and status parts.
type Managed interface {
	metav1.Object
	runtime.Object
	// GetResourceSpec returns the shared part of spec, for reading and
	// writing.
	GetResourceSpec() *ResourceSpec
	// GetResourceStatus returns the shared part of status, for reading
	// and writing.
	GetResourceStatus() *ResourceStatus
}

// Terraformed is what the generic controller needs to know about a kind
// beyond its Go type: which Terraform resource type it is, how its
// parameters and observation convert to and from Terraform JSON, and the
// fields that never appear in spec or status (sensitive inputs read from
// Secrets, sensitive outputs written to the connection Secret). The type
// builder generates an implementation for every kind.
type Terraformed interface {
	Managed

	// GetTerraformResourceType is the Terraform type, such as
	// random_password.
	GetTerraformResourceType() string
	// GetTerraformSchemaVersion is the schema version of that type the
	// kind was generated from; it goes into the state file.
	GetTerraformSchemaVersion() int64

	// GetParameters returns spec.forProvider as Terraform JSON (snake_case
	// names, unset fields left out). Sensitive inputs are not in it: see
	// GetSensitiveParameters.
	GetParameters() (map[string]any, error)
	// SetParameters writes Terraform JSON into spec.forProvider (used for
	// late initialization).
	SetParameters(map[string]any) error
	// GetObservation returns status.atProvider as Terraform JSON.
	GetObservation() (map[string]any, error)
	// SetObservation writes Terraform JSON (such as the attributes of the
	// state) into status.atProvider; attributes the kind does not observe
	// are ignored.
	SetObservation(map[string]any) error

	// GetSensitiveParameters maps the Terraform attribute path of every
	// sensitive input to the JSON path of its secret key selector in the
	// object ("password" → "spec.forProvider.passwordSecretRef").
	GetSensitiveParameters() map[string]string
	// GetConnectionDetailsMapping maps the Terraform attribute path of
	// every sensitive output to its key in the connection Secret.
	GetConnectionDetailsMapping() map[string]string
	// GetLateInitializeIgnored lists the Terraform attribute paths that
	// are never late-initialized from the observed state.
	GetLateInitializeIgnored() []string
	// GetExternalName says how the external name maps to Terraform.
	GetExternalName() ExternalName
}

// InitParameterized is implemented by kinds with spec.initProvider: the
// arguments used only when the external resource is created. The
// controller merges them under spec.forProvider (spec.forProvider wins;
// objects are merged, lists are taken whole) and ignores later changes of
// what only spec.initProvider sets. Code generated before spec.initProvider
// existed does not implement it, and runs as before.
type InitParameterized interface {
	// GetInitParameters returns spec.initProvider as Terraform JSON
	// (sensitive inputs left out, as in GetParameters; their secret key
	// selectors are at the paths of GetSensitiveParameters with
	// spec.initProvider in place of spec.forProvider).
	GetInitParameters() (map[string]any, error)
}

// ExternalName is the static part of an external-name configuration: how
// the name in the crossplane.io/external-name annotation (by default the
// object's name) maps to the Terraform resource.
type ExternalName struct {
	// NameArgument is the Terraform argument the external name is written
	// to before create, such as "name"; it is not in spec.forProvider.
	// Empty when the name is not an argument.
	NameArgument string `json:"nameArgument,omitempty"`
	// IDFromProvider is set when the provider picks the ID at create: the
	// external name is then the Terraform ID, recorded after create and
	// used to import the resource when its state is lost.
	IDFromProvider bool `json:"idFromProvider,omitempty"`
}

// AnnotationExternalName is the annotation holding the external name.
const AnnotationExternalName = "crossplane.io/external-name"

// ReferenceResolver resolves a reference field to a value taken from the
// referenced object. The controller implements it with a Kubernetes
// client; generated ResolveReferences methods call Resolve once per string
// field (once per element of the nested blocks that hold it) and
// ResolveMultiple once per list of strings.
type ReferenceResolver interface {
	Resolve(ctx context.Context, req ResolutionRequest) (ResolutionResponse, error)
	ResolveMultiple(ctx context.Context, req MultiResolutionRequest) (MultiResolutionResponse, error)
}

// ReferenceResolvable is implemented by kinds with reference fields: the
// generated ResolveReferences fills each referenced field through the
// resolver, before the controller builds Terraform's input.
type ReferenceResolvable interface {
	ResolveReferences(ctx context.Context, r ReferenceResolver) error
}

// ResolutionRequest asks for the value of one reference field.
type ResolutionRequest struct {
	// Current is the field's value now; nil when unset.
	Current *string
	// Reference names the target by name, Selector by labels; the
	// resolver uses Reference when both are set.
	Reference *Reference
	Selector  *Selector
	// To is the kind of the target.
	To schema.GroupVersionKind
	// Extract is the JSON path of the value in the target, such as
	// status.atProvider.id.
	Extract string
	// ReferenceField and SelectorField are the paths of the fields that
	// hold Reference and Selector in the object, such as
	// spec.forProvider.contentRef: the fields a message about a target
	// that is missing tells to fix.
	ReferenceField, SelectorField string
}

// MultiResolutionRequest asks for the values of one list-of-strings
// reference field: one value from each referenced object.
type MultiResolutionRequest struct {
	// CurrentValues are the field's values now; nil when unset.
	CurrentValues []string
	// References name the targets by name, in the order of their values;
	// Selector selects them by labels (every matching object, sorted by
	// name) when References is empty.
	References []Reference
	Selector   *Selector
	// To is the kind of the targets.
	To schema.GroupVersionKind
	// Extract is the JSON path of the value in each target.
	Extract string
	// ReferenceField and SelectorField are the paths of the fields that
	// hold References and Selector in the object, such as
	// spec.forProvider.subnetIdRefs.
	ReferenceField, SelectorField string
}

// MultiResolutionResponse is a resolved list reference.
type MultiResolutionResponse struct {
	// ResolvedValues are the extracted values, one for each of
	// ResolvedReferences.
	ResolvedValues []string
	// ResolvedReferences name the objects the values came from (so that a
	// selector resolves once).
	ResolvedReferences []Reference
}

// ResolutionResponse is a resolved reference.
type ResolutionResponse struct {
	// Value is the extracted value.
	Value *string
	// Reference names the object the value came from (so that a selector
	// resolves once).
	Reference *Reference
}

// Registration is one generated kind, as the generated setup file lists
// them for the controller.
type Registration struct {
	// TerraformType is the Terraform resource type, such as local_file.
	TerraformType string
	// Kind is the kind's group, version and kind.
	Kind schema.GroupVersionKind
	// New returns an empty object of the kind.
	New func() Terraformed
	// ProviderConfig is the kind spec.providerConfigRef names; nil leaves
	// the reference unused (the provider block is empty).
	ProviderConfig *ProviderConfigKind
	// ProviderVersion is the version of the provider whose schema the
	// kind was generated from (config.Provider.ProviderVersions): the
	// controller's workspaces require exactly it. Empty when not
	// recorded: any version.
	ProviderVersion string
}
