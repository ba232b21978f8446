// Command local is a tfkit app that Terraform applies offline: it uses only
// the null, random, local and time providers and the built-in
// terraform_data, and writes its files under the stack's directory.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit"
)

func main() {
	app := tfkit.NewApp()
	build(tfkit.NewStack(app, "local"))
	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func build(s *tfkit.Stack) {
	tfkit.NewTerraform(s, tfkit.TerraformConfig{RequiredVersion: ">= 1.5"})
	// No provider needs configuration, so no provider blocks: only their
	// sources and versions, in the terraform block.
	s.RequireProvider("null", "hashicorp/null", "2.1.2")
	s.RequireProvider("random", "hashicorp/random", "3.9.0")
	s.RequireProvider("local", "hashicorp/local", "2.9.0")
	s.RequireProvider("time", "hashicorp/time", "0.14.2")

	greeting := tfkit.NewVariable(s, "greeting", tfkit.VariableConfig{
		Type:        "string",
		Default:     "Hello",
		Description: "The word to greet the pet with.",
	})
	petLength := tfkit.NewVariable(s, "pet_length", tfkit.VariableConfig{
		Type:    "number",
		Default: 2,
		Validations: []tfkit.Condition{{
			Condition:    tfkit.Op(tfkit.Op(tfkit.Var("pet_length"), ">=", 1), "&&", tfkit.Op(tfkit.Var("pet_length"), "<=", 5)),
			ErrorMessage: "The pet name has one to five words.",
		}},
	})
	files := tfkit.NewVariable(s, "files", tfkit.VariableConfig{
		Type:    "map(string)",
		Default: map[string]string{"first.txt": "one", "second.txt": "two"},
	})

	pet := tfkit.NewResource(s, "random_pet", "name", tfkit.Attrs{"length": petLength})
	created := tfkit.NewResource(s, "time_static", "created", tfkit.Attrs{
		"triggers": map[string]any{"name": pet.Ref("id")},
	})
	// The resource used to be called time_static.start.
	tfkit.NewMoved(s, "time_static.start", created)

	locals := tfkit.NewLocals(s, tfkit.Attrs{
		"out_dir": "${path.module}/out",
		// An expression formatted into a string is an interpolation.
		"message": fmt.Sprintf("%s, %s!", greeting.Ref(), pet.Ref("id")),
	})

	greetingFile := tfkit.NewResource(s, "local_file", "greeting", tfkit.Attrs{
		"filename":        fmt.Sprintf("%s/greeting.txt", locals.Ref("out_dir")),
		"content":         tfkit.Fn("format", "%s\n", locals.Ref("message")),
		"file_permission": "0644",
	})
	fileSet := tfkit.NewResource(s, "local_file", "files", tfkit.Attrs{
		"filename": "${local.out_dir}/${each.key}",
		"content":  tfkit.EachValue,
	}).ForEach(files)

	suffix := tfkit.NewResource(s, "random_string", "suffix", tfkit.Ordered(
		"length", 6,
		"special", false,
		"upper", false,
	)).Count(2)

	tfkit.NewResource(s, "null_resource", "marker", tfkit.Attrs{
		"triggers": map[string]any{
			"pet":    pet.Ref("id"),
			"suffix": suffix.Ref("").Index(tfkit.CountIndex).Attr("result"),
		},
	}).
		Count(2).
		DependsOn(greetingFile).
		Provisioner(tfkit.Provisioner{
			Type:   "local-exec",
			Config: tfkit.Attrs{"command": "echo marker ${self.id}"},
		})

	tfkit.NewResource(s, "terraform_data", "summary", tfkit.Attrs{
		"input": map[string]any{
			"pet":      pet.Ref("id"),
			"suffixes": tfkit.Splat(suffix, "result"),
			"created":  created.Ref("rfc3339"),
		},
		"triggers_replace": []any{created.Ref("id")},
	}).Lifecycle(tfkit.Lifecycle{
		CreateBeforeDestroy: true,
		Postconditions: []tfkit.Condition{{
			Condition:    tfkit.Op(tfkit.Fn("length", tfkit.Self("output").Attr("suffixes")), "==", 2),
			ErrorMessage: "Expected two suffixes.",
		}},
	})

	tfkit.NewCheck(s, "pet_name", tfkit.Condition{
		Condition:    tfkit.Op(tfkit.Fn("length", tfkit.Fn("split", "-", pet.Ref("id"))), "==", petLength),
		ErrorMessage: "The pet name does not have the requested number of words.",
	})

	tfkit.NewOutput(s, "pet_name", tfkit.OutputConfig{Value: pet.Ref("id"), Description: "The generated pet name."})
	tfkit.NewOutput(s, "greeting_file", tfkit.OutputConfig{Value: greetingFile.Ref("filename")})
	f := tfkit.For("name, file", fileSet)
	tfkit.NewOutput(s, "file_ids", tfkit.OutputConfig{Value: f.Map(f.Key(), f.Value().Attr("id"))})
	tfkit.NewOutput(s, "created", tfkit.OutputConfig{Value: created.Ref("rfc3339")})
}
