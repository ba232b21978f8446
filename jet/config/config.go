package config

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/gobuffalo/flect"
	"github.com/zclconf/go-cty/cty"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/goname"
	"github.com/tfkit/tfkit/jet/resource"
	"github.com/tfkit/tfkit/schema"
)

// DefaultVersion is the API version of kinds whose configuration sets none.
const DefaultVersion = "v1alpha1"

// Provider is the configuration of one generated API: every Terraform
// resource it includes, from one or more provider schemas.
type Provider struct {
	// ModulePath is the Go import path of the directory the pipeline
	// writes to, such as github.com/example/provider-aws; generated
	// packages import each other under it.
	ModulePath string
	// RootGroup is the suffix of every API group: with "aws.example.org",
	// aws_s3_bucket's kind is in s3.aws.example.org.
	RootGroup string
	// Version is the API version of every kind unless a configurator sets
	// another; DefaultVersion when empty.
	Version string
	// Schemas are the provider schemas resources come from.
	Schemas []*schema.Provider
	// Include lists regular expressions a Terraform type must match in
	// full to be generated; empty includes every resource type.
	Include []string
	// Exclude lists regular expressions a Terraform type must match in
	// full to be left out, although an Include pattern matches it.
	Exclude []string
	// GroupKind names a Terraform type's short group and kind; when nil,
	// GroupFromSecondWord.
	GroupKind func(terraformType string) (group, kind string)
	// TerraformSetup turns a ProviderConfig's credentials into the
	// provider block's arguments at run time; DefaultTerraformSetup (the
	// credentials are a JSON object of arguments) when nil. A
	// configurator may set another for one resource.
	TerraformSetup TerraformSetupFn
	// ProviderVersions are the versions of the providers of Schemas, by
	// source address (registry.terraform.io/hashicorp/random) or name
	// (random): the version each schema was read from (the one
	// .terraform.lock.hcl of the directory where `terraform providers
	// schema -json` ran selects). The pipeline records it with every kind,
	// and the controller's workspaces require exactly that version, so a
	// manager whose engine can get only another one says so instead of
	// running a provider the API was not generated from. A provider
	// without an entry is not pinned.
	ProviderVersions map[string]string

	configurators []Configurator
	perResource   map[string][]Configurator
}

// Configurator changes the default configuration of a resource. Return an
// error to stop Build with a diagnostic naming the resource.
type Configurator func(r *Resource) error

// AddConfigurator adds a configurator that runs for every resource, after
// those added before it and before every per-resource one.
func (p *Provider) AddConfigurator(c Configurator) { p.configurators = append(p.configurators, c) }

// AddResourceConfigurator adds a configurator for one Terraform type; it
// runs after every provider-wide configurator, so what it sets wins.
func (p *Provider) AddResourceConfigurator(terraformType string, c Configurator) {
	if p.perResource == nil {
		p.perResource = map[string][]Configurator{}
	}
	p.perResource[terraformType] = append(p.perResource[terraformType], c)
}

// Resource is the configuration of one Terraform resource type as a
// Kubernetes kind.
type Resource struct {
	// TerraformType is the resource type, such as aws_s3_bucket.
	TerraformType string
	// Schema is the type's schema; configurators may read it.
	Schema *schema.Resource
	// Provider is the schema of the provider the type comes from.
	Provider *schema.Provider
	// APIProviders are the schemas of every provider the API's resources
	// come from (Provider among them), for TerraformSetup: set by Build.
	APIProviders []*schema.Provider
	// ProviderVersion is the version of Provider the schema is of, from
	// Provider.ProviderVersions (set by Build); empty when not given.
	ProviderVersion string

	// Kind is the Kubernetes kind, such as Bucket.
	Kind string
	// ShortGroup is the group without the root group, such as s3.
	ShortGroup string
	// Version is the API version, such as v1alpha1.
	Version string

	// ExternalName says how the external name maps to Terraform.
	ExternalName ExternalName
	// References turns arguments into references to other kinds, by
	// Terraform path: vpc_id (a string), subnet_ids (a list or set of
	// strings), network_interface.network_interface_id (an argument of a
	// nested block or nested attribute).
	References map[string]Reference
	// Sensitive adds to what the schema marks sensitive.
	Sensitive Sensitive
	// LateInitializer says what is never late-initialized.
	LateInitializer LateInitializer
	// TerraformSetup makes the provider block from the credentials of
	// the resource's ProviderConfig; Provider.TerraformSetup, else
	// DefaultTerraformSetup, unless a configurator sets it.
	TerraformSetup TerraformSetupFn

	// rootGroup is the Provider.RootGroup of the Build that made the
	// resource.
	rootGroup string
}

// Group returns the kind's full API group: ShortGroup.RootGroup.
func (r *Resource) Group(p *Provider) string { return r.ShortGroup + "." + p.RootGroup }

// GroupVersionKind is the Kubernetes kind the resource is generated as
// (ShortGroup.RootGroup, Version, Kind): what the controller matches it to
// a generated kind by, since one Terraform type can be a kind of several
// APIs. It is zero for a Resource that Build did not make.
func (r *Resource) GroupVersionKind() k8sschema.GroupVersionKind {
	if r.rootGroup == "" {
		return k8sschema.GroupVersionKind{}
	}
	return k8sschema.GroupVersionKind{Group: r.ShortGroup + "." + r.rootGroup, Version: r.Version, Kind: r.Kind}
}

// ExternalName is how a managed resource's external name (the
// crossplane.io/external-name annotation, by default the object's name)
// becomes the Terraform resource's identity.
type ExternalName struct {
	resource.ExternalName
	// GetIDFn returns the Terraform ID to import or refresh the resource
	// by, from the external name and the parameters (Terraform JSON);
	// nil means the external name is the ID.
	GetIDFn func(ctx context.Context, externalName string, parameters map[string]any) (string, error)
	// GetExternalNameFn returns the external name from the Terraform state
	// attributes after create; nil means the name argument's value with
	// NameAsIdentifier, else the "id" attribute.
	GetExternalNameFn func(attributes map[string]any) (string, error)
}

// NameAsIdentifier is the external-name configuration of resources whose
// name argument is their identity: the external name (the object's name
// unless the annotation says otherwise) is written to the argument, which
// leaves spec.forProvider.
func NameAsIdentifier(argument string) ExternalName {
	return ExternalName{ExternalName: resource.ExternalName{NameArgument: argument}}
}

// IdentifierFromProvider is the external-name configuration of resources
// whose ID the provider picks: the external name is the ID, recorded after
// create. It is the default.
func IdentifierFromProvider() ExternalName {
	return ExternalName{ExternalName: resource.ExternalName{IDFromProvider: true}}
}

// Reference makes a string argument a reference to another kind: the
// generated type gets <field>Ref and <field>Selector fields, and the value
// is extracted from the referenced object. On a list or set of strings the
// fields are <field>Refs (a list of references) and <field>Selector, which
// selects every matching object; on an argument of a nested block they go
// into the block's type, and each element is resolved.
type Reference struct {
	// TerraformType is the referenced resource type, such as aws_vpc; it
	// must be included in the same Provider.
	TerraformType string
	// Extract is the JSON path of the value in the referenced object;
	// "status.atProvider.id" when empty. A dot inside a name is escaped
	// with a backslash: `metadata.annotations.crossplane\.io/external-name`
	// is the external name.
	Extract string
	// RefFieldName and SelectorFieldName override the generated Go field
	// names (default <Field>Ref, <Field>Selector; <Field>Refs for a list).
	RefFieldName, SelectorFieldName string
}

// DefaultExtract is the path references extract when their configuration
// names none.
const DefaultExtract = "status.atProvider.id"

// Sensitive is the sensitive-field configuration of a resource.
type Sensitive struct {
	// Fields are Terraform attribute paths treated as sensitive although
	// the schema does not mark them (top-level names, or a.b for nested
	// ones).
	Fields []string
	// AdditionalConnectionDetailsFn computes extra keys for the connection
	// Secret from the Terraform state attributes, at run time (such as a
	// kubeconfig assembled from a cluster's endpoint and certificates).
	AdditionalConnectionDetailsFn func(attributes map[string]any) (map[string][]byte, error)
}

// LateInitializer is the late-initialization configuration of a resource.
type LateInitializer struct {
	// IgnoredFields are Terraform argument paths never copied from the
	// observed state into spec.forProvider.
	IgnoredFields []string
}

// GroupFromSecondWord is the default naming: the second word of the
// Terraform type is the group, the rest the kind (aws_s3_bucket → s3,
// Bucket; aws_vpc → vpc, VPC when the type has two words).
func GroupFromSecondWord(terraformType string) (group, kind string) {
	words := strings.Split(terraformType, "_")
	switch len(words) {
	case 1:
		return words[0], KindName(words[0])
	case 2:
		return words[1], KindName(words[1])
	}
	return words[1], KindName(strings.Join(words[2:], "_"))
}

// GroupFromProviderName names the group after the provider (the first
// word) and the kind after the rest: random_password → random, Password.
func GroupFromProviderName(terraformType string) (group, kind string) {
	first, rest, ok := strings.Cut(terraformType, "_")
	if !ok {
		return first, KindName(first)
	}
	return first, KindName(rest)
}

// kindInitialisms are the word parts written in capitals in kind names
// (VPCEndpoint, not VpcEndpoint). A kind is the name of an API: this list
// and KindName's rules never change.
var kindInitialisms = map[string]string{
	"acl": "ACL", "ami": "AMI", "api": "API", "arn": "ARN", "ca": "CA", "cidr": "CIDR",
	"cpu": "CPU", "db": "DB", "dns": "DNS", "ebs": "EBS", "ec2": "EC2", "http": "HTTP",
	"https": "HTTPS", "iam": "IAM", "id": "ID", "ids": "IDs", "ip": "IP", "ips": "IPs",
	"ipv4": "IPv4", "ipv6": "IPv6", "json": "JSON", "kms": "KMS", "sha": "SHA",
	"sql": "SQL", "ssh": "SSH", "ssl": "SSL", "tcp": "TCP", "tls": "TLS", "ttl": "TTL",
	"udp": "UDP", "uri": "URI", "url": "URL", "uuid": "UUID", "vpc": "VPC",
}

// KindName turns a snake_case name into an exported Go name for a kind:
// s3_bucket → S3Bucket, vpc_id → VPCID. A name that would not start with a
// letter gets an X in front.
func KindName(snake string) string {
	return exported(snake, func(part string) (string, bool) {
		up, ok := kindInitialisms[strings.ToLower(part)]
		return up, ok
	})
}

// Plural is a kind's resource name, the plural its CRD and the API's paths
// use (the CRD of Pet of random.jet.tfkit.dev is pets.random.jet.tfkit.dev),
// as controller-gen names it: with flect, the same library (bucket →
// buckets, policy → policies, settings → settings).
func Plural(kind string) string { return strings.ToLower(flect.Pluralize(kind)) }

// FieldName turns a snake_case Terraform name into the exported Go name of
// a field (and of the types named after it): content_md5 → ContentMD5,
// policy_arns → PolicyARNs, cpus → CPUs, sha256 → SHA256. Its JSON name
// (lowerCamelCase of the Terraform name) does not depend on it.
func FieldName(snake string) string { return exported(snake, goname.Initialism) }

// exported joins the parts of snake, each in capitals when up says it is an
// initialism, else with its first letter upper-case.
func exported(snake string, up func(string) (string, bool)) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(snake, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if u, ok := up(part); ok {
			b.WriteString(u)
			continue
		}
		rs := []rune(part)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	s := b.String()
	if s == "" || !unicode.IsLetter([]rune(s)[0]) {
		s = "X" + s
	}
	return s
}

// Build makes the configuration of every included resource: defaults from
// GroupKind, then the provider-wide configurators, then the per-resource
// ones. It checks the result and returns the resources sorted by
// Terraform type, or diagnostics naming each problem.
func (p *Provider) Build() ([]*Resource, diag.Diagnostics) {
	var ds diag.Diagnostics
	if p.ModulePath == "" {
		ds = append(ds, &diag.Diagnostic{Summary: "Provider.ModulePath is empty", Suggestion: "set it to the Go import path of the output directory"})
	}
	if !dnsSubdomain.MatchString(p.RootGroup) {
		ds = append(ds, &diag.Diagnostic{Summary: fmt.Sprintf("Provider.RootGroup %q is not a DNS subdomain", p.RootGroup), Suggestion: "use lower-case words separated by dots, such as aws.example.org"})
	}
	include := make([]*regexp.Regexp, 0, len(p.Include))
	for _, pat := range p.Include {
		re, err := regexp.Compile("^(?:" + pat + ")$")
		if err != nil {
			ds = append(ds, &diag.Diagnostic{Summary: fmt.Sprintf("Provider.Include pattern %q is not a regular expression", pat), Detail: err.Error()})
			continue
		}
		include = append(include, re)
	}
	exclude := make([]*regexp.Regexp, 0, len(p.Exclude))
	for _, pat := range p.Exclude {
		re, err := regexp.Compile("^(?:" + pat + ")$")
		if err != nil {
			ds = append(ds, &diag.Diagnostic{Summary: fmt.Sprintf("Provider.Exclude pattern %q is not a regular expression", pat), Detail: err.Error()})
			continue
		}
		exclude = append(exclude, re)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	groupKind := p.GroupKind
	if groupKind == nil {
		groupKind = GroupFromSecondWord
	}
	setup := p.TerraformSetup
	if setup == nil {
		setup = DefaultTerraformSetup
	}
	version := p.Version
	if version == "" {
		version = DefaultVersion
	}
	var rs []*Resource
	byType := map[string]*Resource{}
	var allTypes []string         // of every schema, included or not
	excluded := map[string]bool{} // included, then excluded
	matched := make([]bool, len(include))
	matchedEx := make([]bool, len(exclude))
	for _, sp := range p.Schemas {
		for _, sr := range sp.Resources {
			allTypes = append(allTypes, sr.Type)
			in := included(include, matched, sr.Type)
			// An empty Exclude excludes nothing.
			if out := len(exclude) > 0 && included(exclude, matchedEx, sr.Type); out && in {
				excluded[sr.Type] = true
				continue
			}
			if !in {
				continue
			}
			if prev, dup := byType[sr.Type]; dup {
				ds = append(ds, &diag.Diagnostic{Summary: fmt.Sprintf("Resource type %s is in two schemas: %s and %s", sr.Type, prev.Provider.Source, sp.Source)})
				continue
			}
			g, k := groupKind(sr.Type)
			r := &Resource{
				TerraformType: sr.Type, Schema: sr, Provider: sp,
				Kind: k, ShortGroup: g, Version: version,
				ExternalName:   IdentifierFromProvider(),
				References:     map[string]Reference{},
				TerraformSetup: setup,
				rootGroup:      p.RootGroup,
			}
			byType[sr.Type] = r
			rs = append(rs, r)
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].TerraformType < rs[j].TerraformType })
	var apiProviders []*schema.Provider
	for _, sp := range p.Schemas {
		for _, r := range rs {
			if r.Provider == sp {
				apiProviders = append(apiProviders, sp)
				break
			}
		}
	}
	versions, vds := providerVersions(p)
	ds = append(ds, vds...)
	for _, r := range rs {
		r.APIProviders = apiProviders
		r.ProviderVersion = versions[r.Provider]
	}
	sort.Strings(allTypes)
	if len(p.Schemas) == 0 {
		ds = append(ds, &diag.Diagnostic{Summary: "Provider.Schemas is empty", Suggestion: "read the provider schemas with schema.ReadProviders (terraform providers schema -json output)"})
	}
	for i := range include {
		if !matched[i] && len(p.Schemas) > 0 {
			ds = append(ds, &diag.Diagnostic{
				Summary:    fmt.Sprintf("Provider.Include pattern %q matches no resource type of the schemas", p.Include[i]),
				Detail:     "A pattern must match a whole type name, such as aws_vpc or aws_.*.",
				Suggestion: diag.DidYouMean(p.Include[i], allTypes),
			})
		}
	}
	for i := range exclude {
		if !matchedEx[i] && len(p.Schemas) > 0 {
			ds = append(ds, &diag.Diagnostic{
				Summary:    fmt.Sprintf("Provider.Exclude pattern %q matches no resource type of the schemas", p.Exclude[i]),
				Detail:     "A pattern must match a whole type name, such as aws_vpc or aws_.*.",
				Suggestion: diag.DidYouMean(p.Exclude[i], allTypes),
			})
		}
	}
	for typ := range p.perResource {
		if byType[typ] == nil {
			summary, suggestion := notIncluded(typ, allTypes, byType, excluded)
			ds = append(ds, &diag.Diagnostic{Summary: "A configurator is registered for " + typ + ", " + summary, Path: typ, Suggestion: suggestion})
		}
	}
	for _, r := range rs {
		for _, c := range p.configurators {
			if err := c(r); err != nil {
				ds = append(ds, &diag.Diagnostic{Summary: "A provider-wide configurator failed", Detail: err.Error(), Path: r.TerraformType})
			}
		}
		for _, c := range p.perResource[r.TerraformType] {
			if err := c(r); err != nil {
				ds = append(ds, &diag.Diagnostic{Summary: "A resource configurator failed", Detail: err.Error(), Path: r.TerraformType})
			}
		}
	}
	ds = append(ds, check(p, rs, byType, allTypes, excluded)...)
	sortDiagnostics(ds)
	if ds.HasErrors() {
		return nil, ds
	}
	return rs, ds
}

// exactVersion is a provider version, not a constraint: 3.9.0, 1.0.0-beta1.
var exactVersion = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$`)

// providerVersions checks Provider.ProviderVersions and returns the version
// of each provider schema it gives one.
func providerVersions(p *Provider) (map[*schema.Provider]string, diag.Diagnostics) {
	out := map[*schema.Provider]string{}
	var ds diag.Diagnostics
	keys := make([]string, 0, len(p.ProviderVersions))
	for k := range p.ProviderVersions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var names []string
	for _, sp := range p.Schemas {
		names = append(names, sp.Name(), sp.Source)
	}
	for _, k := range keys {
		v := p.ProviderVersions[k]
		at := fmt.Sprintf("Provider.ProviderVersions[%q]", k)
		var found *schema.Provider
		for _, sp := range p.Schemas {
			if k == sp.Source || k == sp.Name() {
				found = sp
				break
			}
		}
		if found == nil {
			suggestion := "key it by a provider of Provider.Schemas: by name (" + strings.Join(uniqueNames(p.Schemas), ", ") + ") or source address"
			if dym := diag.DidYouMean(k, names); dym != "" {
				suggestion = dym
			}
			ds = append(ds, &diag.Diagnostic{Summary: fmt.Sprintf("%s names no provider of Provider.Schemas", at), Path: k, Suggestion: suggestion})
			continue
		}
		if !exactVersion.MatchString(v) {
			ds = append(ds, &diag.Diagnostic{
				Summary:    fmt.Sprintf("%s is %q, which is not an exact version", at, v),
				Detail:     "The workspaces require the very version the schema was read from, such as 3.9.0, not a constraint.",
				Path:       k,
				Suggestion: "give the version .terraform.lock.hcl records for " + found.Source,
			})
			continue
		}
		if prev, ok := out[found]; ok && prev != v {
			ds = append(ds, &diag.Diagnostic{Summary: fmt.Sprintf("%s is %s, but another key of the same provider %s says %s", at, v, found.Source, prev), Path: k, Suggestion: "give the provider one entry"})
			continue
		}
		out[found] = v
	}
	return out, ds
}

// uniqueNames are the names of the providers, sorted, each once.
func uniqueNames(sps []*schema.Provider) []string {
	var out []string
	for _, sp := range sps {
		if !slices.Contains(out, sp.Name()) {
			out = append(out, sp.Name())
		}
	}
	sort.Strings(out)
	return out
}

// included reports whether typ matches an Include pattern, marking in
// matched every pattern it matches.
func included(include []*regexp.Regexp, matched []bool, typ string) bool {
	in := len(include) == 0
	for i, re := range include {
		if re.MatchString(typ) {
			matched[i], in = true, true
		}
	}
	return in
}

// notIncluded says why typ is not a generated resource (Include or
// Exclude leaves it out, or no schema has it) and what to do.
func notIncluded(typ string, allTypes []string, byType map[string]*Resource, excluded map[string]bool) (summary, suggestion string) {
	if excluded[typ] {
		return "which Provider.Exclude leaves out", "remove the pattern that matches " + typ + " from Provider.Exclude"
	}
	if i := sort.SearchStrings(allTypes, typ); i < len(allTypes) && allTypes[i] == typ {
		return "which Provider.Include leaves out", "add " + typ + " to Provider.Include"
	}
	names := make([]string, 0, len(byType))
	for n := range byType {
		names = append(names, n)
	}
	sort.Strings(names)
	return "which no schema has", diag.DidYouMean(typ, names)
}

var (
	dnsSubdomain = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
	dnsLabel     = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	goKind       = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	apiVersion   = regexp.MustCompile(`^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$`)
)

// renameHint is the configurator that sets a field of one resource, for
// diagnostics that ask for a rename.
func renameHint(typ, field string) string {
	return fmt.Sprintf(`p.AddResourceConfigurator(%q, func(r *config.Resource) error { r.%s = "..."; return nil })`, typ, field)
}

// check reports configurations that cannot be generated.
func check(p *Provider, rs []*Resource, byType map[string]*Resource, allTypes []string, excluded map[string]bool) diag.Diagnostics {
	var ds diag.Diagnostics
	bad := func(r *Resource, path, summary, suggestion string) {
		at := r.TerraformType
		if path != "" {
			at += "." + path
		}
		ds = append(ds, &diag.Diagnostic{Summary: summary, Path: at, Suggestion: suggestion})
	}
	kinds := map[string]*Resource{}
	// Names each kind declares in its API package; two kinds of one
	// package must not share any (Group and GroupStatus, or
	// ConfigurationRecorder's Status and a ConfigurationRecorderStatus).
	declared := map[string]*Resource{}
	for _, r := range rs {
		pkg := r.ShortGroup + "/" + r.Version + "/"
		for _, n := range KindDeclarations(r.Kind) {
			if reservedNames[n] {
				bad(r, "", fmt.Sprintf("Kind %s declares %s, a name the generated package itself uses", r.Kind, n), "override Kind in a configurator: "+renameHint(r.TerraformType, "Kind"))
				continue
			}
			if prev := declared[pkg+n]; prev != nil && prev != r {
				bad(r, "", fmt.Sprintf("Kind %s declares %s, which kind %s of %s declares too", r.Kind, n, prev.Kind, prev.TerraformType), "override Kind for one of them, such as "+renameHint(r.TerraformType, "Kind"))
				continue
			}
			declared[pkg+n] = r
		}
	}
	for _, r := range rs {
		if !goKind.MatchString(r.Kind) {
			bad(r, "", fmt.Sprintf("Kind %q is not an exported Go name of letters and digits", r.Kind), "set Kind in a configurator, such as \"Bucket\"")
		}
		if !dnsLabel.MatchString(r.ShortGroup) {
			bad(r, "", fmt.Sprintf("ShortGroup %q is not a DNS label", r.ShortGroup), "use lower-case letters, digits and dashes")
		}
		if !apiVersion.MatchString(r.Version) {
			bad(r, "", fmt.Sprintf("Version %q is not a Kubernetes API version", r.Version), "use v1alpha1, v1beta1, v1 and the like")
		}
		key := r.ShortGroup + "/" + r.Version + "/" + r.Kind
		if prev := kinds[key]; prev != nil {
			bad(r, "", fmt.Sprintf("Kind %s in group %s is also the kind of %s", r.Kind, r.Group(p), prev.TerraformType), "override Kind or ShortGroup for one of them, such as "+renameHint(r.TerraformType, "Kind"))
		} else {
			kinds[key] = r
		}
		en := r.ExternalName
		if en.NameArgument != "" {
			a := r.Schema.Block.Attribute(en.NameArgument)
			if a == nil || (!a.Required && !a.Optional) || !a.Type.Equals(cty.String) {
				bad(r, en.NameArgument, "ExternalName.NameArgument must be a string argument of the resource", didYouMean(en.NameArgument, r.Schema.Block))
			}
		}
		if d := needsID(r); d != nil {
			ds = append(ds, d)
		}
		for _, name := range sortedKeys(r.References) {
			ref := r.References[name]
			if summary, suggestion := referenceProblem(r, name); summary != "" {
				bad(r, name, summary, suggestion)
				continue
			}
			if name == en.NameArgument {
				bad(r, name, "A reference cannot be on the external-name argument", "")
			}
			if byType[ref.TerraformType] == nil {
				summary, suggestion := notIncluded(ref.TerraformType, allTypes, byType, excluded)
				bad(r, name, "The reference's target is "+ref.TerraformType+", "+summary, suggestion)
			}
		}
		for _, f := range r.Sensitive.Fields {
			if !pathExists(r.Schema.Block, f) {
				bad(r, f, "Sensitive.Fields names an attribute the schema does not have", didYouMean(f, r.Schema.Block))
			}
		}
		for _, f := range r.LateInitializer.IgnoredFields {
			if !pathExists(r.Schema.Block, f) {
				bad(r, f, "LateInitializer.IgnoredFields names an attribute the schema does not have", didYouMean(f, r.Schema.Block))
			}
		}
	}
	return ds
}

// needsID reports a resource whose external-name rule reads the "id"
// attribute of the state, which its schema does not have: the controller
// could never record the external name of a create.
func needsID(r *Resource) *diag.Diagnostic {
	en := r.ExternalName
	if r.Schema.Block.Attribute("id") != nil || en.NameArgument != "" || en.GetExternalNameFn != nil {
		return nil
	}
	rule := "its ExternalName"
	if en.IDFromProvider {
		rule = "its ExternalName, IdentifierFromProvider() (the default),"
	}
	var args []string
	for _, a := range r.Schema.Block.Attributes {
		if (a.Required || a.Optional) && a.Type.Equals(cty.String) && !a.Sensitive {
			args = append(args, a.Name)
		}
	}
	sort.Strings(args)
	byName := "it has no string argument for NameAsIdentifier"
	if len(args) > 0 {
		byName = fmt.Sprintf("NameAsIdentifier(%q) when that argument is its identity", args[0])
	}
	return &diag.Diagnostic{
		Summary: fmt.Sprintf("%s has no id attribute, which %s records as the external name after create", r.TerraformType, rule),
		Detail: "The controller could not record any create of the kind (the state has no id after create): " +
			"its objects would keep the crossplane.io/external-create-pending annotation and get no external name.",
		Path: r.TerraformType,
		Suggestion: fmt.Sprintf("give it an external name from its parameters or its state: %s, or "+
			"ExternalName.GetExternalNameFn (the external name from the state attributes) with GetIDFn "+
			"(the ID to import it by, from the external name); or leave it out: add %s to Provider.Exclude",
			byName, r.TerraformType),
	}
}

// referenceProblem says why the References key name cannot be a
// reference of r ("" when it can): it must be the Terraform path of a
// string argument, or of a list or set of strings, at the top level or in
// nested blocks (or nested attributes) of list, set or single nesting,
// and not sensitive.
func referenceProblem(r *Resource, name string) (summary, suggestion string) {
	const want = "A reference must be on a string argument or a list or set of strings, named by its Terraform path (such as subnet_ids or network_interface.network_interface_id)"
	blk := r.Schema.Block
	parts := strings.Split(name, ".")
	for i, part := range parts[:len(parts)-1] {
		at := strings.Join(parts[:i+1], ".")
		var nesting schema.Nesting
		if a := blk.Attribute(part); a != nil && a.NestedType != nil && (a.Required || a.Optional) {
			blk, nesting = &schema.Block{Attributes: a.NestedType.Attributes}, a.NestedType.Nesting
		} else if nb := blk.NestedBlock(part); nb != nil {
			blk, nesting = nb.Block, nb.Nesting
		} else {
			return fmt.Sprintf("%s: %s is not a nested block or nested attribute of arguments", want, at), didYouMean(part, blk)
		}
		if nesting == schema.NestingMap {
			return fmt.Sprintf("A reference cannot be inside %s, a map of objects: only blocks and nested attributes of list, set or single nesting can hold one", at), ""
		}
	}
	last := parts[len(parts)-1]
	a := blk.Attribute(last)
	if a == nil || (!a.Required && !a.Optional) {
		in := "the resource"
		if len(parts) > 1 {
			in = strings.Join(parts[:len(parts)-1], ".")
		}
		return fmt.Sprintf("%s: %s has no argument %s", want, in, last), didYouMean(last, blk)
	}
	if !a.Type.Equals(cty.String) && !((a.Type.IsListType() || a.Type.IsSetType()) && a.Type.ElementType().Equals(cty.String)) {
		return fmt.Sprintf("%s: it is of type %s", want, a.Type.FriendlyName()), "reference a string argument, or a list or set of strings"
	}
	if a.Sensitive || slices.Contains(r.Sensitive.Fields, name) {
		return "A reference cannot be on a sensitive argument: its value comes from a Secret", "remove the reference, or the argument from Sensitive.Fields"
	}
	return "", ""
}

// KindDeclarations are the Go names a kind declares in its API package.
func KindDeclarations(kind string) []string {
	return []string{kind, kind + "List", kind + "Spec", kind + "Status", kind + "Parameters", kind + "InitParameters", kind + "Observation", kind + "GroupVersionKind"}
}

// reservedNames are declared by every generated API package.
var reservedNames = map[string]bool{
	"CRDGroup": true, "CRDVersion": true, "GroupVersion": true, "SchemeBuilder": true,
	"AddToScheme": true, "addKnownTypes": true,
}

// pathExists reports whether a dotted Terraform path names an attribute or
// block.
func pathExists(b *schema.Block, path string) bool {
	name, rest, nested := strings.Cut(path, ".")
	if a := b.Attribute(name); a != nil {
		if !nested {
			return true
		}
		if a.NestedType == nil {
			return false
		}
		return pathExists(&schema.Block{Attributes: a.NestedType.Attributes}, rest)
	}
	if nb := b.NestedBlock(name); nb != nil {
		return !nested || pathExists(nb.Block, rest)
	}
	return false
}

func didYouMean(name string, b *schema.Block) string {
	var names []string
	for _, a := range b.Attributes {
		names = append(names, a.Name)
	}
	for _, nb := range b.Blocks {
		names = append(names, nb.Name)
	}
	return diag.DidYouMean(name, names)
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func sortDiagnostics(ds diag.Diagnostics) {
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Path < ds[j].Path })
}
