package cli

import (
	"flag"

	"github.com/tfkit/tfkit/runner"
	"github.com/tfkit/tfkit/tffile"
)

// engineFlag is the --engine of the commands that read Terraform files
// without running an engine (eval, convert, validate): the engine whose
// files are read, since OpenTofu also reads .tofu and .tofu.json files and
// lets x.tofu hide x.tf.
type engineFlag string

func (f *engineFlag) register(fs *flag.FlagSet) {
	fs.StringVar((*string)(f), "engine", "", "read the files `ENGINE` reads: terraform, or tofu (.tofu files too); a path to either binary works as well (default: the engine deploy runs, found as it finds it)")
}

// engine is the engine named by the flag, else the one deploy would run
// ($TFKIT_TERRAFORM, terraform or tofu on PATH), else Terraform. Only its
// name is looked at: tofu is OpenTofu.
func (f engineFlag) engine(r *run) tffile.Engine {
	if f != "" {
		return tffile.EngineOf(string(f))
	}
	if p, err := runner.Find("", r.env.Environ); err == nil {
		return tffile.EngineOf(p)
	}
	return tffile.Terraform
}
