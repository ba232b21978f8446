package tfkittest_test

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/tfkittest"
)

// TestExprOfAnotherStack: an expression made with a handle (pet.Ref("id"),
// tfkit.Fn("upper", pet.Ref("id"))) compares as the handle does: it
// matches a reference to that stack's element, and not one to the element
// of the same address in another stack, in either direction. An
// expression made from text (tfkit.Raw) has no stack and compares as text.
func TestExprOfAnotherStack(t *testing.T) {
	app := tfkit.NewApp()
	network := tfkit.NewStack(app, "network")
	pet := tfkit.NewResource(network, "random_pet", "name", nil)
	web := tfkit.NewStack(app, "web")
	own := tfkit.NewResource(web, "random_pet", "name", nil)
	tfkit.NewResource(web, "terraform_data", "names", tfkit.Attrs{
		"theirs": pet.Ref("id"),
		"mine":   own.Ref("id"),
		"loud":   tfkit.Fn("upper", pet.Ref("id")),
		"quiet":  tfkit.Fn("lower", own.Ref("id")),
	})
	s := tfkittest.Synth(t, web)

	r := capture(t, func(tb testing.TB) {
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{
			"theirs": pet.Ref("id"),
			"mine":   own.Ref("id"),
			"loud":   tfkit.Fn("upper", pet.Ref("id")),
			"quiet":  tfkit.Fn("lower", own.Ref("id")),
		})
		// Text names no stack: it matches what reads the address.
		s.HasResourceWithProperties(tb, "terraform_data", map[string]any{
			"theirs": tfkit.Raw("random_pet.name.id"),
			"mine":   tfkit.Raw("random_pet.name.id"),
		})
	})
	if len(r.errors) > 0 {
		t.Fatalf("assertions failed:\n%s", strings.Join(r.errors, "\n"))
	}

	read := `"${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id}" (reading stack network's random_pet.name.id)`
	for _, c := range []struct {
		name  string
		props map[string]any
		want  string
	}{
		{"own reference for theirs", map[string]any{"theirs": own.Ref("id")},
			`theirs: got ` + read + `, want "${random_pet.name.id}"`},
		{"their reference for own", map[string]any{"mine": pet.Ref("id")},
			`mine: got "${random_pet.name.id}", want "${random_pet.name.id}" reading stack network's random_pet.name (through terraform_remote_state)`},
		{"own reference in a call for theirs", map[string]any{"loud": tfkit.Fn("upper", own.Ref("id"))},
			`loud: got "${upper(data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id)}" (reading stack network's random_pet.name.id), want "${upper(random_pet.name.id)}"`},
		{"typed value of own reference for theirs", map[string]any{"theirs": tfkit.As[string](own.Ref("id"))},
			`theirs: got ` + read + `, want "${random_pet.name.id}"`},
		{"their reference in a call for own", map[string]any{"quiet": tfkit.Fn("lower", pet.Ref("id"))},
			`quiet: got "${lower(random_pet.name.id)}", want "${lower(random_pet.name.id)}" reading stack network's random_pet.name (through terraform_remote_state)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := capture(t, func(tb testing.TB) { s.HasResourceWithProperties(tb, "terraform_data", c.props) })
			want := "stack web has no resource terraform_data with these properties; the closest, terraform_data.names, differs at:\n  " + c.want
			if len(r.errors) != 1 || r.errors[0] != want {
				t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), want)
			}
		})
	}
}
