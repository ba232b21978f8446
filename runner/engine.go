package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/go-version"
)

// EnvEngine names the engine binary to use, as --engine does.
const EnvEngine = "TFKIT_TERRAFORM"

// Flavor tells Terraform from OpenTofu.
type Flavor string

// The engines tfkit drives.
const (
	Terraform Flavor = "terraform"
	OpenTofu  Flavor = "opentofu"
)

// Minimum versions: apply of a saved plan file and `show -json` of it are
// older, but Terraform 1.1 is the floor hashicorp/terraform-exec sets for
// graceful interruption, which tfkit relies on, and OpenTofu starts at
// 1.6.
var minVersion = map[Flavor]*version.Version{
	Terraform: version.Must(version.NewVersion("1.1.0")),
	OpenTofu:  version.Must(version.NewVersion("1.6.0")),
}

// Engine is a terraform or tofu binary with its version.
type Engine struct {
	Path    string
	Flavor  Flavor
	Version *version.Version
}

// String returns "Terraform v1.11.4" or "OpenTofu v1.12.6".
func (e *Engine) String() string {
	name := "Terraform"
	if e.Flavor == OpenTofu {
		name = "OpenTofu"
	}
	return fmt.Sprintf("%s v%s", name, e.Version)
}

// Command is the name the engine is run by, as a user would type it in a
// shell ("terraform", "tofu"): the binary's file name, else its flavor.
func (e *Engine) Command() string {
	if e.Path == "" {
		return string(e.Flavor)
	}
	return strings.TrimSuffix(filepath.Base(e.Path), ".exe")
}

// Find returns the path of the engine: explicit (--engine) if given, else
// $TFKIT_TERRAFORM, else terraform on PATH, else tofu on PATH. PATH and
// TFKIT_TERRAFORM are read from environ, the environment the engine will
// run in.
func Find(explicit string, environ []string) (string, error) {
	return FindIn("", explicit, environ)
}

// FindIn is Find for a command that works in dir: a relative path in
// explicit (one with a slash, ./bin/terraform) is taken from dir, as
// tfkit --chdir DIR takes the paths of its command line. Errors name it as
// given.
func FindIn(dir, explicit string, environ []string) (string, error) {
	env := lookupEnv(environ)
	name, from := explicit, "--engine"
	if name == "" {
		name, from = env(EnvEngine), EnvEngine
	}
	if name != "" {
		look := name
		if explicit != "" && dir != "" && strings.ContainsRune(name, filepath.Separator) && !filepath.IsAbs(name) {
			look = filepath.Join(dir, name)
		}
		p, err := lookPath(look, env("PATH"))
		if err != nil {
			return "", fmt.Errorf("%s %s: %w", from, name, err)
		}
		return p, nil
	}
	for _, n := range []string{"terraform", "tofu"} {
		if p, err := lookPath(n, env("PATH")); err == nil {
			return p, nil
		}
	}
	return "", errors.New("neither terraform nor tofu is on PATH")
}

// lookPath finds name as exec.LookPath does, but in the given PATH: a name
// with a slash is taken as a path.
func lookPath(name, path string) (string, error) {
	if strings.ContainsRune(name, filepath.Separator) {
		if isExecutable(name) {
			return filepath.Abs(name)
		}
		return "", errors.New("not an executable file")
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, name)
		if isExecutable(p) {
			return filepath.Abs(p)
		}
	}
	return "", errors.New("not found on PATH")
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

func lookupEnv(environ []string) func(string) string {
	return func(name string) string {
		v := ""
		for _, kv := range environ {
			if k, val, ok := strings.Cut(kv, "="); ok && k == name {
				v = val // later entries win, as in exec.Cmd
			}
		}
		return v
	}
}

// Probe runs `<path> version -json` and returns the engine it describes.
// Terraform's answer has a "terraform_outdated" key that OpenTofu's lacks
// (both call the version "terraform_version"); that is how they are told
// apart, without a second run of the engine. A binary that answers
// otherwise, fails, or gives no answer within 30 seconds is not an engine,
// and an engine older than tfkit's minimum (Terraform 1.1, OpenTofu 1.6;
// Terraform before 0.13 answers in text) is too old: the error says which,
// and how to name another.
func Probe(ctx context.Context, path string, environ []string) (*Engine, error) {
	out, err := versionJSON(ctx, path, environ)
	if err != nil {
		return nil, err
	}
	return parseVersion(path, out)
}

func versionJSON(ctx context.Context, path string, environ []string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "version", "-json")
	cmd.Env = append(append([]string(nil), environ...), "CHECKPOINT_DISABLE=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second // a child left holding its output does not hold tfkit
	err := cmd.Run()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, fmt.Errorf("%s is not terraform or tofu: it gave no answer to `version -json` within %s; %s", path, probeTimeout, notAnEngine)
	case err != nil && ctx.Err() != nil:
		return nil, fmt.Errorf("%s version -json: %w", path, ctx.Err())
	case err != nil:
		// An old engine still says which it is on standard output.
		if _, oldErr := parseVersion(path, stdout.Bytes()); oldErr != nil && strings.Contains(oldErr.Error(), "too old") {
			return nil, oldErr
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(stdout.String())
		}
		if msg != "" {
			msg = ": " + firstLine([]byte(msg))
		}
		return nil, fmt.Errorf("%s is not terraform or tofu: `version -json` failed (%v%s); %s", path, err, msg, notAnEngine)
	}
	return JSONAnswer(stdout.Bytes()), nil
}

// JSONAnswer returns the JSON document of an engine's answer to a -json
// command. OpenTofu prints warnings about its CLI configuration (such as a
// TF_CLI_CONFIG_FILE naming a file that does not exist) on standard output
// ahead of the document, so the lines before the first one that opens a
// JSON object are passed over. An answer without such a line is returned
// as it is, for the caller to refuse.
func JSONAnswer(out []byte) []byte {
	for i := 0; i < len(out); {
		line := out[i:]
		if n := bytes.IndexByte(line, '\n'); n >= 0 {
			line = line[:n+1]
		}
		if t := bytes.TrimLeft(line, " \t\r"); len(t) > 0 && t[0] == '{' {
			return out[i:]
		}
		i += len(line)
	}
	return out
}

// probeTimeout bounds how long Probe waits for `version -json`, which the
// engines answer at once: a binary that does not answer is not one.
var probeTimeout = 30 * time.Second

// notAnEngine ends the message about a binary that does not answer
// `version -json` as Terraform and OpenTofu do.
const notAnEngine = "name a terraform or tofu binary with --engine PATH or " + EnvEngine

// ProbeCached is Probe with its answer kept in cacheFile, keyed by the
// binary's path, size and modification time: reading the version costs a
// run of the engine (about 60 ms for Terraform), more than the rest of
// tfkit's own work in a deploy. A cache that cannot be read or written is
// ignored.
func ProbeCached(ctx context.Context, path string, environ []string, cacheFile string) (*Engine, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s\x00%d\x00%d", path, fi.Size(), fi.ModTime().UnixNano())
	var cached struct {
		Key     string          `json:"key"`
		Version json.RawMessage `json:"version"`
	}
	if data, err := os.ReadFile(cacheFile); err == nil && json.Unmarshal(data, &cached) == nil && cached.Key == key {
		if e, err := parseVersion(path, cached.Version); err == nil {
			return e, nil
		}
	}
	out, err := versionJSON(ctx, path, environ)
	if err != nil {
		return nil, err
	}
	e, err := parseVersion(path, out)
	if err != nil {
		return nil, err
	}
	cached.Key, cached.Version = key, json.RawMessage(bytes.TrimSpace(out))
	if data, err := json.Marshal(cached); err == nil && os.MkdirAll(filepath.Dir(cacheFile), 0o755) == nil {
		_ = os.WriteFile(cacheFile, append(data, '\n'), 0o644)
	}
	return e, nil
}

func parseVersion(path string, data []byte) (*Engine, error) {
	var v struct {
		Version  string          `json:"terraform_version"`
		Outdated json.RawMessage `json:"terraform_outdated"`
	}
	if err := json.Unmarshal(data, &v); err != nil || v.Version == "" {
		// Terraform before 0.13 has no -json and prints its version as text.
		if m := oldVersionText.FindSubmatch(data); m != nil {
			if ver, err := version.NewVersion(string(m[2])); err == nil {
				flavor := Terraform
				if string(m[1]) == "OpenTofu" {
					flavor = OpenTofu
				}
				e := &Engine{Path: path, Flavor: flavor, Version: ver}
				if ver.Core().LessThan(minVersion[flavor]) {
					return nil, e.tooOld()
				}
			}
		}
		return nil, fmt.Errorf("%s is not terraform or tofu: it answers `version -json` with %q; %s", path, firstLine(data), notAnEngine)
	}
	ver, err := version.NewVersion(v.Version)
	if err != nil {
		return nil, fmt.Errorf("%s version -json: %w", path, err)
	}
	e := &Engine{Path: path, Flavor: OpenTofu, Version: ver}
	if v.Outdated != nil {
		e.Flavor = Terraform
	}
	if ver.Core().LessThan(minVersion[e.Flavor]) {
		return nil, e.tooOld()
	}
	return e, nil
}

// oldVersionText is the first line of `version` of an engine too old to
// answer in JSON.
var oldVersionText = regexp.MustCompile(`^(Terraform|OpenTofu) v(\S+)`)

// tooOld is the error for an engine older than tfkit's minimum.
func (e *Engine) tooOld() error {
	return fmt.Errorf("%s (%s) is too old: tfkit needs Terraform %s or later, or OpenTofu %s or later; upgrade it, or name another engine with --engine PATH or %s",
		e, e.Path, minVersion[Terraform], minVersion[OpenTofu], EnvEngine)
}

func firstLine(b []byte) string {
	// The first line with something on it: an answer may begin with
	// blank lines.
	s, _, _ := strings.Cut(strings.TrimLeft(string(b), " \t\r\n"), "\n")
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return s
}
