package tffile

import "github.com/tfkit/tfkit/config"

// What the reader needs to know of Terraform's language, read from its
// statement in package config: the labels of the top-level block kinds,
// the nested blocks Terraform itself defines (which JSON writes as
// objects like any other value), and the arguments JSON gives as
// expression text rather than templates.

// topLabels is how many labels blocks of the top-level kind typ take;
// false for a type that is no kind of block (config.Kinds, and the blocks
// of newer engines the reader carries, config.Carried).
func topLabels(typ string) (int, bool) {
	if k, ok := config.KindOf(typ); ok {
		return len(k.Labels), true
	}
	for _, b := range config.Carried {
		if b.Type == typ {
			return len(b.Labels), true
		}
	}
	return 0, false
}

// ownBlock reports whether the property name of a JSON body (inside blocks
// of types, outermost first) is one of Terraform's own nested blocks, and
// how many labels it takes: a plain block (0), keyed by its label (1) or
// by two (2).
func ownBlock(types []string, name string) (int, bool) {
	if s, ok := config.NestedBlock(types, name); ok {
		return len(s.Labels), true
	}
	return 0, false
}

// literalBody reports whether every property of a JSON body of types is an
// argument read as a value, never a block: local values and the entries
// of required_providers.
func literalBody(types []string) bool {
	s, ok := config.Spec(types)
	return ok && s.ArgsOnly
}

// expressionArgument reports whether JSON gives the argument name (of a
// block of types) as expression text: references, keywords and type
// constraints, which Terraform parses from the string instead of reading
// it as a template.
func expressionArgument(types []string, name string) bool {
	switch config.ArgRead(types, name) {
	case config.Plain, config.RequiredProvider:
		// required_providers' entries are values (literalBody).
		return false
	}
	return true
}

// overridden reports whether an override file's top-level block of type
// typ is merged into the block it names, matched by address: the blocks
// of kinds with labels. An override file's blocks of other kinds are added
// as they are.
func overridden(typ string) bool {
	k, ok := config.KindOf(typ)
	return ok && len(k.Labels) > 0
}

// schemaBody reports whether a provider schema describes the body of a
// block of types: resources, data sources and ephemeral resources (also
// data sources in check blocks) by their type, and provider blocks.
func schemaBody(types []string) bool {
	s, ok := config.Spec(types)
	return ok && s.ProviderSchema
}
