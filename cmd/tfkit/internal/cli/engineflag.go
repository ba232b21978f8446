package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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

// engine is the engine named by the flag, else by $TFKIT_TERRAFORM, else
// the one deploy would run (terraform or tofu on PATH), else Terraform. A
// name is enough (terraform, tofu, /opt/bin/tofu, tofu-1.12, which need
// not exist); any other value must be an engine binary, whose version
// says which engine it is. Other values are an error that names where
// the value came from and what is accepted.
// dir is where a relative path given with the flag is taken from: the
// directory the command works in (--chdir's). TFKIT_TERRAFORM is the
// environment's, as the shell that set it sees it.
func (f engineFlag) dir(r *run) string {
	if f == "" {
		return ""
	}
	return r.dir
}

func (f engineFlag) engine(ctx context.Context, r *run) (tffile.Engine, error) {
	value, from := string(f), "--engine"
	if value == "" {
		value, from = lookupEnvIn(r.env.Environ, runner.EnvEngine), runner.EnvEngine
	}
	if value == "" {
		if p, err := runner.Find("", r.env.Environ); err == nil {
			return tffile.EngineOf(p), nil
		}
		return tffile.Terraform, nil
	}
	if e, ok := engineByName(value); ok {
		return e, nil
	}
	p, err := runner.FindIn(f.dir(r), value, r.env.Environ)
	if err != nil {
		if u := errors.Unwrap(err); u != nil {
			err = u // without Find's "--engine NAME: "
		}
		return "", fmt.Errorf("%s %s: no such engine (%v); %s takes terraform or tofu (opentofu too), or the path of a terraform or tofu binary", from, value, err, from)
	}
	e, err := runner.Probe(ctx, p, r.env.Environ)
	if err != nil {
		return "", fmt.Errorf("%s %s: not terraform or tofu (%v); %s takes terraform or tofu (opentofu too), or the path of a terraform or tofu binary", from, value, firstLine(err.Error()), from)
	}
	if e.Flavor == runner.OpenTofu {
		return tffile.OpenTofu, nil
	}
	return tffile.Terraform, nil
}

// version is the version of the engine binary the flag (or
// $TFKIT_TERRAFORM, or PATH) names, when there is one of engine e's kind
// ("1.11.4"); "" when there is none or it does not answer. The answer is
// kept in the user's cache directory (tfkit/engines), keyed by the
// binary's path, size and time, so that only the first command after an
// engine changes runs it.
func (f engineFlag) version(ctx context.Context, r *run, e tffile.Engine) string {
	value := string(f)
	if value == "" {
		value = lookupEnvIn(r.env.Environ, runner.EnvEngine)
	}
	p, err := runner.FindIn(f.dir(r), value, r.env.Environ)
	if err != nil {
		return ""
	}
	cache := ""
	if base, err := os.UserCacheDir(); err == nil {
		sum := sha256.Sum256([]byte(p))
		cache = filepath.Join(base, "tfkit", "engines", hex.EncodeToString(sum[:8])+".json")
	}
	var found *runner.Engine
	if cache != "" {
		found, err = runner.ProbeCached(ctx, p, r.env.Environ, cache)
	} else {
		found, err = runner.Probe(ctx, p, r.env.Environ)
	}
	if err != nil || (found.Flavor == runner.OpenTofu) != (e == tffile.OpenTofu) {
		return ""
	}
	return found.Version.String()
}

// resolve is engine for a command: a wrong --engine is a command-line
// error (exit 2), a wrong $TFKIT_TERRAFORM a failure (exit 1); either is
// reported, and the exit code returned.
func (f engineFlag) resolve(ctx context.Context, r *run, cmd string) (tffile.Engine, int) {
	e, err := f.engine(ctx, r)
	switch {
	case err == nil:
		return e, ExitOK
	case f != "":
		return "", usageError(r.stderr, commands[cmd], "%v", err)
	}
	r.errorf("", "%v", err)
	return "", ExitFailure
}

// engineByName tells the engine from a binary's name: terraform or tofu
// (opentofu), alone or followed by a version or suffix (terraform-1.9,
// tofu_1.12.6, terraform1.11), with or without .exe.
func engineByName(value string) (tffile.Engine, bool) {
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(value), ".exe"))
	for _, n := range []struct {
		prefix string
		engine tffile.Engine
	}{{"terraform", tffile.Terraform}, {"opentofu", tffile.OpenTofu}, {"tofu", tffile.OpenTofu}} {
		rest, ok := strings.CutPrefix(base, n.prefix)
		if ok && (rest == "" || !isLetter(rest[0])) {
			return n.engine, true
		}
	}
	return "", false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

// lookupEnvIn returns the value of name in environ ("" when unset).
func lookupEnvIn(environ []string, name string) string {
	v := ""
	for _, kv := range environ {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val
		}
	}
	return v
}
