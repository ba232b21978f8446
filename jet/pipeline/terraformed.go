package pipeline

import (
	"go/types"
	"sort"
	"strconv"
	"strings"

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
// path: the resolved value goes into that part's own field. A reference in
// nested blocks is resolved in each element (a list's, or a single
// block's when it is set), its messages naming the element's index.
func printResolves(f *goFile, res, fmtPkg, schemaPkg, specField, path string, refs []*jettypes.Reference) {
	for _, ref := range refs {
		holder, jsonPath := "mg.Spec."+specField, path
		var indices []string
		ind := "\t"
		if len(ref.Path) == 0 {
			f.p("\t{\n")
		}
		for i, step := range ref.Path {
			v := "p" + strconv.Itoa(i)
			if _, isSlice := step.Var.Type().(*types.Slice); isSlice {
				idx := "i" + strconv.Itoa(i)
				f.p("%sfor %s := range %s.%s {\n", ind, idx, holder, step.Var.Name())
				f.p("%s\t%s := &%s.%s[%s]\n", ind, v, holder, step.Var.Name(), idx)
				jsonPath += "." + step.JSONName + "[%d]"
				indices = append(indices, idx)
			} else {
				f.p("%sif %s := %s.%s; %s != nil {\n", ind, v, holder, step.Var.Name(), v)
				jsonPath += "." + step.JSONName
			}
			holder = v
			ind += "\t"
		}
		in := ind + "\t"
		if len(ref.Path) > 0 {
			in = ind
		}
		// fieldPath is the Go expression of a field's path in the object.
		fieldPath := func(fld *jettypes.Field) string {
			p := jsonPath + "." + fld.JSONName
			if len(indices) == 0 {
				return strconv.Quote(p)
			}
			return fmtPkg + ".Sprintf(" + strconv.Quote(p) + ", " + strings.Join(indices, ", ") + ")"
		}
		h := holder + "."
		if ref.Multi {
			f.p("%srsp, err := r.ResolveMultiple(ctx, %s.MultiResolutionRequest{\n", in, res)
			f.p("%s\tCurrentValues: %s%s,\n", in, h, ref.Field.Var.Name())
			f.p("%s\tReferences: %s%s,\n", in, h, ref.RefField.Var.Name())
		} else {
			f.p("%srsp, err := r.Resolve(ctx, %s.ResolutionRequest{\n", in, res)
			f.p("%s\tCurrent: %s%s,\n", in, h, ref.Field.Var.Name())
			f.p("%s\tReference: %s%s,\n", in, h, ref.RefField.Var.Name())
		}
		f.p("%s\tSelector: %s%s,\n", in, h, ref.SelectorField.Var.Name())
		f.p("%s\tTo: %s.GroupVersionKind{Group: %q, Version: %q, Kind: %q},\n", in, schemaPkg, ref.TargetGroup, ref.TargetVersion, ref.TargetKind)
		f.p("%s\tExtract: %q,\n", in, ref.Extract)
		f.p("%s\tReferenceField: %s,\n", in, fieldPath(ref.RefField))
		f.p("%s\tSelectorField: %s,\n", in, fieldPath(ref.SelectorField))
		f.p("%s})\n", in)
		errArgs := strings.Join(append(append([]string(nil), indices...), "err"), ", ")
		f.p("%sif err != nil {\n%s\treturn %s.Errorf(%q, %s)\n%s}\n", in, in, fmtPkg, jsonPath+"."+ref.Field.JSONName+": %w", errArgs, in)
		if ref.Multi {
			f.p("%s%s%s = rsp.ResolvedValues\n", in, h, ref.Field.Var.Name())
			f.p("%s%s%s = rsp.ResolvedReferences\n", in, h, ref.RefField.Var.Name())
		} else {
			f.p("%s%s%s = rsp.Value\n", in, h, ref.Field.Var.Name())
			f.p("%s%s%s = rsp.Reference\n", in, h, ref.RefField.Var.Name())
		}
		if len(ref.Path) == 0 {
			f.p("\t}\n")
		}
		for i := len(ref.Path) - 1; i >= 0; i-- {
			f.p("%s}\n", strings.Repeat("\t", i+1))
		}
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
