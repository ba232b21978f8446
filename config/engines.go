package config

import (
	"github.com/hashicorp/hcl/v2"
)

// OpenTofuUse is one place a configuration uses what OpenTofu accepts and
// no version of Terraform does.
type OpenTofuUse struct {
	// What names the construct, plural: "encryption blocks".
	What string
	// Since is the first OpenTofu release that accepts it.
	Since string
	// Range is where it is written (the Go or TSX line for a front end's
	// model), Path its attribute path.
	Range hcl.Range
	Path  string
}

// The constructs OpenTofuOnly finds, with OpenTofu's first release of
// each (runner.Features dates them for its version gates too).
var (
	openTofuEncryption = OpenTofuUse{What: "encryption blocks (state and plan encryption)", Since: "1.7"}
	openTofuForEach    = OpenTofuUse{What: "provider blocks with for_each", Since: "1.9"}
	openTofuEarly      = OpenTofuUse{What: "variables and locals in module sources and versions and in backend settings (early evaluation)", Since: "1.8"}
	openTofuLanguage   = OpenTofuUse{What: "language blocks", Since: "1.12"}
)

// OpenTofuOnly lists the places c uses what only OpenTofu accepts, in
// block order: the encryption block of the terraform settings, provider
// blocks with for_each, language blocks, and variables or local values in a module's
// source or version or a backend's settings, which OpenTofu evaluates
// early and Terraform reads literally. A front end reports them when it
// knows the configuration goes to Terraform.
func OpenTofuOnly(c *Config) []OpenTofuUse {
	var uses []OpenTofuUse
	add := func(u OpenTofuUse, r hcl.Range, path string) {
		u.Range, u.Path = r, path
		uses = append(uses, u)
	}
	early := func(a *Attribute, path string) {
		if a != nil && readsVarOrLocal(a.Expr) {
			add(openTofuEarly, a.Range, path+"."+a.Name)
		}
	}
	for _, b := range c.Blocks {
		switch b.Type {
		case "terraform":
			for _, it := range b.Body.Items {
				nb, ok := it.(*Block)
				if !ok {
					continue
				}
				switch nb.Type {
				case "encryption":
					add(openTofuEncryption, nb.DeclRange, "terraform.encryption")
				case "backend":
					for _, a := range nb.Body.Attributes() {
						early(a, "terraform.backend")
					}
				}
			}
		case "provider":
			if a := b.Body.Attribute("for_each"); a != nil {
				addr := KindProvider.Address(b.Labels)
				if alias, ok := b.Body.StringAttr("alias"); ok {
					addr = KindProvider.Address(b.Labels, alias)
				}
				add(openTofuForEach, a.Range, addr+".for_each")
			}
		case "module":
			addr := KindModule.Address(b.Labels)
			early(b.Body.Attribute("source"), addr)
			early(b.Body.Attribute("version"), addr)
		case "language":
			add(openTofuLanguage, b.DeclRange, "language")
		}
	}
	return uses
}

// readsVarOrLocal reports whether e refers to a variable or a local value.
func readsVarOrLocal(e Expr) bool {
	found := false
	Walk(e, func(x Expr) {
		var trs []hcl.Traversal
		switch x := x.(type) {
		case *Reference:
			trs = []hcl.Traversal{x.Traversal}
		case *Raw:
			if x.Syntax != nil {
				trs = x.Syntax.Variables()
			}
		}
		for _, tr := range trs {
			if root := tr.RootName(); root == "var" || root == "local" {
				found = true
			}
		}
	})
	return found
}

// EarlyEvaluable reports whether e is what OpenTofu evaluates before
// planning (early evaluation, 1.8) and Terraform refuses: it refers to
// variables or locals, and to nothing else but path and
// terraform.workspace. A module source or version may be such an
// expression.
func EarlyEvaluable(e Expr) bool {
	early, ok := earlyOnly(e)
	return early && ok
}

// earlyOnly reports whether e refers to variables or locals (early) and
// to nothing else but path and terraform.workspace (ok): what OpenTofu
// evaluates before planning.
func earlyOnly(e Expr) (early, ok bool) {
	ok = true
	Walk(e, func(x Expr) {
		var trs []hcl.Traversal
		switch x := x.(type) {
		case *Reference:
			trs = []hcl.Traversal{x.Traversal}
		case *Raw:
			if x.Syntax == nil {
				ok = false
				return
			}
			trs = x.Syntax.Variables()
		}
		for _, tr := range trs {
			switch tr.RootName() {
			case "var", "local":
				early = true
			case "path", "terraform":
			default:
				ok = false
			}
		}
	})
	return early, ok
}
