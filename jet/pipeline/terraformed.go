package pipeline

import (
	"sort"
	"strconv"

	jettypes "github.com/tfkit/tfkit/jet/types"
)

// terraformedFile prints each kind's Managed and Terraformed methods: the
// information about the kind its Go type cannot carry.
func terraformedFile(pkg *jettypes.Package) ([]byte, error) {
	f := newGoFile(pkg.Name, pkg)
	res := f.use(jettypes.ResourcePath, "resource")
	for _, k := range pkg.Kinds {
		r := k.Resource
		n := k.Name
		f.p("// GetResourceSpec returns the part of spec every managed resource shares.\n")
		f.p("func (mg *%s) GetResourceSpec() *%s.ResourceSpec { return &mg.Spec.ResourceSpec }\n\n", n, res)
		f.p("// GetResourceStatus returns the part of status every managed resource shares.\n")
		f.p("func (mg *%s) GetResourceStatus() *%s.ResourceStatus { return &mg.Status.ResourceStatus }\n\n", n, res)
		f.p("// GetTerraformResourceType returns %q.\n", r.TerraformType)
		f.p("func (mg *%s) GetTerraformResourceType() string { return %q }\n\n", n, r.TerraformType)
		f.p("// GetTerraformSchemaVersion returns the schema version %s was generated from.\n", n)
		f.p("func (mg *%s) GetTerraformSchemaVersion() int64 { return %d }\n\n", n, r.Schema.Version)
		f.p("// GetParameters returns spec.forProvider as Terraform JSON.\n")
		f.p("func (mg *%s) GetParameters() (map[string]any, error) { return %s.ToTerraform(&mg.Spec.ForProvider) }\n\n", n, res)
		f.p("// SetParameters writes Terraform JSON into spec.forProvider.\n")
		f.p("func (mg *%s) SetParameters(params map[string]any) error {\n\tvar p %s\n\tif err := %s.FromTerraform(params, &p); err != nil {\n\t\treturn err\n\t}\n\tmg.Spec.ForProvider = p\n\treturn nil\n}\n\n", n, k.Parameters.Name(), res)
		f.p("// GetInitParameters returns spec.initProvider as Terraform JSON.\n")
		f.p("func (mg *%s) GetInitParameters() (map[string]any, error) { return %s.ToTerraform(&mg.Spec.InitProvider) }\n\n", n, res)
		f.p("// GetObservation returns status.atProvider as Terraform JSON.\n")
		f.p("func (mg *%s) GetObservation() (map[string]any, error) { return %s.ToTerraform(&mg.Status.AtProvider) }\n\n", n, res)
		f.p("// SetObservation writes Terraform JSON into status.atProvider.\n")
		f.p("func (mg *%s) SetObservation(obs map[string]any) error {\n\tvar o %s\n\tif err := %s.FromTerraform(obs, &o); err != nil {\n\t\treturn err\n\t}\n\tmg.Status.AtProvider = o\n\treturn nil\n}\n\n", n, k.Observation.Name(), res)
		f.p("// GetSensitiveParameters maps sensitive Terraform arguments to their secret key selectors.\n")
		f.p("func (mg *%s) GetSensitiveParameters() map[string]string {\n", n)
		printStringMap(f, k.SensitiveParameters)
		f.p("}\n\n")
		f.p("// GetConnectionDetailsMapping maps sensitive Terraform attributes to connection Secret keys.\n")
		f.p("func (mg *%s) GetConnectionDetailsMapping() map[string]string {\n", n)
		printStringMap(f, k.ConnectionDetails)
		f.p("}\n\n")
		f.p("// GetLateInitializeIgnored lists the arguments never late-initialized.\n")
		f.p("func (mg *%s) GetLateInitializeIgnored() []string {\n", n)
		ignored := append([]string(nil), r.LateInitializer.IgnoredFields...)
		sort.Strings(ignored)
		if len(ignored) == 0 {
			f.p("\treturn nil\n")
		} else {
			f.p("\treturn []string{")
			for i, s := range ignored {
				if i > 0 {
					f.p(", ")
				}
				f.p("%s", strconv.Quote(s))
			}
			f.p("}\n")
		}
		f.p("}\n\n")
		en := r.ExternalName.ExternalName
		f.p("// GetExternalName says how the external name maps to Terraform.\n")
		f.p("func (mg *%s) GetExternalName() %s.ExternalName {\n\treturn %s.ExternalName{NameArgument: %q, IDFromProvider: %t}\n}\n\n", n, res, res, en.NameArgument, en.IDFromProvider)
		f.p("var _ %s.Terraformed = &%s{}\n", res, n)
		f.p("var _ %s.InitParameterized = &%s{}\n\n", res, n)
	}
	return f.bytes("")
}

func printStringMap(f *goFile, m map[string]string) {
	if len(m) == 0 {
		f.p("\treturn nil\n")
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	f.p("\treturn map[string]string{\n")
	for _, k := range keys {
		f.p("\t\t%q: %q,\n", k, m[k])
	}
	f.p("\t}\n")
}

// resolversFile prints ResolveReferences for the kinds with references.
// It returns nil when no kind of the package has one.
func resolversFile(pkg *jettypes.Package) ([]byte, error) {
	any := false
	for _, k := range pkg.Kinds {
		any = any || len(k.References) > 0
	}
	if !any {
		return nil, nil
	}
	f := newGoFile(pkg.Name, pkg)
	res := f.use(jettypes.ResourcePath, "resource")
	ctx := f.use("context", "context")
	fmtPkg := f.use("fmt", "fmt")
	schemaPkg := f.use("k8s.io/apimachinery/pkg/runtime/schema", "schema")
	for _, k := range pkg.Kinds {
		if len(k.References) == 0 {
			continue
		}
		f.p("// ResolveReferences fills the fields of %s that reference other objects,\n", k.Name)
		f.p("// in spec.forProvider, then in spec.initProvider.\n")
		f.p("func (mg *%s) ResolveReferences(ctx %s.Context, r %s.ReferenceResolver) error {\n", k.Name, ctx, res)
		printResolves(f, res, fmtPkg, schemaPkg, "ForProvider", "spec.forProvider", k.References)
		printResolves(f, res, fmtPkg, schemaPkg, "InitProvider", "spec.initProvider", k.InitReferences)
		f.p("\treturn nil\n}\n\n")
		f.p("var _ %s.ReferenceResolvable = &%s{}\n\n", res, k.Name)
	}
	return f.bytes("")
}

// printResolves prints the resolution of each reference of the spec
// field specField (ForProvider, InitProvider), whose path in the object is
// path: the resolved value goes into that part's own field.
func printResolves(f *goFile, res, fmtPkg, schemaPkg, specField, path string, refs []*jettypes.Reference) {
	fp := "mg.Spec." + specField + "."
	for _, ref := range refs {
		f.p("\t{\n")
		f.p("\t\trsp, err := r.Resolve(ctx, %s.ResolutionRequest{\n", res)
		f.p("\t\t\tCurrent: %s%s,\n", fp, ref.Field.Var.Name())
		f.p("\t\t\tReference: %s%s,\n", fp, ref.RefField.Var.Name())
		f.p("\t\t\tSelector: %s%s,\n", fp, ref.SelectorField.Var.Name())
		f.p("\t\t\tTo: %s.GroupVersionKind{Group: %q, Version: %q, Kind: %q},\n", schemaPkg, ref.TargetGroup, ref.TargetVersion, ref.TargetKind)
		f.p("\t\t\tExtract: %q,\n", ref.Extract)
		f.p("\t\t\tReferenceField: %q,\n", path+"."+ref.RefField.JSONName)
		f.p("\t\t\tSelectorField: %q,\n", path+"."+ref.SelectorField.JSONName)
		f.p("\t\t})\n")
		f.p("\t\tif err != nil {\n\t\t\treturn %s.Errorf(%q, err)\n\t\t}\n", fmtPkg, path+"."+ref.Field.JSONName+": %w")
		f.p("\t\t%s%s = rsp.Value\n", fp, ref.Field.Var.Name())
		f.p("\t\t%s%s = rsp.Reference\n", fp, ref.RefField.Var.Name())
		f.p("\t}\n")
	}
}

// registerFile prints apis/zz_register.go: one AddToScheme for every
// package.
func registerFile(pkgs []*jettypes.Package, providerConfigPkg string) ([]byte, error) {
	f := newGoFile("apis", nil)
	runtimePkg := f.use("k8s.io/apimachinery/pkg/runtime", "runtime")
	aliases := packageAliases(f, pkgs)
	pc := f.use(providerConfigPkg, providerConfigAlias)
	f.p("// AddToSchemes adds every generated kind to a scheme.\n")
	f.p("var AddToSchemes = %s.SchemeBuilder{\n", runtimePkg)
	f.p("\t%s.AddToScheme,\n", pc)
	for _, pkg := range pkgs {
		f.p("\t%s.AddToScheme,\n", aliases[pkg])
	}
	f.p("}\n\n")
	f.p("// AddToScheme adds every generated kind to s.\n")
	f.p("func AddToScheme(s *%s.Scheme) error { return AddToSchemes.AddToScheme(s) }\n", runtimePkg)
	return f.bytes("// Package apis registers every generated API group with a scheme.\n")
}

// packageAliases imports every API package under a unique name such as
// randomv1alpha1.
func packageAliases(f *goFile, pkgs []*jettypes.Package) map[*jettypes.Package]string {
	out := map[*jettypes.Package]string{}
	for _, pkg := range pkgs {
		alias := ""
		for _, r := range pkg.ShortGroup + pkg.Version {
			if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
				alias += string(r)
			}
		}
		out[pkg] = f.use(pkg.Path, alias)
	}
	return out
}

// setupFile prints controller/zz_setup.go: the list of every generated
// kind, which the controller sets up one reconciler for each.
func setupFile(pkgs []*jettypes.Package, providerConfigPkg string) ([]byte, error) {
	f := newGoFile("controller", nil)
	res := f.use(jettypes.ResourcePath, "resource")
	aliases := packageAliases(f, pkgs)
	pc := f.use(providerConfigPkg, providerConfigAlias)
	f.p("// ProviderConfig is the kind every managed resource's spec.providerConfigRef names.\n")
	f.p("var ProviderConfig = &%s.ProviderConfigKind{\n\tKind: %s.ProviderConfigGroupVersionKind,\n\tNew: func() %s.ProviderConfigObject { return &%s.ProviderConfig{} },\n}\n\n", res, pc, res, pc)
	f.p("// Registrations lists every generated kind with its Terraform resource type.\n")
	f.p("func Registrations() []%s.Registration {\n\treturn []%s.Registration{\n", res, res)
	for _, pkg := range pkgs {
		a := aliases[pkg]
		for _, k := range pkg.Kinds {
			version := ""
			if k.Resource.ProviderVersion != "" {
				version = ", ProviderVersion: " + strconv.Quote(k.Resource.ProviderVersion)
			}
			f.p("\t\t{TerraformType: %q, Kind: %s.%sGroupVersionKind, New: func() %s.Terraformed { return &%s.%s{} }, ProviderConfig: ProviderConfig%s},\n",
				k.Resource.TerraformType, a, k.Name, res, a, k.Name, version)
		}
	}
	f.p("\t}\n}\n")
	return f.bytes("// Package controller lists the generated kinds for the controller to set up.\n")
}
