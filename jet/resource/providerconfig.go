package resource

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// CredentialsSource says where a ProviderConfig's credentials come from.
// +kubebuilder:validation:Enum=None;Secret
type CredentialsSource string

const (
	// CredentialsNone configures the Terraform provider without arguments
	// (or only with those the manager's environment gives it).
	CredentialsNone CredentialsSource = "None"
	// CredentialsSecret reads the credentials from one key of a Secret.
	CredentialsSecret CredentialsSource = "Secret"
)

// ProviderConfigSpec is the spec of every generated ProviderConfig.
type ProviderConfigSpec struct {
	// Credentials the Terraform provider is configured with.
	Credentials ProviderCredentials `json:"credentials"`
}

// ProviderCredentials say where the Terraform provider's configuration
// comes from.
// +kubebuilder:validation:XValidation:rule="self.source != 'Secret' || has(self.secretRef)",message="secretRef is required when source is Secret"
type ProviderCredentials struct {
	// Source of the credentials: Secret (the key secretRef names) or None
	// (the provider block has no arguments).
	Source CredentialsSource `json:"source"`
	// SecretRef names the Secret key holding the credentials; required
	// when source is Secret. By default its content is a JSON object of
	// the Terraform provider's arguments.
	// +optional
	SecretRef *SecretKeySelector `json:"secretRef,omitempty"`
}

// ProviderConfigObject is a generated ProviderConfig as the controller sees
// it.
type ProviderConfigObject interface {
	metav1.Object
	runtime.Object
	// GetProviderConfigSpec returns the spec, for reading.
	GetProviderConfigSpec() *ProviderConfigSpec
	// GetProviderConfigStatus returns the status, for reading and writing.
	GetProviderConfigStatus() *ResourceStatus
}

// ProviderConfigKind is the ProviderConfig kind of a generated API: the
// kind every managed resource's spec.providerConfigRef names.
type ProviderConfigKind struct {
	// Kind is the ProviderConfig's group, version and kind.
	Kind schema.GroupVersionKind
	// New returns an empty ProviderConfig.
	New func() ProviderConfigObject
}

// DefaultProviderConfig is the name spec.providerConfigRef defaults to.
const DefaultProviderConfig = "default"

// DeepCopyInto copies s into out.
func (s *ProviderConfigSpec) DeepCopyInto(out *ProviderConfigSpec) {
	*out = *s
	s.Credentials.DeepCopyInto(&out.Credentials)
}

// DeepCopy returns a copy of s.
func (s *ProviderConfigSpec) DeepCopy() *ProviderConfigSpec {
	if s == nil {
		return nil
	}
	out := new(ProviderConfigSpec)
	s.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies c into out.
func (c *ProviderCredentials) DeepCopyInto(out *ProviderCredentials) {
	*out = *c
	if c.SecretRef != nil {
		out.SecretRef = new(SecretKeySelector)
		*out.SecretRef = *c.SecretRef
	}
}

// DeepCopy returns a copy of c.
func (c *ProviderCredentials) DeepCopy() *ProviderCredentials {
	if c == nil {
		return nil
	}
	out := new(ProviderCredentials)
	c.DeepCopyInto(out)
	return out
}
