// Command pack stages tfkit's npm packages for publishing, the way esbuild
// ships its Go binary through npm: the main package "tfkit" (the type
// definitions and the bin/tfkit.js launcher from npm/) and one platform
// package per operating system and architecture, @tfkit/<platform>-<arch>
// (Node's names: linux, darwin, win32; x64, arm64), each holding the tfkit
// binary cross-built with CGO_ENABLED=0 and declaring its os and cpu. The
// main package lists every platform package as an optional dependency of
// its own version; npm installs only the one whose os and cpu match the
// machine, and the launcher runs the binary in it.
//
// Usage, from anywhere in the repository:
//
//	go run ./npm/pack -out dist/npm [-version 0.2.0] [-platforms linux/amd64,darwin/arm64|host] [-tgz]
//
// The main package's type definitions (*.d.ts) are copied from tsx/runtime,
// their one source (the binary embeds them too); its other files from npm/.
//
// The output has node_modules' layout: OUT/tfkit and OUT/@tfkit/linux-x64,
// ...; each of those directories is replaced as a whole. With -tgz, npm
// pack also writes each package as a tarball into OUT (tfkit-0.1.0.tgz,
// tfkit-linux-x64-0.1.0.tgz), which npm install OUT/*.tgz installs without
// a registry: the install from a checkout. Publish the
// platform packages first (npm publish OUT/@tfkit/*, then OUT/tfkit). pack
// never publishes, and writes nothing outside OUT.
//
// The version defaults to npm/package.json's; another one is written into
// the staged package.json files and linked into the binaries (tfkit
// version prints it). npm/package.json keeps the optional dependencies of
// every platform at its own version (the tests hold it to that). npm/ alone
// is not the package (it lacks the type definitions): publish what pack
// stages.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/tfkit/tfkit/internal/npmpkg"
)

// platform is one target of the binary, in Go's names.
type platform struct {
	goos, goarch string
}

// platforms are the targets published, in the order they are built.
var platforms = []platform{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// npmOS is Node's process.platform for the target: the package.json "os".
func (p platform) npmOS() string {
	if p.goos == "windows" {
		return "win32"
	}
	return p.goos
}

// npmCPU is Node's process.arch for the target: the package.json "cpu".
func (p platform) npmCPU() string {
	if p.goarch == "amd64" {
		return "x64"
	}
	return p.goarch
}

// pkgName is the platform package's name, the one bin/tfkit.js looks for.
func (p platform) pkgName() string { return "@tfkit/" + p.npmOS() + "-" + p.npmCPU() }

// exe is the binary's file name.
func (p platform) exe() string {
	if p.goos == "windows" {
		return "tfkit.exe"
	}
	return "tfkit"
}

func (p platform) String() string { return p.goos + "/" + p.goarch }

func parsePlatforms(s string) ([]platform, error) {
	if s == "" {
		return platforms, nil
	}
	var out []platform
	for _, name := range strings.Split(s, ",") {
		if strings.TrimSpace(name) == "host" {
			name = runtime.GOOS + "/" + runtime.GOARCH
		}
		found := false
		for _, p := range platforms {
			if p.String() == strings.TrimSpace(name) {
				out, found = append(out, p), true
			}
		}
		if !found {
			var known []string
			for _, p := range platforms {
				known = append(known, p.String())
			}
			return nil, fmt.Errorf("unknown platform %q; pack builds %s (host: the machine's own)", name, strings.Join(known, ", "))
		}
	}
	return out, nil
}

// options say what to stage.
type options struct {
	repo      string // the repository root (holds go.mod, cmd/tfkit and npm/)
	out       string
	version   string // "" for npm/package.json's
	platforms []platform
	tarballs  bool // also write npm pack's tarballs into out
	log       io.Writer
}

var semver = regexp.MustCompile(`^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$`)

// stage writes the packages into opts.out.
func stage(opts options) error {
	src, err := os.ReadFile(filepath.Join(opts.repo, "npm", "package.json"))
	if err != nil {
		return err
	}
	pkg, err := parseObject(src)
	if err != nil {
		return fmt.Errorf("npm/package.json: %w", err)
	}
	version := opts.version
	if version == "" {
		if err := json.Unmarshal(pkg.get("version"), &version); err != nil {
			return fmt.Errorf("npm/package.json: no version: %w", err)
		}
	}
	if !semver.MatchString(version) {
		return fmt.Errorf("version %q is not a semantic version such as 1.2.3", version)
	}
	var files []string
	if err := json.Unmarshal(pkg.get("files"), &files); err != nil {
		return fmt.Errorf("npm/package.json: files: %w", err)
	}

	deps := object{}
	for _, p := range opts.platforms {
		dir := filepath.Join(opts.out, filepath.FromSlash(p.pkgName()))
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		fmt.Fprintf(opts.log, "building %s into %s\n", p, dir)
		if err := buildBinary(opts.repo, p, version, filepath.Join(dir, "bin", p.exe())); err != nil {
			return err
		}
		if err := writePlatformPackage(dir, p, version); err != nil {
			return err
		}
		deps.set(p.pkgName(), mustJSON(version))
	}

	dir := filepath.Join(opts.out, "tfkit")
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	fmt.Fprintf(opts.log, "staging tfkit %s into %s\n", version, dir)
	for _, f := range files {
		// The type definitions come from tsx/runtime, their one source.
		if err := npmpkg.Copy(npmpkg.Source(opts.repo, f), filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			return err
		}
	}
	pkg.set("version", mustJSON(version))
	pkg.set("optionalDependencies", mustJSON(deps))
	if err := writeJSON(filepath.Join(dir, "package.json"), pkg); err != nil {
		return err
	}
	if !opts.tarballs {
		return nil
	}
	dirs := []string{dir}
	for _, p := range opts.platforms {
		dirs = append(dirs, filepath.Join(opts.out, filepath.FromSlash(p.pkgName())))
	}
	for _, d := range dirs {
		name, err := packTarball(d, opts.out)
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.log, "packed %s\n", filepath.Join(opts.out, name))
	}
	return nil
}

// packTarball runs npm pack in a staged package directory, writing the
// tarball (tfkit-0.1.0.tgz, tfkit-linux-x64-0.1.0.tgz) into out, and
// returns its file name. Installing the tarballs of the main package and of
// the machine's platform package together (npm install ./*.tgz) is the
// published install, without a registry.
func packTarball(dir, out string) (string, error) {
	cmd := exec.Command("npm", "pack", "--pack-destination", out, "--ignore-scripts", "--silent")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false", "npm_config_fund=false")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("npm pack in %s: %w\n%s", dir, err, stderr.Bytes())
	}
	lines := strings.Fields(stdout.String())
	if len(lines) == 0 {
		return "", fmt.Errorf("npm pack in %s named no tarball", dir)
	}
	return lines[len(lines)-1], nil
}

// buildBinary cross-builds cmd/tfkit for p: static (CGO_ENABLED=0),
// without local paths (-trimpath), stripped, with the version linked in.
func buildBinary(repo string, p platform, version, out string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w -X main.version=v"+version, "-o", out, "./cmd/tfkit")
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+p.goos, "GOARCH="+p.goarch)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build for %s: %w\n%s", p, err, stderr.Bytes())
	}
	return nil
}

func writePlatformPackage(dir string, p platform, version string) error {
	pkg := object{}
	pkg.set("name", mustJSON(p.pkgName()))
	pkg.set("version", mustJSON(version))
	pkg.set("description", mustJSON(fmt.Sprintf("The tfkit binary for %s; the tfkit package installs it as an optional dependency", p)))
	pkg.set("license", mustJSON("MPL-2.0"))
	pkg.set("os", mustJSON([]string{p.npmOS()}))
	pkg.set("cpu", mustJSON([]string{p.npmCPU()}))
	pkg.set("files", mustJSON([]string{"bin/" + p.exe(), "README.md"}))
	pkg.set("preferUnplugged", mustJSON(true))
	if err := writeJSON(filepath.Join(dir, "package.json"), pkg); err != nil {
		return err
	}
	readme := fmt.Sprintf("# %s\n\nThe `tfkit` binary for %s. Install the `tfkit` package instead: it depends on\nthis one where it fits the machine, and its `tfkit` command runs this binary.\n", p.pkgName(), p)
	return os.WriteFile(filepath.Join(dir, "README.md"), []byte(readme), 0o644)
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

func mustJSON(v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

// object is a JSON object that keeps the order of its keys, so that a
// staged package.json reads like the one it was made from.
type object []member

type member struct {
	key   string
	value json.RawMessage
}

func (o object) get(key string) json.RawMessage {
	for _, m := range o {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// set replaces the value of key in place, or appends it.
func (o *object) set(key string, value json.RawMessage) {
	for i, m := range *o {
		if m.key == key {
			(*o)[i].value = value
			return
		}
	}
	*o = append(*o, member{key, value})
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// parseObject reads a JSON object, keeping its keys in order.
func parseObject(data []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var o object
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o = append(o, member{t.(string), v})
	}
	return o, nil
}

// repoRoot finds the repository: the directory of the main module's go.mod.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside the tfkit module: run pack from the repository")
	}
	return filepath.Dir(gomod), nil
}

func main() {
	out := flag.String("out", "", "write the packages into `DIR` (required)")
	version := flag.String("version", "", "the packages' `VERSION` (default: npm/package.json's)")
	only := flag.String("platforms", "", "build only these comma-separated `GOOS/GOARCH` targets, or host for this machine's (default: all)")
	tgz := flag.Bool("tgz", false, "also write each package as a tarball into DIR with npm pack, installable with npm install DIR/*.tgz")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./npm/pack -out DIR [-version VERSION] [-platforms GOOS/GOARCH,...|host] [-tgz]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ps, err := parsePlatforms(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(2)
	}
	repo, err := repoRoot()
	if err == nil {
		var abs string
		abs, err = filepath.Abs(*out)
		if err == nil {
			err = stage(options{repo: repo, out: abs, version: *version, platforms: ps, tarballs: *tgz, log: os.Stderr})
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(1)
	}
}
