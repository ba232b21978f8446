package config

import (
	"fmt"
	"strings"
)

// UndeclaredWords are the engines' summary and detail for a reference to
// something a module does not declare, as terraform validate and tofu
// validate word it. module is the module's address (module.net), or ""
// for the root module; root is var, local, module, data, ephemeral or a
// resource type; name is the variable, local value or module call, or the
// resource's key (aws_vpc.main, data.aws_ami.ubuntu,
// ephemeral.random_password.db). suggested is set
// when a did-you-mean hint goes with the diagnostic, which the engines
// then give instead of how to declare a variable.
func UndeclaredWords(module, root, name string, suggested bool) (summary, detail string) {
	where := "the root module"
	if module != "" {
		where = module
	}
	switch root {
	case "var":
		detail = fmt.Sprintf("An input variable with the name %q has not been declared.", name)
		if !suggested {
			detail += fmt.Sprintf(" This variable can be declared with a variable %q {} block.", name)
		}
		return "Reference to undeclared input variable", detail
	case "local":
		return "Reference to undeclared local value", fmt.Sprintf("A local value with the name %q has not been declared.", name)
	case "module":
		return "Reference to undeclared module", fmt.Sprintf("No module call named %q is declared in %s.", name, where)
	}
	mode := "A managed"
	switch root {
	case "data":
		mode, name = "A data", strings.TrimPrefix(name, "data.")
	case "ephemeral":
		mode, name = "An ephemeral", strings.TrimPrefix(name, "ephemeral.")
	}
	typ, rname, _ := strings.Cut(name, ".")
	return "Reference to undeclared resource", fmt.Sprintf("%s resource %q %q has not been declared in %s.", mode, typ, rname, where)
}
