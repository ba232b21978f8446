package pipeline

import (
	"encoding/json"
	"fmt"
	"go/types"
	"sort"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/tfkit/tfkit/jet/config"
	jettypes "github.com/tfkit/tfkit/jet/types"
)

// The CRD generator produces, from the type builder's model, the schema
// controller-gen produces from the printed Go types and their markers
// (docs/decisions/016-jet-kubernetes.md): an object per
// struct with its fields' descriptions, required fields, pointers
// dereferenced, slices as arrays, maps as additionalProperties, the shared
// types as below.

// crdFile returns the CRD of one kind and its file name.
func crdFile(pkg *jettypes.Package, k *jettypes.Kind, category string) (string, []byte, error) {
	plural := config.Plural(k.Name)
	g := &crdGen{structs: map[*types.Named]*jettypes.Struct{}}
	for _, s := range k.Structs() {
		g.structs[s.Named] = s
	}
	root := g.object(k.Object)
	sortedRequired(&root)
	// The document controller-gen writes: a CustomResourceDefinition
	// without the status and the empty creation time the API type always
	// marshals.
	crd := struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name string `json:"name"`
		} `json:"metadata"`
		Spec apiextv1.CustomResourceDefinitionSpec `json:"spec"`
	}{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"}
	crd.Metadata.Name = plural + "." + pkg.Group
	crd.Spec = apiextv1.CustomResourceDefinitionSpec{
		Group: pkg.Group,
		Names: apiextv1.CustomResourceDefinitionNames{
			Kind: k.Name, ListKind: k.Name + "List", Plural: plural, Singular: strings.ToLower(k.Name),
			Categories: []string{"crossplane", "managed", category},
		},
		Scope: apiextv1.ClusterScoped,
		Versions: []apiextv1.CustomResourceDefinitionVersion{{
			Name: pkg.Version, Served: true, Storage: true,
			Schema:       &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &root},
			Subresources: &apiextv1.CustomResourceSubresources{Status: &apiextv1.CustomResourceSubresourceStatus{}},
			AdditionalPrinterColumns: []apiextv1.CustomResourceColumnDefinition{
				{Name: "READY", Type: "string", JSONPath: ".status.conditions[?(@.type=='Ready')].status"},
				{Name: "SYNCED", Type: "string", JSONPath: ".status.conditions[?(@.type=='Synced')].status"},
				{Name: "EXTERNAL-NAME", Type: "string", JSONPath: ".metadata.annotations.crossplane\\.io/external-name"},
				{Name: "AGE", Type: "date", JSONPath: ".metadata.creationTimestamp"},
			},
		}},
	}
	// yaml.Marshal is this JSON turned into YAML; the JSON is also what
	// the size limit counts.
	js, err := json.Marshal(crd)
	if err != nil {
		return "", nil, err
	}
	if err := checkCRDSize(k, crd.Metadata.Name, len(js)); err != nil {
		return "", nil, err
	}
	out, err := yaml.JSONToYAML(js)
	if err != nil {
		return "", nil, err
	}
	return fmt.Sprintf("package/crds/%s_%s.yaml", pkg.Group, plural), append([]byte("---\n"), out...), nil
}

// The API server keeps a CRD as one object in etcd, whose requests take at
// most 1.5 MiB by default (etcd's --max-request-bytes); a bigger one is
// refused at install ("etcdserver: request is too large"). The size stored
// is close to the CRD's compact JSON: on kube-apiserver 1.31 with etcd
// 3.5, aws's wafv2 WebACL padded to 1,571,788 bytes of JSON installs and to
// 1,575,373 bytes is refused. crdLimit keeps 5% of it spare for what the
// server adds (status, managed fields) and for other shapes of schema.
const (
	etcdObjectLimit = 3 << 19 // 1.5 MiB
	crdLimit        = etcdObjectLimit * 95 / 100
)

// checkCRDSize refuses the CRD name of kind k when its compact JSON, of
// size bytes, would come within 5% of what the API server can store.
func checkCRDSize(k *jettypes.Kind, name string, size int) error {
	if size <= crdLimit {
		return nil
	}
	return fmt.Errorf("pipeline: the CRD %s of kind %s (%s) is %d bytes as JSON (%.2f MiB), more than %d, 95%% of the 1.5 MiB the API server can store per object in etcd: it would be refused at install (etcdserver: request is too large), or nearly. Its schema is too big for one kind: leave %s out (add it to Provider.Exclude)",
		name, k.Name, k.Resource.TerraformType, size, float64(size)/(1<<20), crdLimit, k.Resource.TerraformType)
}

type crdGen struct {
	structs map[*types.Named]*jettypes.Struct
}

// object is the schema of a struct: its fields, inline ones merged in.
func (g *crdGen) object(s *jettypes.Struct) apiextv1.JSONSchemaProps {
	props := apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{}}
	if s.Root {
		props.Description = strings.TrimSpace(s.Name() + " " + s.Doc)
	}
	for _, f := range s.Fields {
		if f.Inline {
			named := f.Var.Type().(*types.Named)
			inl := g.shared(named)
			for n, p := range inl.Properties {
				props.Properties[n] = p
			}
			props.Required = append(props.Required, inl.Required...)
			continue
		}
		p := g.schema(f.Var.Type())
		if f.Description != "" {
			p.Description = f.Description
		}
		props.Properties[f.JSONName] = p
		if f.Required {
			props.Required = append(props.Required, f.JSONName)
		}
	}
	return props
}

// schema is the schema of a Go type.
func (g *crdGen) schema(t types.Type) apiextv1.JSONSchemaProps {
	switch t := t.(type) {
	case *types.Pointer:
		return g.schema(t.Elem())
	case *types.Basic:
		switch t.Kind() {
		case types.String:
			return apiextv1.JSONSchemaProps{Type: "string"}
		case types.Float64:
			return apiextv1.JSONSchemaProps{Type: "number"}
		case types.Bool:
			return apiextv1.JSONSchemaProps{Type: "boolean"}
		}
	case *types.Slice:
		items := g.schema(t.Elem())
		return apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &items}}
	case *types.Map:
		v := g.schema(t.Elem())
		return apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &v}}
	case *types.Named:
		if s := g.structs[t]; s != nil {
			// A type's doc describes its values where the field says
			// nothing, as controller-gen does.
			o := g.object(s)
			o.Description = strings.TrimSpace(typeDoc(s))
			return o
		}
		return g.shared(t)
	}
	panic(fmt.Sprintf("pipeline: no CRD schema for %s", t)) // the type builder made a type the generator does not know
}

// shared returns the schema of a type from jet/resource or metav1, as
// controller-gen writes it from those types' fields and markers.
func (g *crdGen) shared(t *types.Named) apiextv1.JSONSchemaProps {
	name := t.Obj().Pkg().Path() + "." + t.Obj().Name()
	s, ok := sharedSchemas[name]
	if !ok {
		panic("pipeline: no CRD schema for " + name) // a type the builder uses but this table lacks
	}
	return *s.DeepCopy()
}

func str(desc string) apiextv1.JSONSchemaProps {
	return apiextv1.JSONSchemaProps{Type: "string", Description: desc}
}

func enum(desc string, def string, values ...string) apiextv1.JSONSchemaProps {
	p := str(desc)
	for _, v := range values {
		p.Enum = append(p.Enum, apiextv1.JSON{Raw: []byte(`"` + v + `"`)})
	}
	if def != "" {
		p.Default = &apiextv1.JSON{Raw: []byte(`"` + def + `"`)}
	}
	return p
}

func obj(desc string, required []string, props map[string]apiextv1.JSONSchemaProps) apiextv1.JSONSchemaProps {
	return apiextv1.JSONSchemaProps{Type: "object", Description: desc, Required: required, Properties: props}
}

var policySchema = obj("Policies for resolving the reference.", nil, map[string]apiextv1.JSONSchemaProps{
	"resolution": enum("Resolution says whether an unresolved reference is an error:\nRequired (default) or Optional.", "Required", "Required", "Optional"),
	"resolve":    enum("Resolve says when to resolve: IfNotPresent (default) or Always.", "", "Always", "IfNotPresent"),
})

var secretReference = map[string]apiextv1.JSONSchemaProps{
	"name":      str("Name of the Secret."),
	"namespace": str("Namespace of the Secret."),
}

// sharedSchemas are the schemas of the types generated kinds use from
// jet/resource and metav1, by import path and name. TestSharedSchemas
// checks them against the Go types' JSON fields.
var sharedSchemas = map[string]*apiextv1.JSONSchemaProps{
	jettypes.MetaPath + ".TypeMeta": ptr(obj("", nil, map[string]apiextv1.JSONSchemaProps{
		"apiVersion": str("APIVersion defines the versioned schema of this representation of an object.\nServers should convert recognized schemas to the latest internal value, and\nmay reject unrecognized values.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"),
		"kind":       str("Kind is a string value representing the REST resource this object represents.\nServers may infer this from the endpoint the client submits requests to.\nCannot be updated.\nIn CamelCase.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"),
	})),
	jettypes.MetaPath + ".ObjectMeta": ptr(apiextv1.JSONSchemaProps{Type: "object"}),
	jettypes.MetaPath + ".ListMeta":   ptr(apiextv1.JSONSchemaProps{Type: "object"}),
	jettypes.ResourcePath + ".ResourceSpec": ptr(obj("", nil, map[string]apiextv1.JSONSchemaProps{
		"deletionPolicy": enum("DeletionPolicy says whether the external resource is deleted or\norphaned when this managed resource is deleted.", "Delete", "Orphan", "Delete"),
		"managementPolicies": {
			Type:        "array",
			Description: "ManagementPolicies are the actions the controller may take on the\nexternal resource.",
			Default:     &apiextv1.JSON{Raw: []byte(`["*"]`)},
			Items: &apiextv1.JSONSchemaPropsOrArray{Schema: ptr(enum("ManagementAction is one thing the controller may do to an external\nresource.", "",
				"Observe", "Create", "Update", "Delete", "LateInitialize", "*"))},
		},
		"providerConfigRef": func() apiextv1.JSONSchemaProps {
			p := obj("ProviderConfigReference names the ProviderConfig that configures the\nTerraform provider for this resource.", []string{"name"}, map[string]apiextv1.JSONSchemaProps{
				"name":   str("Name of the referenced object."),
				"policy": policySchema,
			})
			p.Default = &apiextv1.JSON{Raw: []byte(`{"name":"default"}`)}
			return p
		}(),
		"writeConnectionSecretToRef": obj("WriteConnectionSecretToRef names the Secret the connection details\n(sensitive outputs and extra keys) are written to.", []string{"name", "namespace"}, secretReference),
	})),
	jettypes.ResourcePath + ".ResourceStatus": ptr(obj("", nil, map[string]apiextv1.JSONSchemaProps{
		"conditions": {
			Type:         "array",
			Description:  "Conditions of the resource.",
			XListType:    ptr("map"),
			XListMapKeys: []string{"type"},
			Items: &apiextv1.JSONSchemaPropsOrArray{Schema: ptr(obj("Condition is one observation of the resource's state.",
				[]string{"lastTransitionTime", "reason", "status", "type"},
				map[string]apiextv1.JSONSchemaProps{
					"lastTransitionTime": {Type: "string", Format: "date-time", Description: "LastTransitionTime is when this condition last changed status."},
					"message":            str("Message is a human-readable account of the transition."),
					"observedGeneration": {Type: "integer", Format: "int64", Description: "ObservedGeneration is the generation this condition was set for."},
					"reason":             str("Reason for the condition's last transition."),
					"status":             str("Status of this condition: True, False or Unknown."),
					"type":               str("Type of this condition."),
				}))},
		},
		"observedGeneration": {Type: "integer", Format: "int64", Description: "ObservedGeneration is the generation the conditions were computed\nfor."},
	})),
	jettypes.ResourcePath + ".SecretKeySelector": ptr(obj("SecretKeySelector names one key of a Secret.", []string{"key", "name", "namespace"}, map[string]apiextv1.JSONSchemaProps{
		"key":       str("Key whose value is selected."),
		"name":      secretReference["name"],
		"namespace": secretReference["namespace"],
	})),
	jettypes.ResourcePath + ".Reference": ptr(obj("Reference names another object of the same kind family by name.", []string{"name"}, map[string]apiextv1.JSONSchemaProps{
		"name":   str("Name of the referenced object."),
		"policy": policySchema,
	})),
	jettypes.ResourcePath + ".Selector": ptr(obj("Selector selects an object by labels.", nil, map[string]apiextv1.JSONSchemaProps{
		"matchControllerRef": {Type: "boolean", Description: "MatchControllerRef selects an object with the same controller\nreference as the selecting object."},
		"matchLabels": {Type: "object", Description: "MatchLabels selects an object with these labels.",
			AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: ptr(apiextv1.JSONSchemaProps{Type: "string"})}},
		"policy": func() apiextv1.JSONSchemaProps {
			p := policySchema
			p.Description = "Policies for selection."
			return p
		}(),
	})),
}

func ptr[T any](v T) *T { return &v }

// sortedRequired sorts every required list, as controller-gen writes them.
func sortedRequired(p *apiextv1.JSONSchemaProps) {
	sort.Strings(p.Required)
	for n, c := range p.Properties {
		sortedRequired(&c)
		p.Properties[n] = c
	}
	if p.Items != nil && p.Items.Schema != nil {
		sortedRequired(p.Items.Schema)
	}
	if p.AdditionalProperties != nil && p.AdditionalProperties.Schema != nil {
		sortedRequired(p.AdditionalProperties.Schema)
	}
}
