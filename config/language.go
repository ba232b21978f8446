package config

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// This file is the one statement of Terraform's language that tfkit
// holds: the kinds of top-level block, their labels, how they are
// addressed and referred to, the arguments Terraform defines in them and
// how it reads each, and the nested blocks it owns. Front ends, renderers,
// converters, validators and the runner's version gates read it here, so
// that a new kind of block is one entry in Kinds (and its tests).

// Read says how Terraform reads an argument it defines.
type Read int

const (
	// Plain is an expression, evaluated as written.
	Plain Read = iota
	// Address is the address of a resource or module, read as written:
	// moved from and to, import to, removed from.
	Address
	// ProviderRef is a provider configuration: provider = aws.west.
	ProviderRef
	// RefList is a static list of references: depends_on,
	// replace_triggered_by.
	RefList
	// IgnoreChanges is a list of attribute paths, or the keyword all.
	IgnoreChanges
	// ProviderMap maps provider names to configurations: a module's
	// providers = { aws = aws.west }.
	ProviderMap
	// TypeConstraint is a type expression: a variable's type.
	TypeConstraint
	// Keyword is a bare word: a provisioner's when and on_failure, a
	// dynamic block's iterator.
	Keyword
	// RequiredProvider is one entry of required_providers, whose
	// configuration_aliases are provider references.
	RequiredProvider
)

// Arg is an argument Terraform defines in a block.
type Arg struct {
	Name string
	Read Read
	// Literal: Terraform reads it before anything is evaluated, so it
	// holds a literal value, and JSON syntax takes its strings as written
	// rather than as templates.
	Literal bool
	// Required: the block is refused without it.
	Required bool
	// Meta: a meta-argument, one that Terraform defines in a body whose
	// other arguments a provider's or module's schema defines.
	Meta bool
}

// Engines are the first releases of Terraform and OpenTofu that accept a
// construct; "" when tfkit drives no release without it.
type Engines struct{ Terraform, OpenTofu string }

// BlockSpec states a block of Terraform's language: its labels, the
// arguments Terraform defines in it and the blocks it owns inside it.
type BlockSpec struct {
	// Type is the block type keyword.
	Type string
	// Labels are the names of its labels, in order.
	Labels []string
	// Args are the arguments Terraform defines in the block.
	Args []Arg
	// Blocks are the nested blocks Terraform owns in it.
	Blocks []*BlockSpec
	// Closed: the block holds nothing but Args and Blocks (a variable,
	// an output); otherwise a provider's or module's schema, or the
	// user, defines the rest of its body.
	Closed bool
	// Entries is how Terraform reads the arguments of the block that are
	// not among Args (the entries of required_providers).
	Entries Read
	// ArgsOnly: the body holds arguments only, never a block, whatever
	// their values look like (local values, the entries of
	// required_providers).
	ArgsOnly bool
	// ProviderSchema: a provider's schema defines the rest of the body
	// (by the type label of a resource, a data source or an ephemeral
	// resource; the provider's own of a provider block).
	ProviderSchema bool
	// LiteralBody: Terraform reads every argument of the block, and of
	// blocks nested in it that this table does not state, literally (the
	// terraform block's settings).
	LiteralBody bool
	// Evaluated are blocks nested in a LiteralBody block, not stated
	// here, whose arguments Terraform evaluates. (OpenTofu's encryption,
	// whose settings refer to its key providers and methods, is stated,
	// as a block that is not LiteralBody.)
	Evaluated []string
	// Reserved are names Terraform keeps for arguments it may define in
	// the block one day (a module's lifecycle and locals): like Args,
	// they are no names for the values a schema or module defines.
	Reserved []string
	// Since are the first engines that accept the block, when it is
	// newer than the oldest engines tfkit drives (Terraform 1.1, OpenTofu
	// 1.6); zero otherwise.
	Since Engines
}

// Arg returns the argument Terraform defines as name in the block.
func (s *BlockSpec) Arg(name string) (Arg, bool) {
	for _, a := range s.Args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// Block returns the nested block Terraform owns as typ in the block.
func (s *BlockSpec) Block(typ string) (*BlockSpec, bool) {
	for _, b := range s.Blocks {
		if b.Type == typ {
			return b, true
		}
	}
	return nil, false
}

// Owns reports whether Terraform defines name in the block as a
// meta-argument or a nested block it owns, rather than the schema that
// defines the rest of the body: count, lifecycle in a resource; alias in a
// provider.
func (s *BlockSpec) Owns(name string) bool {
	if a, ok := s.Arg(name); ok {
		return a.Meta
	}
	_, ok := s.Block(name)
	return ok
}

// ArgNames returns the names of Args, in order.
func (s *BlockSpec) ArgNames() []string {
	out := make([]string, len(s.Args))
	for i, a := range s.Args {
		out[i] = a.Name
	}
	return out
}

// BlockTypes returns the types of Blocks, in order.
func (s *BlockSpec) BlockTypes() []string {
	out := make([]string, len(s.Blocks))
	for i, b := range s.Blocks {
		out[i] = b.Type
	}
	return out
}

// Refer says how an expression refers to a top-level block.
type Refer int

const (
	// NotReferable: expressions cannot refer to the block (an output, a
	// check, a moved block).
	NotReferable Refer = iota
	// ByAddress: by its address (aws_vpc.main, data.aws_ami.x,
	// module.net, var.region).
	ByAddress
	// ByConfiguration: by its provider configuration, type and alias
	// (aws, aws.west), where a provider argument reads it.
	ByConfiguration
	// ByArgument: by each of its arguments, under Root (local.tags).
	ByArgument
)

// Kind is a kind of top-level block.
type Kind struct {
	BlockSpec
	// Name is the kind in tfkit's authoring APIs: the Go constructor
	// (tfkit.NewDataSource) and the TSX element (<DataSource>).
	Name string
	// Noun names one block of the kind in messages: "data source".
	Noun string
	// Prefix starts the block's address, before its labels ("" for a
	// resource: aws_vpc.main; "data": data.aws_ami.x; "var": var.region).
	Prefix string
	// Refer is how expressions refer to the block.
	Refer Refer
	// Root is the reference root for blocks referred to by address or by
	// argument ("var", "local", "data"); "" for resources and providers,
	// whose references start with their type.
	Root string
}

// ActsOnState reports whether blocks of the kind act on objects in state,
// which they name by address (moved, import, removed), rather than declare
// configuration.
func (k *Kind) ActsOnState() bool {
	for _, a := range k.Args {
		if a.Read == Address {
			return true
		}
	}
	return false
}

// NamesOnly reports whether every argument Terraform defines in blocks of
// the kind names an address, so that they read no value (moved, removed).
func (k *Kind) NamesOnly() bool {
	for _, a := range k.Args {
		if a.Read != Address {
			return false
		}
	}
	return k.ActsOnState()
}

// The nested blocks Terraform owns in several kinds.
var (
	precondition  = &BlockSpec{Type: "precondition", Closed: true, Args: conditionArgs}
	postcondition = &BlockSpec{Type: "postcondition", Closed: true, Args: conditionArgs}
	conditionArgs = []Arg{{Name: "condition", Required: true}, {Name: "error_message", Required: true}}

	// connection says how provisioners reach the resource: the arguments
	// of both engines' connection schema, for SSH and WinRM alike. The
	// engines check them, and require host, in the connection each
	// provisioner uses (its own merged over the resource's), so host is no
	// Required here.
	connection = &BlockSpec{Type: "connection", Closed: true, Args: []Arg{
		{Name: "type"}, {Name: "host"}, {Name: "user"}, {Name: "password"}, {Name: "port"}, {Name: "timeout"},
		{Name: "script_path"},
		// SSH.
		{Name: "private_key"}, {Name: "certificate"}, {Name: "agent"}, {Name: "agent_identity"}, {Name: "host_key"},
		{Name: "target_platform"},
		{Name: "bastion_host"}, {Name: "bastion_host_key"}, {Name: "bastion_port"}, {Name: "bastion_user"},
		{Name: "bastion_password"}, {Name: "bastion_private_key"}, {Name: "bastion_certificate"},
		{Name: "proxy_scheme"}, {Name: "proxy_host"}, {Name: "proxy_port"}, {Name: "proxy_user_name"},
		{Name: "proxy_user_password"},
		// WinRM.
		{Name: "https"}, {Name: "insecure"}, {Name: "use_ntlm"}, {Name: "cacert"},
	}}
	// provisioner "local-exec" { ... } runs at create or destroy time.
	provisioner = &BlockSpec{Type: "provisioner", Labels: []string{"type"},
		Args:   []Arg{{Name: "when", Read: Keyword, Meta: true}, {Name: "on_failure", Read: Keyword, Meta: true}},
		Blocks: []*BlockSpec{connection}}

	// The lifecycle of a resource, and of a data source (whose
	// ignore_changes and replace_triggered_by Terraform refuses, but reads
	// as it reads a resource's).
	resourceLifecycle = &BlockSpec{Type: "lifecycle", Closed: true,
		Args: []Arg{{Name: "create_before_destroy"}, {Name: "prevent_destroy"},
			{Name: "ignore_changes", Read: IgnoreChanges}, {Name: "replace_triggered_by", Read: RefList}},
		Blocks: []*BlockSpec{precondition, postcondition}}
	// The lifecycle of an ephemeral resource: conditions only.
	ephemeralLifecycle = &BlockSpec{Type: "lifecycle", Closed: true, Blocks: []*BlockSpec{precondition, postcondition}}
	// removed's lifecycle says whether the object is destroyed.
	removedLifecycle = &BlockSpec{Type: "lifecycle", Closed: true, Args: []Arg{{Name: "destroy"}},
		Since: Engines{"1.7", "1.10"}}

	// dynamic "NAME" { for_each, iterator, labels, content { ... } }
	// generates nested blocks in any body a schema defines.
	dynamic = &BlockSpec{Type: "dynamic", Labels: []string{"type"}, Closed: true,
		Args:   []Arg{{Name: "for_each", Required: true}, {Name: "iterator", Read: Keyword}, {Name: "labels"}},
		Blocks: []*BlockSpec{{Type: "content"}}}

	// OpenTofu's state and plan encryption (1.7), in the terraform block:
	// unlike the block's other settings its arguments are evaluated, and
	// refer to its key providers (key_provider.pbkdf2.main) and methods
	// (method.aes_gcm.main). The bodies of key providers and methods are
	// the settings of their type.
	// A method is named by a bare reference (method.aes_gcm.main), a
	// string in JSON, as an address is.
	encryptionFallback = &BlockSpec{Type: "fallback", Closed: true, Args: []Arg{{Name: "method", Read: Address, Required: true}}}
	encryptionTarget   = func(typ string, labels ...string) *BlockSpec {
		return &BlockSpec{Type: typ, Labels: labels, Closed: true, Args: []Arg{{Name: "method", Read: Address}, {Name: "enforced"}},
			Blocks: []*BlockSpec{encryptionFallback}}
	}
	encryption = &BlockSpec{Type: "encryption", Closed: true, Blocks: []*BlockSpec{
		{Type: "key_provider", Labels: []string{"type", "name"}},
		{Type: "method", Labels: []string{"type", "name"}},
		encryptionTarget("state"), encryptionTarget("plan"),
		{Type: "remote_state_data_sources", Closed: true, Blocks: []*BlockSpec{
			encryptionTarget("default"), encryptionTarget("remote_state_data_source", "address")}},
	}}

	// The meta-arguments of resources, data sources and ephemeral
	// resources.
	resourceMeta = []Arg{{Name: "count", Meta: true}, {Name: "for_each", Meta: true},
		{Name: "provider", Read: ProviderRef, Meta: true}, {Name: "depends_on", Read: RefList, Meta: true}}
)

// The kinds of top-level block, in the order messages list them. The
// table is read-only: nothing may change it at run time.
var (
	KindTerraform = &Kind{Name: "Terraform", Noun: "terraform", Prefix: "terraform", BlockSpec: BlockSpec{
		Type: "terraform", LiteralBody: true,
		Blocks: []*BlockSpec{
			{Type: "required_providers", LiteralBody: true, Entries: RequiredProvider, ArgsOnly: true},
			{Type: "backend", Labels: []string{"type"}, LiteralBody: true},
			{Type: "cloud", LiteralBody: true, Blocks: []*BlockSpec{{Type: "workspaces", LiteralBody: true}}},
			{Type: "provider_meta", Labels: []string{"provider"}, LiteralBody: true},
			encryption,
		}}}
	KindProvider = &Kind{Name: "Provider", Noun: "provider", Prefix: "provider", Refer: ByConfiguration, BlockSpec: BlockSpec{
		Type: "provider", Labels: []string{"name"}, ProviderSchema: true,
		// for_each is OpenTofu's (1.9), on a provider with an alias.
		Args: []Arg{{Name: "alias", Literal: true, Meta: true}, {Name: "version", Literal: true, Meta: true},
			{Name: "for_each", Meta: true}}}}
	KindVariable = &Kind{Name: "Variable", Noun: "variable", Prefix: "var", Refer: ByAddress, Root: "var", BlockSpec: BlockSpec{
		Type: "variable", Labels: []string{"name"}, Closed: true,
		// deprecated is OpenTofu's.
		Args: []Arg{{Name: "default", Literal: true}, {Name: "deprecated"}, {Name: "description", Literal: true},
			{Name: "ephemeral", Literal: true}, {Name: "nullable", Literal: true}, {Name: "sensitive", Literal: true},
			{Name: "type", Read: TypeConstraint}},
		Blocks: []*BlockSpec{{Type: "validation", Closed: true, Args: conditionArgs}}}}
	KindLocals = &Kind{Name: "Locals", Noun: "local value", Prefix: "locals", Refer: ByArgument, Root: "local", BlockSpec: BlockSpec{
		Type: "locals", ArgsOnly: true}}
	KindResource = &Kind{Name: "Resource", Noun: "resource", Refer: ByAddress, BlockSpec: BlockSpec{
		Type: "resource", Labels: []string{"type", "name"}, Args: resourceMeta, ProviderSchema: true,
		Blocks: []*BlockSpec{resourceLifecycle, provisioner, connection}}}
	KindData = &Kind{Name: "DataSource", Noun: "data source", Prefix: "data", Refer: ByAddress, Root: "data", BlockSpec: BlockSpec{
		Type: "data", Labels: []string{"type", "name"}, Args: resourceMeta, ProviderSchema: true,
		Blocks: []*BlockSpec{resourceLifecycle}}}
	KindEphemeral = &Kind{Name: "Ephemeral", Noun: "ephemeral resource", Prefix: "ephemeral", Refer: ByAddress, Root: "ephemeral", BlockSpec: BlockSpec{
		Type: "ephemeral", Labels: []string{"type", "name"}, Args: resourceMeta, ProviderSchema: true,
		Blocks: []*BlockSpec{ephemeralLifecycle}, Since: Engines{"1.10", "1.11"}}}
	KindModule = &Kind{Name: "Module", Noun: "module", Prefix: "module", Refer: ByAddress, Root: "module", BlockSpec: BlockSpec{
		Type: "module", Labels: []string{"name"},
		Args: []Arg{{Name: "source", Literal: true, Required: true, Meta: true}, {Name: "version", Literal: true, Meta: true},
			{Name: "count", Meta: true}, {Name: "for_each", Meta: true},
			{Name: "providers", Read: ProviderMap, Meta: true}, {Name: "depends_on", Read: RefList, Meta: true}},
		Reserved: []string{"lifecycle", "locals"}}}
	KindOutput = &Kind{Name: "Output", Noun: "output", Prefix: "output", BlockSpec: BlockSpec{
		Type: "output", Labels: []string{"name"}, Closed: true,
		// deprecated is OpenTofu's.
		Args: []Arg{{Name: "depends_on", Read: RefList}, {Name: "deprecated"}, {Name: "description", Literal: true},
			{Name: "ephemeral", Literal: true}, {Name: "sensitive", Literal: true}, {Name: "value", Required: true}},
		Blocks: []*BlockSpec{precondition}}}
	KindMoved = &Kind{Name: "Moved", Noun: "moved", Prefix: "moved", BlockSpec: BlockSpec{
		Type: "moved", Closed: true,
		Args:  []Arg{{Name: "from", Read: Address, Required: true}, {Name: "to", Read: Address, Required: true}},
		Since: Engines{"1.1", "1.6"}}}
	KindImport = &Kind{Name: "Import", Noun: "import", Prefix: "import", BlockSpec: BlockSpec{
		Type: "import", Closed: true,
		// One of id and identity is required.
		Args: []Arg{{Name: "to", Read: Address, Required: true}, {Name: "id"}, {Name: "identity"},
			{Name: "provider", Read: ProviderRef}, {Name: "for_each"}},
		Since: Engines{"1.5", "1.6"}}}
	KindRemoved = &Kind{Name: "Removed", Noun: "removed", Prefix: "removed", BlockSpec: BlockSpec{
		Type: "removed", Closed: true,
		Args: []Arg{{Name: "from", Read: Address, Required: true}},
		// Destroy-time provisioners, with the connection they use.
		Blocks: []*BlockSpec{removedLifecycle,
			{Type: "provisioner", Labels: provisioner.Labels, Args: provisioner.Args, Blocks: provisioner.Blocks, Since: Engines{"1.9", "1.10"}},
			connection},
		Since: Engines{"1.7", "1.7"}}}
	KindCheck = &Kind{Name: "Check", Noun: "check", Prefix: "check", BlockSpec: BlockSpec{
		Type: "check", Labels: []string{"name"}, Closed: true,
		// Scoped data sources are data blocks nested in the check.
		Blocks: []*BlockSpec{{Type: "assert", Closed: true, Args: conditionArgs}, &KindData.BlockSpec},
		Since:  Engines{"1.5", "1.6"}}}

	// Kinds lists every kind, in the order above.
	Kinds = []*Kind{KindTerraform, KindProvider, KindVariable, KindLocals, KindResource, KindData, KindEphemeral,
		KindModule, KindOutput, KindMoved, KindImport, KindRemoved, KindCheck}
)

// Carried are top-level blocks that tfkit reads but does not author: those
// of engines newer than those tfkit drives (Terraform 1.14's actions;
// Terraform 1.11 refuses them), and OpenTofu 1.12's language block, which
// declares the language edition and the versions a module is for. The
// reader keeps them as written and the loader accepts them without
// evaluating them (it checks language blocks as OpenTofu does, and refuses
// them for Terraform), but they are no kind of Kinds, which tfkit's
// authoring APIs, renderers and validators know.
var Carried = []*BlockSpec{{Type: "action", Labels: []string{"type", "name"}}, {Type: "language"}}

// Roots are the names a reference may start with besides a resource
// type: the roots of the kinds referred to by address or argument, then
// the names Terraform gives in scope (count.index, each.key, self,
// path.module, terraform.workspace).
var Roots = []string{"var", "local", "module", "data", "ephemeral", "count", "each", "self", "path", "terraform"}

// KindOf returns the kind of top-level block typ.
func KindOf(typ string) (*Kind, bool) {
	// The addresses and references of every block of a large
	// configuration go through here: an index by length and first
	// letter, which tells the kinds apart, is several times faster than a
	// map.
	if n := len(typ); n > 0 && n < len(kindIndex) && typ[0] >= 'a' && typ[0] <= 'z' {
		switch k := kindIndex[n][typ[0]-'a']; {
		case k == nil:
			return nil, false
		case k != ambiguousKind:
			if k.Type != typ {
				return nil, false
			}
			return k, true
		}
	}
	for _, k := range Kinds {
		if k.Type == typ {
			return k, true
		}
	}
	return nil, false
}

// kindIndex holds each kind at its type's length and first letter;
// ambiguousKind where two kinds share them.
var (
	kindIndex     [16][26]*Kind
	ambiguousKind = &Kind{}
)

func init() {
	for _, k := range Kinds {
		n, c := len(k.Type), k.Type[0]
		if n >= len(kindIndex) || c < 'a' || c > 'z' {
			continue // found by the scan
		}
		if kindIndex[n][c-'a'] != nil {
			kindIndex[n][c-'a'] = ambiguousKind
			continue
		}
		kindIndex[n][c-'a'] = k
	}
}

// KindOfRoot returns the kind whose blocks references starting with root
// name: var, local, module, data, ephemeral; false for the other Roots and
// for resource types.
func KindOfRoot(root string) (*Kind, bool) {
	if root == "" {
		return nil, false
	}
	for _, k := range Kinds {
		if k.Root == root {
			return k, true
		}
	}
	return nil, false
}

// ReferenceLen is how many names of a reference starting with root name
// the block referred to: three for a data source or an ephemeral resource
// (data.aws_ami.x), two otherwise (aws_vpc.main, module.net, var.region,
// local.tags).
func ReferenceLen(root string) int {
	if k, ok := KindOfRoot(root); ok && k.Refer == ByAddress {
		return 1 + len(k.Labels)
	}
	return 2
}

// KindTypes returns the type keywords of Kinds, in order.
func KindTypes() []string {
	out := make([]string, len(Kinds))
	for i, k := range Kinds {
		out[i] = k.Type
	}
	return out
}

// TopSchema is the top level of a configuration file: the blocks of
// Kinds, with their label names, to decode a file's body (in either
// syntax) with.
func TopSchema() *hcl.BodySchema {
	s := &hcl.BodySchema{Blocks: make([]hcl.BlockHeaderSchema, len(Kinds))}
	for i, k := range Kinds {
		s.Blocks[i] = hcl.BlockHeaderSchema{Type: k.Type, LabelNames: k.Labels}
	}
	return s
}

// Spec returns the block Terraform owns at types, nested as written (top
// level first: resource, lifecycle), or false when Terraform does not own
// a block there (it belongs to a provider's schema, or is no block).
// Dynamic blocks are Terraform's in any body a schema defines.
func Spec(types []string) (*BlockSpec, bool) {
	k, ok := KindOf(types[0])
	if !ok {
		return nil, false
	}
	s := &k.BlockSpec
	for _, t := range types[1:] {
		nb, ok := s.Block(t)
		if !ok && t == dynamic.Type && dynamicIn(s) {
			nb, ok = dynamic, true
		}
		if !ok {
			return nil, false
		}
		s = nb
	}
	return s, true
}

// dynamicIn reports whether dynamic blocks may generate the blocks of a
// body of s: one a schema defines, not a body Terraform closes, reads
// literally or holds arguments only in.
func dynamicIn(s *BlockSpec) bool {
	return !s.Closed && !s.LiteralBody && !s.ArgsOnly
}

// NestedBlock returns the block Terraform owns as name in a block nested
// as types (top level first), as a reader meets it: OwnBlock's blocks,
// and dynamic blocks wherever a schema defines the body, in the bodies of
// blocks this table does not state too (a resource's ebs_block_device),
// with their content.
func NestedBlock(types []string, name string) (*BlockSpec, bool) {
	if s, ok := Spec(types); ok {
		if nb, ok := s.Block(name); ok {
			return nb, true
		}
		if name == dynamic.Type && dynamicIn(s) {
			return dynamic, true
		}
		return nil, false
	}
	if _, ok := KindOf(types[0]); !ok {
		return nil, false
	}
	if types[len(types)-1] == dynamic.Type {
		return dynamic.Block(name)
	}
	if name == dynamic.Type {
		return dynamic, true
	}
	return nil, false
}

// OwnBlock returns the block name Terraform owns in a block nested as
// types (top level first), such as lifecycle in a resource; false when a
// block called name there would be a schema's (or none).
func OwnBlock(types []string, name string) (*BlockSpec, bool) {
	s, ok := Spec(types)
	if !ok {
		return nil, false
	}
	return s.Block(name)
}

// ArgRead is how Terraform reads argument name of a block nested as types
// (top level first). Arguments it does not define are Plain, but for a
// provisioner's and a dynamic block's, whose keywords are read as such
// wherever the block is nested.
func ArgRead(types []string, name string) Read {
	if s, ok := Spec(types); ok {
		if a, ok := s.Arg(name); ok {
			return a.Read
		}
		return s.Entries
	}
	if len(types) == 1 {
		return Plain
	}
	switch types[len(types)-1] {
	case provisioner.Type:
		if a, ok := provisioner.Arg(name); ok {
			return a.Read
		}
	case dynamic.Type:
		if a, ok := dynamic.Arg(name); ok {
			return a.Read
		}
	}
	return Plain
}

// LiteralArgument reports whether Terraform reads the argument name, of a
// block nested as types (top-level block type first), literally: before
// anything is evaluated, so that it must hold a literal value, and in JSON
// syntax its strings are taken as written rather than as templates. These
// are the arguments marked Literal in Kinds (a variable's default, an
// output's description, a module's source, a provider's alias, ...) and
// every argument in the terraform block but in OpenTofu's encryption
// block, whose settings refer to its key providers and methods (a block
// of the table that is not LiteralBody).
//
// Literally means with nothing in scope: such an argument may still hold
// operators and conditionals over constants (`default = 60 * 60 * 24`);
// see ConstValue.
func LiteralArgument(types []string, name string) bool {
	k, ok := KindOf(types[0])
	if !ok {
		return false
	}
	if len(types) == 1 {
		a, ok := k.Arg(name)
		return ok && a.Literal || k.LiteralBody
	}
	// The innermost block this table states decides, for the blocks
	// nested in it too.
	literal := k.LiteralBody
	s := &k.BlockSpec
	for _, t := range types[1:] {
		nb, ok := s.Block(t)
		if !ok {
			if slices.Contains(s.Evaluated, t) {
				literal = false
			}
			break
		}
		s, literal = nb, nb.LiteralBody
	}
	return literal
}

// Address is the address of a block of the kind with labels: aws_vpc.main,
// data.aws_ami.x, module.net, var.region, output.id, locals for a locals
// block, provider.aws.west for a provider given its alias (none for a
// provider without one). Labels the kind does not take are joined to its
// type: resource.x.
func (k *Kind) Address(labels []string, alias ...string) string {
	if len(labels) != len(k.Labels) {
		return joinAddress(k.Type, labels)
	}
	addr := joinAddress(k.Prefix, labels)
	if k.Refer == ByConfiguration && len(alias) > 0 {
		addr += "." + alias[0]
	}
	return addr
}

func joinAddress(prefix string, labels []string) string {
	switch {
	case len(labels) == 0:
		return prefix
	case prefix == "" && len(labels) == 2:
		return labels[0] + "." + labels[1]
	}
	n := len(prefix)
	for _, l := range labels {
		n += 1 + len(l)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(prefix)
	for _, l := range labels {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(l)
	}
	return b.String()
}

// ReferenceNames appends to dst the names of a reference to a top-level
// block (aws_vpc.main, data.aws_ami.x, var.region, aws.west for a
// provider): false for blocks that expressions cannot refer to by their
// labels (outputs, checks, locals, whose values are local.NAME), or that
// have labels their kind does not take.
func ReferenceNames(dst []string, b *Block) ([]string, bool) {
	k, ok := KindOf(b.Type)
	if !ok {
		return nil, false
	}
	if k.Refer == ByConfiguration {
		if alias, ok := b.Body.StringAttr("alias"); ok {
			return k.ReferenceNames(dst, b.Labels, alias)
		}
	}
	return k.ReferenceNames(dst, b.Labels)
}

// ReferenceNames appends to dst the names of a reference to a block of
// the kind with labels, and for a provider given its alias, that alias;
// false for a kind not referred to by its labels, or the wrong number of
// labels.
func (k *Kind) ReferenceNames(dst, labels []string, alias ...string) ([]string, bool) {
	if len(labels) != len(k.Labels) {
		return nil, false
	}
	switch k.Refer {
	case ByAddress:
		if k.Root != "" {
			dst = append(dst, k.Root)
		}
		return append(dst, labels...), true
	case ByConfiguration:
		return append(append(dst, labels...), alias...), true
	}
	return nil, false
}
