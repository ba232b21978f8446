package types

import (
	"go/types"

	"github.com/tfkit/tfkit/jet/config"
)

// Import paths of the packages generated types refer to.
const (
	ResourcePath = "github.com/tfkit/tfkit/jet/resource"
	MetaPath     = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Package is one generated API package: the kinds of one group and version.
type Package struct {
	// ShortGroup, Group and Version name the API: random,
	// random.jet.tfkit.dev, v1alpha1.
	ShortGroup, Group, Version string
	// Path is the Go import path, Name the package name (the version).
	Path, Name string
	// Types is the go/types package the generated types belong to.
	Types *types.Package
	// Kinds are sorted by kind name.
	Kinds []*Kind

	names map[string]bool // type names taken in the package
}

// Kind is one generated kind and everything printed from it.
type Kind struct {
	Resource *config.Resource
	// Name is the kind, such as Password.
	Name string
	// Object, List, Spec, Status, Parameters, InitParameters and
	// Observation are the kind's top-level structs; Nested are the types
	// of nested objects, depth first, parameters before observations, and
	// the nested types of InitParameters after them.
	Object, List, Spec, Status, Parameters, InitParameters, Observation *Struct
	Nested                                                              []*Struct
	// SensitiveParameters maps Terraform attribute paths to the JSON path
	// of their secret key selector.
	SensitiveParameters map[string]string
	// ConnectionDetails maps Terraform attribute paths of sensitive
	// observations, and of top-level sensitive string arguments, to their
	// key in the connection Secret.
	ConnectionDetails map[string]string
	// References are the reference fields of Parameters and its nested
	// structs, sorted by Terraform path; InitReferences the same references with the fields
	// of InitParameters.
	References, InitReferences []*Reference
}

// Structs are every struct of the kind, in the order they are printed:
// the nested types, then InitParameters, Parameters, Observation, Spec,
// Status, the object and its list.
func (k *Kind) Structs() []*Struct {
	out := append([]*Struct(nil), k.Nested...)
	if k.InitParameters != nil {
		out = append(out, k.InitParameters)
	}
	return append(out, k.Parameters, k.Observation, k.Spec, k.Status, k.Object, k.List)
}

// Reference is one configured reference: the field whose value is
// resolved and the fields naming the target.
type Reference struct {
	// Path are the fields of the nested blocks, from Parameters (or
	// InitParameters) down to the struct holding Field, outermost first;
	// empty for a top-level argument. Each is a slice or a pointer of a
	// nested struct.
	Path []*Field
	// Field is the value field (a *string, or a []string with Multi, in
	// Parameters, InitParameters or a nested struct of theirs); RefField
	// (a *Reference, a []Reference with Multi) and SelectorField the
	// added fields, in the same struct.
	Field, RefField, SelectorField *Field
	// Multi is set for a list or set of strings: every selected object
	// gives one value.
	Multi bool
	// Target is the referenced kind's group, version and kind.
	TargetGroup, TargetVersion, TargetKind string
	// TargetPath is the Go import path of the target's API package.
	TargetPath string
	// Extract is the JSON path of the value in the target.
	Extract string
}

// Struct is a generated struct type with what its fields say beyond their
// Go types.
type Struct struct {
	Named  *types.Named
	Fields []*Field
	// Doc is the type's doc comment, without the leading name.
	Doc string
	// Markers are kubebuilder markers written above the type.
	Markers []string
	// Root is set for the kind's object type (with ObjectMeta).
	Root bool
}

// Name returns the type's name.
func (s *Struct) Name() string { return s.Named.Obj().Name() }

// FieldRole says what a field is for.
type FieldRole int

const (
	// RoleAttribute is a Terraform attribute or block.
	RoleAttribute FieldRole = iota
	// RoleSecretRef is the secret key selector of a sensitive argument.
	RoleSecretRef
	// RoleRef and RoleSelector are the fields a reference adds.
	RoleRef
	RoleSelector
	// RoleStructure is a Kubernetes structure field: TypeMeta,
	// ObjectMeta, spec, status, forProvider, atProvider, items.
	RoleStructure
)

// Field is one field of a generated struct.
type Field struct {
	Var *types.Var
	// JSONName is the Kubernetes name (lowerCamelCase); empty with Inline.
	JSONName string
	// TFName is the Terraform name; empty for fields that are not
	// Terraform attributes.
	TFName string
	// Inline embeds the field's type (`json:",inline"`).
	Inline bool
	// Required fields have no omitempty and a Required marker.
	Required bool
	// Description is the field's doc comment and CRD description.
	Description string
	Role        FieldRole
	// Markers are extra kubebuilder markers (defaults, enums).
	Markers []string
}

// Tag returns the field's struct tag.
func (f *Field) Tag() string {
	if f.Inline {
		return `json:",inline"`
	}
	omit := ",omitempty"
	if f.Required {
		omit = ""
	}
	tag := `json:"` + f.JSONName + omit + `"`
	switch {
	case f.TFName != "":
		tag += ` tf:"` + f.TFName + omit + `"`
	case f.Role == RoleSecretRef || f.Role == RoleRef || f.Role == RoleSelector:
		tag += ` tf:"-"`
	}
	return tag
}
