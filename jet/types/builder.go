package types

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/schema"
)

// External packages and the types generated code uses from them. Their
// structs are not modelled here: the CRD generator knows their schemas.
var (
	resourcePkg = types.NewPackage(ResourcePath, "resource")
	metaPkg     = types.NewPackage(MetaPath, "metav1")

	ResourceSpec      = external(resourcePkg, "ResourceSpec")
	ResourceStatus    = external(resourcePkg, "ResourceStatus")
	SecretKeySelector = external(resourcePkg, "SecretKeySelector")
	ReferenceType     = external(resourcePkg, "Reference")
	SelectorType      = external(resourcePkg, "Selector")
	TypeMeta          = external(metaPkg, "TypeMeta")
	ObjectMeta        = external(metaPkg, "ObjectMeta")
	ListMeta          = external(metaPkg, "ListMeta")
)

func external(pkg *types.Package, name string) *types.Named {
	return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), types.NewStruct(nil, nil), nil)
}

var (
	goString  = types.Typ[types.String]
	goFloat64 = types.Typ[types.Float64]
	goBool    = types.Typ[types.Bool]
)

// Build builds the API packages of the resources Provider.Build returned,
// sorted by group and version, kinds sorted by name. Names are claimed in
// that order, so the same configuration always gives the same names.
func Build(p *config.Provider, rs []*config.Resource) ([]*Package, error) {
	byKey := map[string]*Package{}
	var pkgs []*Package
	for _, r := range rs {
		key := r.ShortGroup + "/" + r.Version
		pkg := byKey[key]
		if pkg == nil {
			path := p.ModulePath + "/apis/" + r.ShortGroup + "/" + r.Version
			pkg = &Package{
				ShortGroup: r.ShortGroup, Group: r.Group(p), Version: r.Version,
				Path: path, Name: r.Version,
				Types: types.NewPackage(path, r.Version),
				names: map[string]bool{},
			}
			byKey[key] = pkg
			pkgs = append(pkgs, pkg)
		}
		pkg.Kinds = append(pkg.Kinds, &Kind{Resource: r, Name: r.Kind})
	}
	sort.Slice(pkgs, func(i, j int) bool {
		if pkgs[i].Group != pkgs[j].Group {
			return pkgs[i].Group < pkgs[j].Group
		}
		return pkgs[i].Version < pkgs[j].Version
	})
	kinds := map[string]*Kind{} // by Terraform type, for references
	for _, pkg := range pkgs {
		sort.Slice(pkg.Kinds, func(i, j int) bool { return pkg.Kinds[i].Name < pkg.Kinds[j].Name })
		for _, k := range pkg.Kinds {
			for _, n := range kindNames(k.Name) {
				pkg.names[n] = true
			}
			kinds[k.Resource.TerraformType] = k
		}
	}
	for _, pkg := range pkgs {
		for _, k := range pkg.Kinds {
			if err := buildKind(p, pkg, k, kinds, byKey); err != nil {
				return nil, err
			}
		}
	}
	return pkgs, nil
}

// kindNames are the package-level names a kind takes; config.Build has
// checked that kinds do not share them.
func kindNames(kind string) []string { return config.KindDeclarations(kind) }

// builder walks one kind's schema.
type builder struct {
	pkg  *Package
	kind *Kind
	res  *config.Resource
	// sensitive holds the configured extra sensitive paths.
	sensitive map[string]bool
	// params are the nested parameter structs, which InitParameters
	// mirrors.
	params map[*types.Named]*Struct
}

func buildKind(p *config.Provider, pkg *Package, k *Kind, kinds map[string]*Kind, pkgs map[string]*Package) error {
	r := k.Resource
	b := &builder{pkg: pkg, kind: k, res: r, sensitive: map[string]bool{}, params: map[*types.Named]*Struct{}}
	for _, f := range r.Sensitive.Fields {
		b.sensitive[f] = true
	}
	k.SensitiveParameters = map[string]string{}
	k.ConnectionDetails = map[string]string{}

	k.Parameters = b.newStruct(k.Name + "Parameters")
	k.Parameters.Doc = "are the Terraform arguments of " + r.TerraformType + ": spec.forProvider."
	k.Observation = b.newStruct(k.Name + "Observation")
	k.Observation.Doc = "are the attributes of the state of " + r.TerraformType + ", arguments included, except the sensitive ones: status.atProvider."
	b.fillBlock(r.Schema.Block, k.Parameters, k.Observation, []string{k.Name}, "", "spec.forProvider", true)

	// References, in Terraform path order, each after its field (in the
	// struct of its nested block for a nested one).
	for _, name := range sortedKeys(r.References) {
		ref := r.References[name]
		target := kinds[ref.TerraformType]
		path, holder, field := b.referencedField(k.Parameters, name)
		if target == nil || field == nil {
			return fmt.Errorf("types: %s.%s: reference target %s or field not built", r.TerraformType, name, ref.TerraformType)
		}
		extract := ref.Extract
		if extract == "" {
			extract = config.DefaultExtract
		}
		_, multi := field.Var.Type().(*types.Slice)
		refName, selName, refJSON, selJSON := referenceNames(field, multi)
		if ref.RefFieldName != "" {
			refName = ref.RefFieldName
		}
		if ref.SelectorFieldName != "" {
			selName = ref.SelectorFieldName
		}
		targetPkg := pkgs[target.Resource.ShortGroup+"/"+target.Resource.Version]
		var refType types.Type = types.NewPointer(ReferenceType)
		refDesc := fmt.Sprintf("Reference to a %s in %s to populate %s.", target.Name, targetPkg.ShortGroup, field.JSONName)
		selDesc := fmt.Sprintf("Selector for a %s in %s to populate %s.", target.Name, targetPkg.ShortGroup, field.JSONName)
		if multi {
			refType = types.NewSlice(ReferenceType)
			refDesc = fmt.Sprintf("References to %s objects in %s to populate %s, one value each, in order.", target.Name, targetPkg.ShortGroup, field.JSONName)
			selDesc = fmt.Sprintf("Selector for %s objects in %s to populate %s: every matching object, sorted by name.", target.Name, targetPkg.ShortGroup, field.JSONName)
		}
		refF := &Field{
			Var:         types.NewField(token.NoPos, pkg.Types, refName, refType, false),
			JSONName:    refJSON,
			Role:        RoleRef,
			Description: refDesc,
		}
		selF := &Field{
			Var:         types.NewField(token.NoPos, pkg.Types, selName, types.NewPointer(SelectorType), false),
			JSONName:    selJSON,
			Role:        RoleSelector,
			Description: selDesc,
		}
		// A referenced field is filled by the resolver, so it is never
		// required in the manifest.
		field.Required = false
		holder.insertAfter(field, refF, selF)
		k.References = append(k.References, &Reference{
			Path: path, Field: field, RefField: refF, SelectorField: selF, Multi: multi,
			TargetGroup: targetPkg.Group, TargetVersion: targetPkg.Version, TargetKind: target.Name,
			TargetPath: targetPkg.Path, Extract: extract,
		})
	}
	k.Parameters.uniquify()
	k.InitParameters = b.initParameters(k.Parameters, k.Name+"InitParameters")
	k.InitParameters.Doc = "are the Terraform arguments of " + r.TerraformType + " used only when it is created: spec.initProvider. " +
		"Each is optional; spec.forProvider's value wins where both are set, and later changes of what only spec.initProvider sets are ignored."
	// spec.initProvider has the reference fields of spec.forProvider
	// under the same names (initParameters copies them, nested types
	// included): the same references, resolved into its own fields.
	byType := map[*types.Named]*Struct{}
	for _, s := range k.Nested {
		byType[s.Named] = s
	}
	for _, ref := range k.References {
		init := *ref
		init.Path = nil
		holder := k.InitParameters
		for _, step := range ref.Path {
			f := holder.fieldNamed(step.Var.Name())
			if f == nil {
				holder = nil
				break
			}
			init.Path = append(init.Path, f)
			holder = byType[structOf(f.Var.Type())]
		}
		if holder != nil {
			init.Field = holder.fieldNamed(ref.Field.Var.Name())
			init.RefField = holder.fieldNamed(ref.RefField.Var.Name())
			init.SelectorField = holder.fieldNamed(ref.SelectorField.Var.Name())
		}
		if holder == nil || init.Field == nil || init.RefField == nil || init.SelectorField == nil {
			return fmt.Errorf("types: %s.%s: reference fields of spec.initProvider not built", r.TerraformType, ref.Field.TFName)
		}
		k.InitReferences = append(k.InitReferences, &init)
	}

	k.Spec = b.newStruct(k.Name + "Spec")
	k.Spec.Doc = "is the desired state of a " + k.Name + "."
	k.Spec.add(&Field{Var: embedded(pkg, ResourceSpec), Inline: true, Role: RoleStructure})
	k.Spec.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "ForProvider", k.Parameters.Named, false), JSONName: "forProvider", Required: true, Role: RoleStructure})
	k.Spec.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "InitProvider", k.InitParameters.Named, false), JSONName: "initProvider", Role: RoleStructure})

	k.Status = b.newStruct(k.Name + "Status")
	k.Status.Doc = "is the observed state of a " + k.Name + "."
	k.Status.add(&Field{Var: embedded(pkg, ResourceStatus), Inline: true, Role: RoleStructure})
	k.Status.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "AtProvider", k.Observation.Named, false), JSONName: "atProvider", Role: RoleStructure})

	desc := cleanDescription(r.Schema.Block.Description)
	k.Object = b.newStruct(k.Name)
	k.Object.Root = true
	k.Object.Doc = "is the Kubernetes kind of the Terraform resource " + r.TerraformType + "."
	if desc != "" {
		k.Object.Doc += " " + desc
	}
	k.Object.add(&Field{Var: embedded(pkg, TypeMeta), Inline: true, Role: RoleStructure})
	k.Object.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "ObjectMeta", ObjectMeta, true), JSONName: "metadata", Role: RoleStructure})
	k.Object.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "Spec", k.Spec.Named, false), JSONName: "spec", Required: true, Role: RoleStructure})
	k.Object.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "Status", k.Status.Named, false), JSONName: "status", Role: RoleStructure})
	k.Object.Markers = []string{
		"+kubebuilder:object:root=true",
		"+kubebuilder:subresource:status",
		`+kubebuilder:printcolumn:name="READY",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].status"`,
		`+kubebuilder:printcolumn:name="SYNCED",type="string",JSONPath=".status.conditions[?(@.type=='Synced')].status"`,
		`+kubebuilder:printcolumn:name="EXTERNAL-NAME",type="string",JSONPath=".metadata.annotations.crossplane\\.io/external-name"`,
		`+kubebuilder:printcolumn:name="AGE",type="date",JSONPath=".metadata.creationTimestamp"`,
		"+kubebuilder:resource:scope=Cluster,categories={crossplane,managed," + category(p) + "}",
	}

	k.List = b.newStruct(k.Name + "List")
	k.List.Doc = "is a list of " + k.Name + "."
	k.List.Markers = []string{"+kubebuilder:object:root=true"}
	k.List.add(&Field{Var: embedded(pkg, TypeMeta), Inline: true, Role: RoleStructure})
	k.List.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "ListMeta", ListMeta, true), JSONName: "metadata", Role: RoleStructure})
	k.List.add(&Field{Var: types.NewField(token.NoPos, pkg.Types, "Items", types.NewSlice(k.Object.Named), false), JSONName: "items", Required: true, Role: RoleStructure})

	for _, s := range k.Structs() {
		s.seal()
	}
	return nil
}

// referencedField finds the field of the Terraform path name (checked by
// config.Build) in params: the fields of the nested blocks on the way,
// the struct holding it, and the field; nil when the path leads to no
// argument field (a map of blocks).
func (b *builder) referencedField(params *Struct, name string) (path []*Field, holder *Struct, field *Field) {
	parts := strings.Split(name, ".")
	holder = params
	for _, part := range parts[:len(parts)-1] {
		f := holder.field(part)
		if f == nil {
			return nil, nil, nil
		}
		if _, isMap := f.Var.Type().(*types.Map); isMap {
			return nil, nil, nil
		}
		holder = b.params[structOf(f.Var.Type())]
		if holder == nil {
			return nil, nil, nil
		}
		path = append(path, f)
	}
	return path, holder, holder.field(parts[len(parts)-1])
}

// structOf is the named type of a nested block's field: a struct, or a
// pointer to or slice of one.
func structOf(t types.Type) *types.Named {
	switch u := t.(type) {
	case *types.Pointer:
		t = u.Elem()
	case *types.Slice:
		t = u.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

// referenceNames are the Go and JSON names of the fields a reference adds
// to field: without a trailing ID, <Field>Ref and <Field>Selector
// (vpc_id: VPCRef, vpcRef); for a list, the singular of the name with
// Refs and Selector (subnet_ids: SubnetIDRefs, subnetIdRefs,
// SubnetIDSelector, subnetIdSelector).
func referenceNames(field *Field, multi bool) (refName, selName, refJSON, selJSON string) {
	goName, jsonName := field.Var.Name(), field.JSONName
	if multi {
		goBase, jsonBase := strings.TrimSuffix(goName, "s"), strings.TrimSuffix(jsonName, "s")
		return goBase + "Refs", goBase + "Selector", jsonBase + "Refs", jsonBase + "Selector"
	}
	goBase, jsonBase := strings.TrimSuffix(goName, "ID"), strings.TrimSuffix(jsonName, "Id")
	return goBase + "Ref", goBase + "Selector", jsonBase + "Ref", jsonBase + "Selector"
}

// initParameters derives the struct of spec.initProvider from a parameters
// struct (the kind's, then its nested ones): the same fields under the same
// names, so that a Terraform path, a secret key selector's JSON path or a
// reference field means the same in both, but every one optional (a field
// may be set in either place), secret key selectors included. Nested
// parameter types get their own <Field>InitParameters.
func (b *builder) initParameters(from *Struct, name string) *Struct {
	from.uniquify()
	s := b.newStruct(name)
	for _, f := range from.Fields {
		t := b.initType(f.Var.Type())
		if f.Role == RoleSecretRef {
			if _, isPtr := t.(*types.Pointer); !isPtr {
				t = types.NewPointer(t)
			}
		}
		s.add(&Field{
			Var:      types.NewField(token.NoPos, b.pkg.Types, f.Var.Name(), t, false),
			JSONName: f.JSONName, TFName: f.TFName, Description: f.Description, Role: f.Role,
		})
	}
	return s
}

// initType maps a parameters field's type to its spec.initProvider type.
func (b *builder) initType(t types.Type) types.Type {
	switch t := t.(type) {
	case *types.Pointer:
		return types.NewPointer(b.initType(t.Elem()))
	case *types.Slice:
		return types.NewSlice(b.initType(t.Elem()))
	case *types.Map:
		return types.NewMap(t.Key(), b.initType(t.Elem()))
	case *types.Named:
		if from := b.params[t]; from != nil {
			s := b.initParameters(from, b.claim(initName(from.Name())))
			b.kind.Nested = append(b.kind.Nested, s)
			return s.Named
		}
	}
	return t
}

// initName is the name of the spec.initProvider counterpart of a nested
// parameters type: RuleParameters → RuleInitParameters (RuleParameters2 →
// RuleInitParameters2).
func initName(params string) string {
	i := strings.LastIndex(params, "Parameters")
	if i < 0 {
		return params + "Init"
	}
	return params[:i] + "InitParameters" + params[i+len("Parameters"):]
}

// claim takes name in the package, numbered when it is taken.
func (b *builder) claim(name string) string {
	cand := name
	for n := 2; b.pkg.names[cand]; n++ {
		cand = name + strconv.Itoa(n)
	}
	b.pkg.names[cand] = true
	return cand
}

// category is the provider's own CRD category: the first label of the
// root group (aws for aws.example.org).
func category(p *config.Provider) string {
	c, _, _ := strings.Cut(p.RootGroup, ".")
	return c
}

func embedded(pkg *Package, t *types.Named) *types.Var {
	return types.NewField(token.NoPos, pkg.Types, t.Obj().Name(), t, true)
}

// newStruct makes a named struct whose fields are added later.
func (b *builder) newStruct(name string) *Struct {
	tn := types.NewTypeName(token.NoPos, b.pkg.Types, name, nil)
	return &Struct{Named: types.NewNamed(tn, nil, nil)}
}

// nestedStruct claims a name for a nested object type: <Field><suffix>,
// then prefixed with the enclosing names, innermost first, until unique.
func (b *builder) nestedStruct(path []string, suffix string) *Struct {
	name := ""
	for i := len(path) - 1; i >= 0; i-- {
		cand := strings.Join(path[i:], "") + suffix
		if !b.pkg.names[cand] {
			name = cand
			break
		}
	}
	if name == "" {
		base := strings.Join(path, "") + suffix
		for n := 2; ; n++ {
			if cand := base + strconv.Itoa(n); !b.pkg.names[cand] {
				name = cand
				break
			}
		}
	}
	b.pkg.names[name] = true
	s := b.newStruct(name)
	b.kind.Nested = append(b.kind.Nested, s)
	if suffix == "Parameters" {
		b.params[s.Named] = s
	}
	return s
}

// fillBlock adds the fields of a block to its parameters and observation
// structs (either may be nil when the block has no such side). path is the
// Go names from the kind down to the block; tfPath the Terraform path;
// jsonPath the path of the parameters struct in the object.
func (b *builder) fillBlock(blk *schema.Block, params, obs *Struct, path []string, tfPath, jsonPath string, top bool) {
	for _, a := range blk.Attributes {
		b.attribute(a, params, obs, path, tfPath, jsonPath, top)
	}
	for _, nb := range blk.Blocks {
		b.nestedBlock(nb, params, obs, path, tfPath, jsonPath)
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func (b *builder) attribute(a *schema.Attribute, params, obs *Struct, path []string, tfPath, jsonPath string, top bool) {
	tfp := join(tfPath, a.Name)
	goName := config.FieldName(a.Name)
	jsonName := lowerCamel(a.Name)
	desc := cleanDescription(a.Description)
	isParam := a.Required || a.Optional
	isObs := a.Computed && !a.Optional && !a.Required
	if top && a.Name == b.res.ExternalName.NameArgument {
		// The external name fills this argument: observed only.
		params = nil
	}
	if top && a.Name == "id" && a.Computed {
		// The ID is the resource's identity, managed through the external
		// name: never an argument.
		isParam, isObs = false, true
	}
	sensitive := a.Sensitive || b.sensitive[tfp]
	switch {
	case isParam && params != nil && sensitive:
		f := &Field{
			JSONName:    jsonName + "SecretRef",
			Required:    a.Required,
			Role:        RoleSecretRef,
			Description: strings.TrimSpace(desc + "\nThe value is read from this key of a Secret."),
		}
		var t types.Type = SecretKeySelector
		if !a.Required {
			t = types.NewPointer(t)
		}
		f.Var = types.NewField(token.NoPos, b.pkg.Types, goName+"SecretRef", t, false)
		params.add(f)
		b.kind.SensitiveParameters[tfp] = jsonPath + "." + f.JSONName
		if top && a.Type == cty.String {
			// Its value from the state, as Upjet's connection Secrets
			// have it: the value given, or the one the provider chose
			// when it is computed too (a generated key, a preshared key).
			b.kind.ConnectionDetails[tfp] = "attribute." + tfp
		}
	case isParam && params != nil:
		t := b.goType(a, append(path, goName), "Parameters", true, tfp, jsonPath+"."+jsonName)
		if !isComposite(t) {
			t = types.NewPointer(t)
		}
		params.add(&Field{
			Var:      types.NewField(token.NoPos, b.pkg.Types, goName, t, false),
			JSONName: jsonName, TFName: a.Name, Required: a.Required, Description: desc,
		})
	case isObs && obs != nil && sensitive:
		b.kind.ConnectionDetails[tfp] = "attribute." + tfp
	}
	if obs != nil && !sensitive && !a.WriteOnly {
		// As Upjet's: the observation has every attribute of the state,
		// arguments included (an observe-only object shows the
		// resource's settings), except the sensitive ones (and the
		// write-only ones, which the state never holds).
		t := b.goType(a, append(path, goName), "Observation", false, tfp, "")
		if !isComposite(t) {
			t = types.NewPointer(t)
		}
		obs.add(&Field{
			Var:      types.NewField(token.NoPos, b.pkg.Types, goName, t, false),
			JSONName: jsonName, TFName: a.Name, Description: desc,
		})
	}
}

// isComposite reports whether a Go type is a slice or map, which need no
// pointer to be optional.
func isComposite(t types.Type) bool {
	switch t.(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

func (b *builder) nestedBlock(nb *schema.NestedBlock, params, obs *Struct, path []string, tfPath, jsonPath string) {
	tfp := join(tfPath, nb.Name)
	goName := config.FieldName(nb.Name)
	jsonName := lowerCamel(nb.Name)
	desc := cleanDescription(nb.Block.Description)
	sub := append(append([]string(nil), path...), goName)
	wantParams := params != nil && hasArguments(nb.Block)
	wantObs := obs != nil && hasObservations(nb.Block)
	var ps, os *Struct
	if wantParams {
		ps = b.nestedStruct(sub, "Parameters")
	}
	if wantObs {
		os = b.nestedStruct(sub, "Observation")
	}
	b.fillBlock(nb.Block, ps, os, sub, tfp, jsonPath+"."+jsonName+"[*]", false)
	if ps != nil {
		params.add(&Field{
			Var:      types.NewField(token.NoPos, b.pkg.Types, goName, nesting(nb.Nesting, ps.Named), false),
			JSONName: jsonName, TFName: nb.Name, Required: nb.MinItems > 0, Description: desc,
		})
	}
	if os != nil {
		obs.add(&Field{
			Var:      types.NewField(token.NoPos, b.pkg.Types, goName, nesting(nb.Nesting, os.Named), false),
			JSONName: jsonName, TFName: nb.Name, Description: desc,
		})
	}
}

// nesting wraps a block's struct type the way Terraform JSON repeats it.
func nesting(n schema.Nesting, t types.Type) types.Type {
	switch n {
	case schema.NestingList, schema.NestingSet:
		return types.NewSlice(t)
	case schema.NestingMap:
		return types.NewMap(goString, t)
	}
	return types.NewPointer(t)
}

func hasArguments(blk *schema.Block) bool {
	for _, a := range blk.Attributes {
		if a.Required || a.Optional {
			return true
		}
	}
	for _, nb := range blk.Blocks {
		if hasArguments(nb.Block) {
			return true
		}
	}
	return false
}

func hasObservations(blk *schema.Block) bool {
	for _, a := range blk.Attributes {
		if !a.Sensitive && !a.WriteOnly {
			return true
		}
	}
	for _, nb := range blk.Blocks {
		if hasObservations(nb.Block) {
			return true
		}
	}
	return false
}

// goType is the Go type of an attribute's values. Object types become
// named structs (<path><suffix>); protocol 6 nested attributes are walked
// like blocks, their own flags deciding each side.
func (b *builder) goType(a *schema.Attribute, path []string, suffix string, param bool, tfPath, jsonPath string) types.Type {
	if nt := a.NestedType; nt != nil {
		s := b.nestedStruct(path, suffix)
		blk := &schema.Block{Attributes: nt.Attributes}
		if param {
			b.fillBlock(blk, s, nil, path, tfPath, jsonPath+"[*]", false)
		} else {
			b.fillBlock(blk, nil, s, path, tfPath, "", false)
		}
		return nesting(nt.Nesting, s.Named)
	}
	return b.ctyGoType(a.Type, path, suffix)
}

func (b *builder) ctyGoType(t cty.Type, path []string, suffix string) types.Type {
	switch {
	case t == cty.String:
		return goString
	case t == cty.Number:
		return goFloat64
	case t == cty.Bool:
		return goBool
	case t.IsListType() || t.IsSetType():
		return types.NewSlice(b.ctyGoType(t.ElementType(), path, suffix))
	case t.IsMapType():
		return types.NewMap(goString, b.ctyGoType(t.ElementType(), path, suffix))
	case t.IsObjectType():
		s := b.nestedStruct(path, suffix)
		names := make([]string, 0, len(t.AttributeTypes()))
		for n := range t.AttributeTypes() {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			at := b.ctyGoType(t.AttributeType(n), append(append([]string(nil), path...), config.FieldName(n)), suffix)
			if !isComposite(at) {
				at = types.NewPointer(at)
			}
			s.add(&Field{
				Var:      types.NewField(token.NoPos, b.pkg.Types, config.FieldName(n), at, false),
				JSONName: lowerCamel(n), TFName: n,
			})
		}
		return s.Named
	}
	// Dynamic values and tuples have no Go type of their own: they travel
	// as JSON text.
	return goString
}

// cleanDescription trims a schema description as a Go comment keeps it:
// no trailing blanks on any line, none around the whole.
func cleanDescription(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.Join(lines, "\n")
}

// lowerCamel turns snake_case into lowerCamelCase: cidr_block →
// cidrBlock, vpc_id → vpcId.
func lowerCamel(snake string) string {
	var b strings.Builder
	for i, part := range strings.FieldsFunc(snake, func(r rune) bool { return r == '_' || r == '-' }) {
		if i == 0 {
			b.WriteString(strings.ToLower(part[:1]) + part[1:])
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}

// isRegular reports whether a Terraform name is plain snake_case: lower
// case letters and digits in words joined by single underscores.
func isRegular(n string) bool {
	if n == "" || n[0] < 'a' || n[0] > 'z' || strings.HasSuffix(n, "_") || strings.Contains(n, "__") {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z') && !(r >= '0' && r <= '9') && r != '_' {
			return false
		}
	}
	return true
}

func (s *Struct) add(f *Field) { s.Fields = append(s.Fields, f) }

func (s *Struct) field(tfName string) *Field {
	for _, f := range s.Fields {
		if f.TFName == tfName {
			return f
		}
	}
	return nil
}

// fieldNamed is the field of Go name goName, or nil.
func (s *Struct) fieldNamed(goName string) *Field {
	for _, f := range s.Fields {
		if f.Var.Name() == goName {
			return f
		}
	}
	return nil
}

func (s *Struct) insertAfter(at *Field, fs ...*Field) {
	for i, f := range s.Fields {
		if f == at {
			rest := append(append([]*Field(nil), fs...), s.Fields[i+1:]...)
			s.Fields = append(s.Fields[:i+1], rest...)
			return
		}
	}
	panic("types: insertAfter: field not in struct") // a bug in the builder
}

// uniquify renames fields whose Go or JSON names collide (foo_bar and
// foo__bar, or an attribute named like an added Ref field): the later one
// gets a number.
func (s *Struct) uniquify() {
	goNames, jsonNames := map[string]bool{}, map[string]bool{}
	// Plain snake_case names claim first, so that foo_bar is FooBar and
	// its odd neighbour foo__bar gets the number.
	order := make([]*Field, 0, len(s.Fields))
	for _, regular := range []bool{true, false} {
		for _, f := range s.Fields {
			if (f.TFName == "" || isRegular(f.TFName)) == regular {
				order = append(order, f)
			}
		}
	}
	for _, f := range order {
		if f.Inline {
			continue
		}
		gn, jn := f.Var.Name(), f.JSONName
		for n := 2; goNames[gn] || jsonNames[jn]; n++ {
			gn, jn = f.Var.Name()+strconv.Itoa(n), f.JSONName+strconv.Itoa(n)
		}
		if gn != f.Var.Name() {
			f.Var = types.NewField(token.NoPos, f.Var.Pkg(), gn, f.Var.Type(), false)
			f.JSONName = jn
		}
		goNames[gn], jsonNames[jn] = true, true
	}
}

// seal sets the struct's go/types underlying type from its fields.
func (s *Struct) seal() {
	s.uniquify()
	vars := make([]*types.Var, len(s.Fields))
	tags := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		vars[i], tags[i] = f.Var, f.Tag()
	}
	s.Named.SetUnderlying(types.NewStruct(vars, tags))
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
