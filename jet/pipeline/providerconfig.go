package pipeline

import (
	"fmt"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	jettypes "github.com/tfkit/tfkit/jet/types"
)

// The ProviderConfig kind: one per generated API, in the root group
// itself (every kind's group is ShortGroup.RootGroup, so the root group is
// the family's common name and no managed kind lands in it), version
// v1beta1, cluster-scoped, as Crossplane providers name theirs. Its types
// are fixed; only the group changes, so it is printed, not built from a
// schema.

// ProviderConfigVersion is the API version of the ProviderConfig kind.
const ProviderConfigVersion = "v1beta1"

// providerConfigDir is the API package of the ProviderConfig kind.
const providerConfigDir = "apis/" + ProviderConfigVersion + "/"

// providerConfigFiles returns the ProviderConfig package and CRD.
func providerConfigFiles(rootGroup, category string) (map[string]func() ([]byte, error), func() (string, []byte, error)) {
	return map[string]func() ([]byte, error){
			providerConfigDir + "zz_groupversion_info.go":    func() ([]byte, error) { return providerConfigGroupVersion(rootGroup) },
			providerConfigDir + "zz_providerconfig_types.go": func() ([]byte, error) { return providerConfigTypes(rootGroup, category) },
			providerConfigDir + "zz_generated.deepcopy.go":   providerConfigDeepCopy,
		}, func() (string, []byte, error) {
			return providerConfigCRD(rootGroup, category)
		}
}

func providerConfigGroupVersion(group string) ([]byte, error) {
	f := newGoFile(ProviderConfigVersion, nil)
	schemaPkg := f.use("k8s.io/apimachinery/pkg/runtime/schema", "schema")
	runtimePkg := f.use("k8s.io/apimachinery/pkg/runtime", "runtime")
	meta := f.use(jettypes.MetaPath, "metav1")
	f.p("// Group and version of the ProviderConfig kind.\n")
	f.p("const (\n\tCRDGroup = %q\n\tCRDVersion = %q\n)\n\n", group, ProviderConfigVersion)
	f.p("var (\n")
	f.p("\t// GroupVersion is the group and version of this package's kinds.\n")
	f.p("\tGroupVersion = %s.GroupVersion{Group: CRDGroup, Version: CRDVersion}\n", schemaPkg)
	f.p("\t// SchemeBuilder registers this package's kinds with a scheme.\n")
	f.p("\tSchemeBuilder = %s.NewSchemeBuilder(addKnownTypes)\n", runtimePkg)
	f.p("\t// AddToScheme adds this package's kinds to a scheme.\n")
	f.p("\tAddToScheme = SchemeBuilder.AddToScheme\n")
	f.p(")\n\n")
	f.p("// ProviderConfigGroupVersionKind is the group, version and kind of ProviderConfig.\n")
	f.p("var ProviderConfigGroupVersionKind = GroupVersion.WithKind(\"ProviderConfig\")\n\n")
	f.p("func addKnownTypes(s *%s.Scheme) error {\n", runtimePkg)
	f.p("\ts.AddKnownTypes(GroupVersion, &ProviderConfig{}, &ProviderConfigList{})\n")
	f.p("\t%s.AddToGroupVersion(s, GroupVersion)\n\treturn nil\n}\n", meta)
	doc := fmt.Sprintf("// Package %s holds the %s/%s ProviderConfig kind: the\n// configuration of the Terraform providers of the managed resources.\n// +kubebuilder:object:generate=true\n// +groupName=%s\n", ProviderConfigVersion, group, ProviderConfigVersion, group)
	return f.bytes(doc)
}

// providerConfigDoc is the ProviderConfig kind's description.
const providerConfigDoc = "ProviderConfig configures the Terraform provider of the managed\nresources whose spec.providerConfigRef names it: where the provider's\narguments (credentials, endpoints) come from."

func providerConfigTypes(group, category string) ([]byte, error) {
	f := newGoFile(ProviderConfigVersion, nil)
	meta := f.use(jettypes.MetaPath, "metav1")
	res := f.use(jettypes.ResourcePath, "resource")
	f.comment("", providerConfigDoc)
	f.p("// +kubebuilder:object:root=true\n")
	f.p("// +kubebuilder:subresource:status\n")
	f.p("// +kubebuilder:printcolumn:name=\"READY\",type=\"string\",JSONPath=\".status.conditions[?(@.type=='Ready')].status\"\n")
	f.p("// +kubebuilder:printcolumn:name=\"SECRET-NAME\",type=\"string\",JSONPath=\".spec.credentials.secretRef.name\"\n")
	f.p("// +kubebuilder:printcolumn:name=\"AGE\",type=\"date\",JSONPath=\".metadata.creationTimestamp\"\n")
	f.p("// +kubebuilder:resource:scope=Cluster,categories={crossplane,provider,%s}\n", category)
	f.p("type ProviderConfig struct {\n")
	f.p("\t%s.TypeMeta   `json:\",inline\"`\n", meta)
	f.p("\t%s.ObjectMeta `json:\"metadata,omitempty\"`\n\n", meta)
	f.p("\t// Spec says where the provider's configuration comes from.\n")
	f.p("\tSpec %s.ProviderConfigSpec `json:\"spec\"`\n\n", res)
	f.p("\t// Status says whether the configuration can be read (the Ready\n\t// condition).\n")
	f.p("\t// +optional\n")
	f.p("\tStatus %s.ResourceStatus `json:\"status,omitempty\"`\n}\n\n", res)
	f.p("// ProviderConfigList is a list of ProviderConfig.\n// +kubebuilder:object:root=true\n")
	f.p("type ProviderConfigList struct {\n")
	f.p("\t%s.TypeMeta `json:\",inline\"`\n", meta)
	f.p("\t%s.ListMeta `json:\"metadata,omitempty\"`\n", meta)
	f.p("\tItems []ProviderConfig `json:\"items\"`\n}\n\n")
	f.p("// GetProviderConfigSpec returns the spec.\n")
	f.p("func (pc *ProviderConfig) GetProviderConfigSpec() *%s.ProviderConfigSpec { return &pc.Spec }\n\n", res)
	f.p("// GetProviderConfigStatus returns the status.\n")
	f.p("func (pc *ProviderConfig) GetProviderConfigStatus() *%s.ResourceStatus { return &pc.Status }\n\n", res)
	f.p("var _ %s.ProviderConfigObject = &ProviderConfig{}\n", res)
	return f.bytes("")
}

func providerConfigDeepCopy() ([]byte, error) {
	f := newGoFile(ProviderConfigVersion, nil)
	runtimePkg := f.use("k8s.io/apimachinery/pkg/runtime", "runtime")
	for _, n := range []string{"ProviderConfig", "ProviderConfigList"} {
		f.p("// DeepCopyInto copies the receiver into out.\n")
		f.p("func (in *%s) DeepCopyInto(out *%s) {\n\t*out = *in\n", n, n)
		if n == "ProviderConfig" {
			f.p("\tin.ObjectMeta.DeepCopyInto(&out.ObjectMeta)\n\tin.Spec.DeepCopyInto(&out.Spec)\n\tin.Status.DeepCopyInto(&out.Status)\n")
		} else {
			f.p("\tin.ListMeta.DeepCopyInto(&out.ListMeta)\n")
			f.p("\tif in.Items != nil {\n\t\tout.Items = make([]ProviderConfig, len(in.Items))\n")
			f.p("\t\tfor i := range in.Items {\n\t\t\tin.Items[i].DeepCopyInto(&out.Items[i])\n\t\t}\n\t}\n")
		}
		f.p("}\n\n")
		f.p("// DeepCopy returns a copy of the receiver.\n")
		f.p("func (in *%s) DeepCopy() *%s {\n\tif in == nil {\n\t\treturn nil\n\t}\n\tout := new(%s)\n\tin.DeepCopyInto(out)\n\treturn out\n}\n\n", n, n, n)
		f.p("// DeepCopyObject returns a copy of the receiver as a runtime.Object.\n")
		f.p("func (in *%s) DeepCopyObject() %s.Object {\n\tif c := in.DeepCopy(); c != nil {\n\t\treturn c\n\t}\n\treturn nil\n}\n\n", n, runtimePkg)
	}
	return f.bytes("")
}

// providerConfigCRD is the CRD controller-gen writes for the printed
// ProviderConfig types.
func providerConfigCRD(group, category string) (string, []byte, error) {
	status := sharedSchemas[jettypes.ResourcePath+".ResourceStatus"].DeepCopy()
	status.Description = "Status says whether the configuration can be read (the Ready\ncondition)."
	selector := sharedSchemas[jettypes.ResourcePath+".SecretKeySelector"].DeepCopy()
	selector.Description = "SecretRef names the Secret key holding the credentials; required\nwhen source is Secret. By default its content is a JSON object of\nthe Terraform provider's arguments."
	credentials := obj("Credentials the Terraform provider is configured with.", []string{"source"}, map[string]apiextv1.JSONSchemaProps{
		"source":    enum("Source of the credentials: Secret (the key secretRef names) or None\n(the provider block has no arguments).", "", "None", "Secret"),
		"secretRef": *selector,
	})
	credentials.XValidations = apiextv1.ValidationRules{{
		Rule:    "self.source != 'Secret' || has(self.secretRef)",
		Message: "secretRef is required when source is Secret",
	}}
	root := obj(providerConfigDoc, []string{"spec"}, map[string]apiextv1.JSONSchemaProps{
		"apiVersion": sharedSchemas[jettypes.MetaPath+".TypeMeta"].Properties["apiVersion"],
		"kind":       sharedSchemas[jettypes.MetaPath+".TypeMeta"].Properties["kind"],
		"metadata":   {Type: "object"},
		"spec": obj("Spec says where the provider's configuration comes from.", []string{"credentials"}, map[string]apiextv1.JSONSchemaProps{
			"credentials": credentials,
		}),
		"status": *status,
	})
	sortedRequired(&root)
	crd := struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name string `json:"name"`
		} `json:"metadata"`
		Spec apiextv1.CustomResourceDefinitionSpec `json:"spec"`
	}{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"}
	crd.Metadata.Name = "providerconfigs." + group
	crd.Spec = apiextv1.CustomResourceDefinitionSpec{
		Group: group,
		Names: apiextv1.CustomResourceDefinitionNames{
			Kind: "ProviderConfig", ListKind: "ProviderConfigList", Plural: "providerconfigs", Singular: "providerconfig",
			Categories: []string{"crossplane", "provider", category},
		},
		Scope: apiextv1.ClusterScoped,
		Versions: []apiextv1.CustomResourceDefinitionVersion{{
			Name: ProviderConfigVersion, Served: true, Storage: true,
			Schema:       &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &root},
			Subresources: &apiextv1.CustomResourceSubresources{Status: &apiextv1.CustomResourceSubresourceStatus{}},
			AdditionalPrinterColumns: []apiextv1.CustomResourceColumnDefinition{
				{Name: "READY", Type: "string", JSONPath: ".status.conditions[?(@.type=='Ready')].status"},
				{Name: "SECRET-NAME", Type: "string", JSONPath: ".spec.credentials.secretRef.name"},
				{Name: "AGE", Type: "date", JSONPath: ".metadata.creationTimestamp"},
			},
		}},
	}
	out, err := yaml.Marshal(crd)
	if err != nil {
		return "", nil, err
	}
	return fmt.Sprintf("package/crds/%s_providerconfigs.yaml", group), append([]byte("---\n"), out...), nil
}

// providerConfigAlias is the name generated files import the
// ProviderConfig package under; no kind's package has it (theirs are
// <short group><version>).
const providerConfigAlias = ProviderConfigVersion

// providerConfigPath is the import path of the ProviderConfig package.
func providerConfigPath(modulePath string) string {
	return strings.TrimSuffix(modulePath, "/") + "/" + strings.TrimSuffix(providerConfigDir, "/")
}
