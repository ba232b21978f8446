package load

import (
	"fmt"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// builtinSchema is the schema of the built-in provider's resource and
// data source (terraform providers schema -json and tofu's say the same).
// The engines always know it, so eval checks against it even without
// schemas: terraform_remote_state's config written as a block, an
// argument these types do not have, and a read of an attribute they do
// not have are errors, as in terraform validate. Their values are not
// shaped by it (that is what --schema does for other providers): the
// view lists what the configuration sets, as for any resource without a
// schema, and eval stays as fast on configurations made of them.
var builtinSchema = schema.Builtin()

// builtinBlock is the schema of a resource (mode "managed" or
// "resource") or data source of the built-in provider, or nil: a type
// named terraform_* is the built-in provider's unless the block names
// another provider.
func builtinBlock(mode, typ string, hasProvider bool) *schema.Block {
	if hasProvider || !strings.HasPrefix(typ, "terraform_") {
		return nil
	}
	var r *schema.Resource
	switch mode {
	case "data":
		r = builtinSchema.DataSource(typ)
	case "managed", "resource":
		r = builtinSchema.Resource(typ)
	}
	if r == nil {
		return nil
	}
	return r.Block
}

// builtinBody reports arguments and blocks of a built-in resource or data
// source that its schema does not have, in the engines' words.
func (r *ruler) builtinBody(b *config.Block) {
	sch := builtinBlock(b.Type, b.Labels[0], attr(b.Body, "provider") != nil)
	if sch == nil {
		return
	}
	// Meta-arguments and blocks are checked where the other rules check
	// them.
	meta := map[string]bool{"count": true, "for_each": true, "depends_on": true, "provider": true, "lifecycle": true, "connection": true, "provisioner": true}
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if !meta[it.Name] && sch.Attribute(it.Name) == nil {
				r.add(diag.Error, it.Range, "Unsupported argument", fmt.Sprintf("An argument named %q is not expected here.", it.Name))
			}
		case *config.Block:
			if meta[it.Type] {
				continue
			}
			// A dynamic block stands for blocks of its label's type, and
			// the engines name that type, at the label.
			typ, rng := it.Type, it.DeclRange
			if typ == "dynamic" && len(it.Labels) == 1 {
				typ, rng = it.Labels[0], labelRange(it.DeclRange, it.Labels[0])
			}
			detail := fmt.Sprintf("Blocks of type %q are not expected here.", typ)
			if sch.Attribute(typ) != nil {
				detail += fmt.Sprintf(" Did you mean to define argument %q? If so, use the equals sign to assign it a value.", typ)
			}
			r.add(diag.Error, rng, "Unsupported block type", detail)
		}
	}
}
