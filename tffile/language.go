package tffile

// What the reader needs to know of Terraform's language: the labels of the
// top-level block kinds, the nested blocks Terraform itself defines (which
// JSON writes as objects like any other value), and the arguments JSON
// gives as expression text rather than templates. This is the one place
// the reader holds such knowledge; it follows the statement of the
// language in package config once that has these tables.

// topLabels is how many labels each top-level block kind takes, for the
// kinds Terraform's JSON syntax reads.
var topLabels = map[string]int{
	"resource": 2, "data": 2, "ephemeral": 2, "action": 2,
	"provider": 1, "variable": 1, "output": 1, "module": 1, "check": 1,
	"locals": 0, "terraform": 0, "moved": 0, "import": 0, "removed": 0,
}

// ownBlock reports whether the property name of a JSON body (inside blocks
// of types, outermost first) is one of Terraform's own nested blocks, and
// how many labels it takes: a plain block (0), keyed by its label (1) or
// by two (2).
func ownBlock(types []string, name string) (int, bool) {
	last, n := types[len(types)-1], len(types)
	switch {
	case last == "locals":
		return 0, false
	case name == "dynamic" && last != "variable" && last != "output" && last != "terraform":
		return 1, true
	case (last == "resource" || last == "data" || last == "ephemeral") && n == 1 && name == "lifecycle",
		(last == "resource" || last == "removed") && n == 1 && name == "connection",
		last == "provisioner" && name == "connection",
		last == "lifecycle" && (name == "precondition" || name == "postcondition"),
		last == "variable" && name == "validation",
		last == "output" && name == "precondition",
		last == "terraform" && (name == "required_providers" || name == "cloud"),
		last == "cloud" && name == "workspaces",
		last == "check" && name == "assert",
		last == "removed" && name == "lifecycle",
		last == "dynamic" && name == "content":
		return 0, true
	case (last == "resource" || last == "removed") && n == 1 && name == "provisioner",
		last == "terraform" && (name == "backend" || name == "provider_meta"):
		return 1, true
	case last == "check" && name == "data":
		return 2, true
	}
	return 0, false
}

// literalBody reports whether every property of a JSON body of types is an
// argument read as a value, never a block: local values and the entries
// of required_providers.
func literalBody(types []string) bool {
	last := types[len(types)-1]
	return last == "locals" || last == "required_providers"
}

// expressionArgument reports whether JSON gives the argument name (of a
// block of types) as expression text: references, keywords and type
// constraints, which Terraform parses from the string instead of reading
// it as a template.
func expressionArgument(types []string, name string) bool {
	last := types[len(types)-1]
	switch {
	case last == "variable" && name == "type",
		name == "depends_on", name == "provider" && (last == "resource" || last == "data" || last == "ephemeral" || last == "import"),
		last == "lifecycle" && (name == "ignore_changes" || name == "replace_triggered_by"),
		last == "provisioner" && (name == "when" || name == "on_failure"),
		last == "dynamic" && name == "iterator",
		last == "moved" && (name == "from" || name == "to"),
		last == "import" && name == "to", last == "removed" && name == "from",
		last == "module" && name == "providers":
		return true
	}
	return false
}

// overridden are the top-level block kinds an override file's block is
// merged into, matched by address; an override file's blocks of other
// kinds are added as they are.
var overridden = map[string]bool{
	"resource": true, "data": true, "ephemeral": true, "provider": true,
	"variable": true, "output": true, "module": true, "check": true,
}

// schemaBody reports whether a provider schema describes the body of a
// block of types:
// resources, data sources and ephemeral resources (also data sources in
// check blocks) by their type, and provider blocks.
func schemaBody(types []string) bool {
	switch {
	case len(types) == 1:
		switch types[0] {
		case "resource", "data", "ephemeral", "provider":
			return true
		}
	case len(types) == 2:
		return types[0] == "check" && types[1] == "data"
	}
	return false
}
