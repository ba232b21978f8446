package runner

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"

	"github.com/tfkit/tfkit/tffile"
)

// varOptions returns the -var options that give the engine the user's
// TF_VAR_ variables (env, by name without the prefix) as it would read
// them from its environment, which tfkit keeps from the engine's environment (see engineEnv).
// The engine ignores a TF_VAR_ variable the root module does not declare
// but refuses such a -var, and a variables file it reads itself
// (terraform.tfvars, *.auto.tfvars and their .json forms) wins over the
// environment but loses to -var; so only variables the configuration in
// dir declares and no such file sets are passed. The value is the text of
// the environment variable, which -var parses the same way (as a string
// for a string variable, as HCL otherwise).
func varOptions(dir string, flavor Flavor, env map[string]string) []string {
	if len(env) == 0 {
		return nil
	}
	declared, setByFiles := rootVariables(dir, flavor)
	var names []string
	for n := range env {
		if declared[n] && !setByFiles[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	opts := make([]string, 0, 2*len(names))
	for _, n := range names {
		opts = append(opts, "-var", n+"="+env[n])
	}
	return opts
}

// rootVariables returns the variables the configuration files in dir
// declare and those the variables files the engine reads on its own set.
// A file that does not parse is passed over: the engine reports it.
// OpenTofu also reads .tofu and .tofu.json files; Terraform does not.
func rootVariables(dir string, flavor Flavor) (declared, setByFiles map[string]bool) {
	declared, setByFiles = map[string]bool{}, map[string]bool{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return declared, setByFiles
	}
	p := hclparse.NewParser()
	for _, e := range entries {
		name := e.Name()
		// The engine passes over hidden files and editors' backups.
		if e.IsDir() || strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") || strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#") {
			continue
		}
		switch {
		case configFile(name, flavor):
			src, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				continue
			}
			cfg, _ := tffile.ReadHeaders(tffile.Source{Name: name, Src: src})
			if cfg == nil {
				continue
			}
			for _, b := range cfg.BlocksOfType("variable") {
				if len(b.Labels) == 1 {
					declared[b.Labels[0]] = true
				}
			}
		case isVariablesFile(name):
			file := parseFile(p, filepath.Join(dir, name))
			if file == nil {
				continue
			}
			attrs, _ := file.Body.JustAttributes()
			for n := range attrs {
				setByFiles[n] = true
			}
		}
	}
	return declared, setByFiles
}

func configFile(name string, flavor Flavor) bool {
	for _, ext := range []string{".tf", ".tf.json"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return flavor == OpenTofu && (strings.HasSuffix(name, ".tofu") || strings.HasSuffix(name, ".tofu.json"))
}

// parseFile parses a variables file (terraform.tfvars and the like): not a
// configuration file, so not one for the reader of those.
func parseFile(p *hclparse.Parser, path string) *hcl.File {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var file *hcl.File
	var diags hcl.Diagnostics
	if refused(src, path) {
		return nil
	}
	if strings.HasSuffix(path, ".json") {
		file, diags = p.ParseJSON(src, path)
	} else {
		file, diags = p.ParseHCL(src, path)
	}
	if diags.HasErrors() || file == nil {
		return nil
	}
	return file
}

func isVariablesFile(name string) bool {
	ok, _ := tffile.VariablesFile(name)
	return ok
}
