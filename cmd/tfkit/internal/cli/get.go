package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tfkit/tfkit/internal/codegen/golang"
	"github.com/tfkit/tfkit/internal/codegen/typescript"
	"github.com/tfkit/tfkit/internal/outdir"
	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/runner"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

func init() {
	register(&command{
		name:     "get",
		synopsis: "Generate typed bindings for the project's providers",
		usage:    "get [--schema FILE.json | --provider-binary PATH [--provider-source ADDR]] [--out DIR] [--lang go|ts] [--force] [--engine PATH]",
		help: `
Generates one Go package of typed bindings per provider into the output
directory (--out, else "codeMakerOutput" of tfkit.json, else .gen):
DIR/<provider>/zz_*.go. With --lang ts it writes TypeScript declarations
for the TSX front end instead, DIR/<provider>/index.d.ts: include them in
the TypeScript project and <Resource type="..."> takes the schema's props.
The language is --lang, else "language" of tfkit.json ("go", or
"typescript" as in cdktf.json), else go.

With --schema, the schemas come from a file written by
'terraform providers schema -json' and no engine runs. With
--provider-binary, tfkit starts that provider plugin and asks it for its
schema over the plugin protocol (5 or 6), as the engine would, and no
engine runs: bindings for a provider you are writing come straight from
its build. Its source address is --provider-source (such as
tfkit/docstore), else what its path in a filesystem mirror says
(.../registry.terraform.io/NAMESPACE/NAME/VERSION/OS_ARCH/...). Otherwise the
providers are those of "providers" in tfkit.json (or CDK for Terraform's
"terraformProviders", in tfkit.json or cdktf.json), such as
"hashicorp/random@~> 3.0": tfkit writes them into a temporary
workspace, runs init (your CLI config, TF_CLI_CONFIG_FILE and mirrors apply)
and 'providers schema -json' with $TFKIT_TERRAFORM, terraform or tofu.

The schemas are kept in DIR/.tfkit-schemas.json for tfkit validate.
Generation is cached in DIR/.tfkit-get.json: a provider whose schema (and
version constraint) is unchanged is not generated again, and when the
constraints in tfkit.json are unchanged no engine runs at all. So a
floating constraint ("~> 3.0") keeps the version the last get installed
even after a newer release: --force asks the engine again and regenerates
everything.

Entries of "modules" (or "terraformModules") get a package too, generated
from their variable and output blocks: local sources (./ or ../) are read
in place, others are installed by the engine's init and read from
.terraform/modules. Sources are written into module calls as given.
DIR/.tfkit-get.json lists the module packages beside the providers'.
With --lang ts a module gets DIR/<module>/index.d.ts: <Module source="...">
with that source takes the module's inputs as props.`,
		setup: setupGet,
	})
}

type getOptions struct {
	schema string
	binary string
	source string
	out    string
	lang   string
	engine string
	force  bool
}

func setupGet(fs *flag.FlagSet) func(context.Context, *run, []string) int {
	o := &getOptions{}
	fs.StringVar(&o.schema, "schema", "", "read provider schemas from `FILE.json` (terraform providers schema -json) instead of running the engine")
	fs.StringVar(&o.binary, "provider-binary", "", "ask the provider plugin at `PATH` for its schema instead of running the engine")
	fs.StringVar(&o.source, "provider-source", "", "the source `ADDRESS` of --provider-binary, such as tfkit/docstore")
	fs.StringVar(&o.out, "out", "", "write bindings to `DIR` (relative to the project directory)")
	fs.StringVar(&o.lang, "lang", "", "generate bindings for `go` or ts (TypeScript declarations); default: \"language\" of tfkit.json, else go")
	fs.StringVar(&o.engine, "engine", "", "run `PATH` (terraform or tofu) instead of $TFKIT_TERRAFORM, terraform or tofu on PATH")
	fs.BoolVar(&o.force, "force", false, "regenerate even when the cache says the bindings are up to date")
	return func(ctx context.Context, r *run, args []string) int {
		return runGet(ctx, r, o, args)
	}
}

// getCacheFile records what the last get generated, in the output directory.
const getCacheFile = ".tfkit-get.json"

// getSchemaFile keeps the schemas the last get generated from, in the
// output directory, for tfkit validate.
const getSchemaFile = ".tfkit-schemas.json"

// getCache is the content of getCacheFile.
type getCache struct {
	// Constraints is the hash of the provider constraints that were
	// resolved with the engine; empty after a get from a schema file.
	Constraints string `json:"constraints,omitempty"`
	// Providers are the generated packages, sorted by package.
	Providers []cachedProvider `json:"providers"`
	// Modules are the packages generated for the project's modules,
	// local and installed, sorted by package.
	Modules []cachedModule `json:"modules,omitempty"`
}

type cachedModule struct {
	Source  string `json:"source"`
	Version string `json:"version,omitempty"`
	Package string `json:"package"`
}

type cachedProvider struct {
	Source  string `json:"source"`
	Package string `json:"package"`
	// Key is the hash of everything the package was generated from.
	Key string `json:"key"`
}

func runGet(ctx context.Context, r *run, o *getOptions, args []string) int {
	cmd := commands["get"]
	if len(args) > 0 {
		return usageError(r.stderr, cmd, "unexpected argument %q", args[0])
	}
	lang, ok := bindingLanguage(o.lang)
	if o.lang != "" && !ok {
		return usageError(r.stderr, cmd, "--lang must be go or ts, not %q", o.lang)
	}

	if o.schema != "" && o.binary != "" {
		return usageError(r.stderr, cmd, "give --schema or --provider-binary, not both")
	}
	if o.source != "" && o.binary == "" {
		return usageError(r.stderr, cmd, "--provider-source names the provider of --provider-binary")
	}
	if o.engine != "" {
		if _, err := engineFlag(o.engine).engine(ctx, r); err != nil {
			return usageError(r.stderr, cmd, "%v", err)
		}
	}
	// modules generates the bindings of the project's modules, read as
	// the engine reads them.
	modules := func(proj *project.Config, out, lang string) int {
		engine, err := engineFlag(o.engine).engine(ctx, r)
		if err != nil {
			r.errorf("", "%v", err)
			return ExitFailure
		}
		return getModules(r, proj, out, lang, engine)
	}
	// noEngine: the schemas come from a file or a plugin, not the engine.
	noEngine := o.schema != "" || o.binary != ""
	proj, code := loadGetProject(r, !noEngine)
	if code != ExitOK {
		return code
	}
	if proj != nil {
		// Checked before anything is written: two modules in one package
		// directory would leave only the second one's bindings.
		if err := checkModulePackages(proj.TerraformModules); err != nil {
			r.errorf(`give one of them a "name": {"name": "net2", "source": "./b/net"}`, "%s: %v", proj.File, err)
			return ExitFailure
		}
		if !noEngine {
			if hint, err := checkProviderNames(proj.TerraformProviders); err != nil {
				r.errorf(hint, "%s: %v", proj.File, err)
				return ExitFailure
			}
		}
	}
	if o.lang == "" {
		lang = "go"
		if proj != nil && proj.Language != "" {
			if lang, ok = bindingLanguage(proj.Language); !ok {
				r.errorf(`set "language" to "go" or "typescript", or give --lang`, "%s: tfkit generates go or typescript bindings, not %q", proj.File, proj.Language)
				return ExitFailure
			}
		}
	}
	out := o.out
	if out == "" {
		out = proj.BindingsDir()
	}
	if !filepath.IsAbs(out) {
		out = filepath.Join(r.dir, out)
	}
	versions := map[string]string{}
	if proj != nil {
		for _, d := range proj.TerraformProviders {
			versions[sourceKey(d.Source)] = d.Version
		}
	}
	cache := readGetCache(out)

	var data []byte
	var providers []*schema.Provider // read from data already, when not nil
	var constraints string
	var harvested []harvestedModule
	if o.binary != "" {
		var err error
		if data, err = schemaFromBinary(ctx, r.dir, o.binary, o.source); err != nil {
			r.errorf(providerBinaryHint(err), "%v", err)
			return ExitFailure
		}
	} else if o.schema != "" {
		path := o.schema
		if !filepath.IsAbs(path) {
			path = filepath.Join(r.dir, path)
		}
		var err error
		if data, err = os.ReadFile(path); err != nil {
			r.errorf("", "read schema: %v", err)
			return ExitFailure
		}
		// Read here for messages naming the file, the line and the place
		// in the document, and kept for generating.
		if providers, err = r.readSchemaFile(o.schema); err != nil {
			r.errorf("give the output of 'terraform providers schema -json'", "%v", err)
			return ExitFailure
		}
		if len(providers) == 0 {
			r.errorf("give the output of 'terraform providers schema -json' in a directory whose configuration requires the providers", "%s holds no provider schemas", o.schema)
			return ExitFailure
		}
	} else {
		remote := remoteModules(proj.TerraformModules)
		if len(proj.TerraformProviders) == 0 && len(proj.TerraformModules) == 0 {
			r.errorf(`add "providers": ["hashicorp/random@~> 3.0"] to `+proj.File+", or give --schema FILE.json", "%s names no providers", proj.File)
			return ExitFailure
		}
		if len(proj.TerraformProviders) == 0 && len(remote) == 0 {
			return modules(proj, out, lang)
		}
		constraints = constraintsKey(proj.TerraformProviders, remote, generatorID(r.env.Version))
		if lang != "go" {
			constraints = hashOf(constraints, "lang "+lang)
		}
		if !o.force && cache.Constraints == constraints && cache.present(out) {
			r.printf("Bindings are up to date: the providers and modules in %s are unchanged since the last get (--force regenerates).\n", proj.File)
			switch f := floating(proj.TerraformProviders); len(f) {
			case 0:
			case 1:
				r.printf("%s has a floating constraint: the version the last get installed is kept (--force looks for a newer release).\n", f[0])
			default:
				r.printf("%s have floating constraints: the versions the last get installed are kept (--force looks for newer releases).\n", strings.Join(f, ", "))
			}
			return modules(proj, out, lang)
		}
		var err error
		if data, harvested, err = fetchSchemas(ctx, r, o.engine, proj.TerraformProviders, remote); err != nil {
			var ie *getInitError
			if errors.As(err, &ie) {
				r.errorf(ie.hint(), "%v", err)
			} else {
				r.errorf("", "%v", err)
			}
			return ExitFailure
		}
	}
	next := &getCache{}
	if len(data) > 0 {
		var err error
		if next, err = generateBindings(r, out, data, providers, versions, cache, o.force, lang, noEngine); err != nil {
			var he *hintedError
			if errors.As(err, &he) {
				r.errorf(he.hint, "%v", err)
			} else {
				r.errorf("", "%v", err)
			}
			return ExitFailure
		}
		if noEngine {
			// A schema file adds to what earlier runs generated into
			// the same directory; the project's providers replace it.
			if data, err = keepEarlierSchemas(out, data, cache, next); err != nil {
				r.errorf("", "%v", err)
				return ExitFailure
			}
		}
	}
	for _, h := range harvested {
		if err := checkModuleProviderPackage(h.dep, next.Providers); err != nil {
			r.errorf(moduleNameHint(h.dep), "%v", err)
			return ExitFailure
		}
		pkg, err := writeModule(r, out, h.dep, h.module, lang)
		if err != nil {
			r.errorf("", "module %s: %v", h.dep.Source, err)
			return ExitFailure
		}
		next.Modules = append(next.Modules, cachedModule{Source: h.dep.Source, Version: h.dep.Version, Package: pkg})
	}
	if noEngine && len(next.Modules) == 0 {
		// No engine ran to install modules: keep what earlier runs generated.
		next.Modules = cache.Modules
	}
	sort.Slice(next.Modules, func(i, j int) bool { return next.Modules[i].Package < next.Modules[j].Package })
	next.Constraints = constraints
	if err := writeGetCache(out, next); err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}
	if len(data) > 0 {
		if err := writeFileAtomic(filepath.Join(out, getSchemaFile), data); err != nil {
			r.errorf("", "%v", err)
			return ExitFailure
		}
	}
	if proj != nil {
		if noEngine {
			for _, d := range remoteModules(proj.TerraformModules) {
				r.warnf("module %s: skipped; with --schema no engine runs to install it (run tfkit get without --schema)", d.Source)
			}
		}
		return modules(proj, out, lang)
	}
	return ExitOK
}

// floating returns the providers whose version constraint admits more
// than one version ("~> 3.0", ">= 1.2", none), written "source (constraint)".
func floating(deps []project.Dependency) []string {
	var out []string
	for _, d := range deps {
		if !exactVersion(d.Version) {
			c := d.Version
			if c == "" {
				c = "any version"
			}
			out = append(out, d.Source+" ("+c+")")
		}
	}
	return out
}

// generatorID names the generator in the cache keys of get: the version
// of tfkit, and for a development build, whose version ("(devel)") does not
// change when its generator does, also the Go build ID of the running
// binary. The build ID is a hash of what was linked, so a rebuilt tfkit
// regenerates what an older build wrote instead of calling it up to date,
// while the same sources linked again (each `go run` links anew) keep it.
// A binary without one is named by its size and modification time.
func generatorID(version string) string {
	if version != "" && version != "(devel)" {
		return version
	}
	exe, err := os.Executable()
	if err != nil {
		return version
	}
	if id := goBuildID(exe); id != "" {
		return version + " " + id
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return version
	}
	return fmt.Sprintf("%s %d %d", version, fi.Size(), fi.ModTime().UnixNano())
}

// goBuildID reads the Go build ID of an executable, as `go tool buildid`
// prints it: from the ELF note the linker writes, else from the marker at
// the start of the text of other formats. It returns "" when there is none.
func goBuildID(exe string) string {
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 32<<10)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if bytes.HasPrefix(head, []byte(elf.ELFMAG)) {
		ef, err := elf.NewFile(f)
		if err != nil {
			return ""
		}
		sec := ef.Section(".note.go.buildid")
		if sec == nil {
			return ""
		}
		note, err := sec.Data()
		// namesz, descsz, type, then the name "Go\x00\x00" and the ID.
		if err != nil || len(note) < 16 || string(note[12:16]) != "Go\x00\x00" {
			return ""
		}
		size := int(ef.ByteOrder.Uint32(note[4:8]))
		if 16+size > len(note) {
			return ""
		}
		return string(note[16 : 16+size])
	}
	const marker = "\xff Go build ID: \""
	i := bytes.Index(head, []byte(marker))
	if i < 0 {
		return ""
	}
	rest := head[i+len(marker):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return ""
	}
	return string(rest[:j])
}

// exactVersion reports whether a constraint names one version: "3.6.0",
// "= 3.6.0", or "3.6" (which is 3.6.0).
func exactVersion(c string) bool {
	c = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c), "="))
	return c != "" && !strings.ContainsAny(c, "<>~!,")
}

// isLocalModule reports whether a module source is a local path that tfkit
// reads itself; every other source goes through the engine's init.
func isLocalModule(source string) bool {
	return strings.HasPrefix(source, "./") || strings.HasPrefix(source, "../")
}

func remoteModules(deps []project.Dependency) []project.Dependency {
	var out []project.Dependency
	for _, d := range deps {
		if !isLocalModule(d.Source) {
			out = append(out, d)
		}
	}
	return out
}

// moduleName is the local name of a module entry: its "name", else the
// last part of its source that names something (vpc for
// terraform-aws-modules/vpc/aws, net for ./modules/net).
func moduleName(d project.Dependency) string {
	if d.Name != "" {
		return d.Name
	}
	src := strings.TrimSuffix(d.Source, "/")
	if i := strings.Index(src, "//"); i >= 0 && !strings.Contains(src[:i], ":") {
		src = src[i+2:] // a subdirectory of a package
	}
	parts := strings.Split(src, "/")
	switch {
	case isLocalModule(src):
		// ./sg/modules/http-80 is a path, not host/namespace/name/provider.
	case len(parts) == 3 && !strings.ContainsAny(parts[0], ".:"):
		return parts[1] // registry address namespace/name/provider
	case len(parts) == 4 && strings.Contains(parts[0], ".") && !strings.Contains(parts[0], ":"):
		return parts[2] // host/namespace/name/provider
	}
	return parts[len(parts)-1]
}

// checkModulePackages reports two module entries that would be generated
// into the same package directory.
func checkModulePackages(deps []project.Dependency) error {
	seen := map[string]string{} // package → source
	for _, d := range deps {
		pkg := golang.PackageName(moduleName(d))
		if other, dup := seen[pkg]; dup {
			return fmt.Errorf("modules %s and %s would share the package %s", other, d.Source, pkg)
		}
		seen[pkg] = d.Source
	}
	return nil
}

// checkModuleProviderPackage reports a module entry whose package would
// be the directory of a provider's bindings: writing it would replace them.
func checkModuleProviderPackage(d project.Dependency, providers []cachedProvider) error {
	pkg := golang.PackageName(moduleName(d))
	for _, p := range providers {
		if p.Package == pkg {
			return fmt.Errorf("module %s would be generated into the package %s, which holds the bindings of the provider %s, and replace them", d.Source, pkg, golang.ShortSource(p.Source))
		}
	}
	return nil
}

// moduleNameHint says how to give a module entry a package of its own.
func moduleNameHint(d project.Dependency) string {
	name := golang.PackageName(moduleName(d)) + "mod"
	return fmt.Sprintf(`give the module a "name" in the project file: {"name": %q, "source": %q}`, name, d.Source)
}

// checkProviderNames reports two provider entries with one local name
// (the "name", else the last part of the source): the engine's
// required_providers would keep only one of them. It returns a hint with
// the error.
func checkProviderNames(deps []project.Dependency) (string, error) {
	seen := map[string]project.Dependency{}
	for _, d := range deps {
		name := providerLocalName(d)
		other, dup := seen[name]
		if !dup {
			seen[name] = d
			continue
		}
		if sourceKey(other.Source) == sourceKey(d.Source) {
			return "keep one entry, with the version constraint you want", fmt.Errorf("the provider %s is listed twice", d.Source)
		}
		alt := golang.PackageName(schemaNamespace(d.Source) + name)
		return fmt.Sprintf(`a local name can have one source: give one of them another "name": {"name": %q, "source": %q}`, alt, d.Source),
			fmt.Errorf("providers %s and %s both have the local name %q", other.Source, d.Source, name)
	}
	return "", nil
}

// providerLocalName is the local name of a provider entry: its "name",
// else the last part of its source.
func providerLocalName(d project.Dependency) string {
	if d.Name != "" {
		return d.Name
	}
	return d.Source[strings.LastIndexByte(d.Source, '/')+1:]
}

// schemaNamespace is the namespace of a provider source address, the part
// before its name ("acme" for acme/random); "" when there is none.
func schemaNamespace(source string) string {
	parts := strings.Split(source, "/")
	if len(parts) < 2 {
		return ""
	}
	return parts[len(parts)-2]
}

// harvestedModule is a module the engine installed, read from its
// directory under .terraform/modules.
type harvestedModule struct {
	dep    project.Dependency
	module *schema.Module
}

// writeModule generates and writes the package (or, when lang is ts, the
// declarations) of one module.
func writeModule(r *run, out string, d project.Dependency, m *schema.Module, lang string) (string, error) {
	pkg := golang.PackageName(moduleName(d))
	fm := map[string][]byte{}
	if lang == "ts" {
		files, err := typescript.GenerateModule(m, typescript.ModuleOptions{Source: d.Source, Version: d.Version})
		if err != nil {
			return "", err
		}
		for _, f := range files {
			fm[f.Path] = f.Data
		}
	} else {
		files, err := golang.GenerateModule(m, golang.ModuleOptions{Package: pkg, Source: d.Source, Version: d.Version})
		if err != nil {
			return "", err
		}
		for _, f := range files {
			fm[f.Path] = f.Data
		}
	}
	dir := filepath.Join(out, pkg)
	if err := writeBindings(dir, fm); err != nil {
		return "", err
	}
	r.printf("module %s: generated %s in %s\n", d.Source, countFiles(len(fm)), relTo(r.dir, dir))
	return pkg, nil
}

// writeBindings replaces the package directory dir with exactly files.
// outdir's staging directory has mode 0700 (os.MkdirTemp), so the package
// is built in a directory made inside it with the usual mode (0755 less the
// umask, as its files) and that one is moved into place.
func writeBindings(dir string, files map[string][]byte) error {
	tmp, err := outdir.Stage(dir)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	pkg := filepath.Join(tmp, "pkg")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		return err
	}
	if err := outdir.WriteFiles(pkg, files); err != nil {
		return err
	}
	return outdir.Replace(dir, pkg)
}

// getModules generates a package per entry of "modules" whose
// source is a local directory. Modules are small and read without an
// engine, so they are generated every time rather than cached.
// They are recorded in the cache file beside the installed modules the
// run (or an earlier one) generated. Their files are those engine reads.
func getModules(r *run, proj *project.Config, out, lang string, engine tffile.Engine) int {
	code := ExitOK
	var local []cachedModule
	providers := readGetCache(out).Providers
	for _, d := range proj.TerraformModules {
		if !isLocalModule(d.Source) {
			continue
		}
		if err := checkModuleProviderPackage(d, providers); err != nil {
			r.errorf(moduleNameHint(d), "%v", err)
			code = ExitFailure
			continue
		}
		m, diags := tffile.ReadModuleFor(filepath.Join(proj.Dir, filepath.FromSlash(d.Source)), engine)
		if r.report(diags) {
			code = ExitFailure
			continue
		}
		pkg, err := writeModule(r, out, d, m, lang)
		if err != nil {
			r.errorf("", "module %s: %v", d.Source, err)
			code = ExitFailure
			continue
		}
		local = append(local, cachedModule{Source: d.Source, Version: d.Version, Package: pkg})
	}
	if len(local) == 0 {
		return code
	}
	cache := readGetCache(out)
	mods := local
	for _, m := range cache.Modules {
		if !isLocalModule(m.Source) {
			mods = append(mods, m)
		}
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Package < mods[j].Package })
	cache.Modules = mods
	if err := writeGetCache(out, cache); err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}
	return code
}

// loadGetProject reads the project file: required when the providers come
// from it, optional (for versions and the output directory) with --schema.
func loadGetProject(r *run, required bool) (*project.Config, int) {
	if !required {
		found := false
		for _, name := range []string{"tfkit.json", "cdktf.json"} {
			if _, err := os.Stat(filepath.Join(dirOrDot(r.dir), name)); err == nil {
				found = true
			}
		}
		if !found {
			return nil, ExitOK
		}
	}
	proj, diags := project.LoadFor(dirOrDot(r.dir), r.command)
	if r.report(diags) {
		return nil, ExitFailure
	}
	return proj, ExitOK
}

// sourceKey makes provider sources comparable: hashicorp/random and
// registry.terraform.io/hashicorp/random are one provider, and so is
// registry.opentofu.org/hashicorp/random (what OpenTofu reports for it).
func sourceKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, host := range []string{"registry.terraform.io/", "registry.opentofu.org/"} {
		s = strings.TrimPrefix(s, host)
	}
	return s
}

func countFiles(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}

func hashOf(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s;", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// constraintsKey hashes the provider and module constraints (in a stable
// order) and the tfkit version that generates from them.
func constraintsKey(providers, modules []project.Dependency, version string) string {
	parts := []string{version}
	for _, d := range providers {
		parts = append(parts, "provider "+d.Name+" "+sourceKey(d.Source)+" "+d.Version)
	}
	for _, d := range modules {
		parts = append(parts, "module "+d.Name+" "+d.Source+" "+d.Version)
	}
	sort.Strings(parts[1:])
	return hashOf(parts...)
}

func readGetCache(out string) *getCache {
	c := &getCache{}
	data, err := os.ReadFile(filepath.Join(out, getCacheFile))
	if err != nil || json.Unmarshal(data, c) != nil {
		return &getCache{} // no cache, or one we cannot read: generate
	}
	return c
}

func writeGetCache(out string, c *getCache) error {
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, getCacheFile), append(data, '\n'), 0o644)
}

// present reports whether every cached package directory still exists.
func (c *getCache) present(out string) bool {
	if len(c.Providers) == 0 && len(c.Modules) == 0 {
		return false
	}
	pkgs := make([]string, 0, len(c.Providers)+len(c.Modules))
	for _, p := range c.Providers {
		pkgs = append(pkgs, p.Package)
	}
	for _, m := range c.Modules {
		pkgs = append(pkgs, m.Package)
	}
	for _, p := range pkgs {
		if fi, err := os.Stat(filepath.Join(out, p)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

func (c *getCache) key(pkg string) string {
	for _, p := range c.Providers {
		if p.Package == pkg {
			return p.Key
		}
	}
	return ""
}

// bindingLanguage maps --lang and the project's "language" to go or ts.
func bindingLanguage(s string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "go", "golang":
		return "go", true
	case "ts", "typescript":
		return "ts", true
	}
	return "", false
}

// generateFiles generates the bindings of one provider in lang (go or ts).
func generateFiles(p *schema.Provider, pkg, version, lang string) (map[string][]byte, error) {
	m := map[string][]byte{}
	if lang == "ts" {
		files, err := typescript.Generate(p, typescript.Options{Version: version})
		for _, f := range files {
			m[f.Path] = f.Data
		}
		return m, err
	}
	files, err := golang.Generate(p, golang.Options{Package: pkg, Version: version})
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m, err
}

// generateBindings generates a package per provider in the schema file
// data (Go packages, or TypeScript declarations when lang is ts), skipping
// those whose cache key is unchanged, and returns the new cache. providers
// are the providers of data when the caller has read them, else nil. keep
// says that the packages earlier runs generated into out for other
// providers stay (a run from a schema file or a plugin): their package
// names are taken, and TypeScript declarations must not clash with theirs.
func generateBindings(r *run, out string, data []byte, providers []*schema.Provider, versions map[string]string, cache *getCache, force bool, lang string, keep bool) (*getCache, error) {
	if providers == nil {
		var err error
		if providers, err = schema.ReadProviders(bytes.NewReader(data)); err != nil {
			return nil, err
		}
	}
	if len(providers) == 0 {
		return nil, errors.New("the schema file holds no providers")
	}
	// The raw schema of each provider, for the cache key.
	var raw struct {
		Schemas map[string]json.RawMessage `json:"provider_schemas"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("read provider schemas: %w", err)
	}
	var kept []cachedProvider
	if keep {
		kept = keptProviders(out, cache, providers)
	}
	pkgs, err := providerPackages(providers, kept, cache.Providers)
	if err != nil {
		return nil, err
	}
	if lang == "ts" {
		if err := checkDeclarationClashes(out, relTo(r.dir, out), providers, kept); err != nil {
			return nil, err
		}
	}
	next := &getCache{}
	for i, p := range providers {
		pkg := pkgs[i]
		version := versions[sourceKey(p.Source)]
		parts := []string{generatorID(r.env.Version), p.Source, pkg, version, string(raw.Schemas[p.Source])}
		if lang != "go" {
			parts = append(parts, "lang "+lang)
		}
		key := hashOf(parts...)
		next.Providers = append(next.Providers, cachedProvider{Source: p.Source, Package: pkg, Key: key})
		dir := filepath.Join(out, pkg)
		shown := golang.ShortSource(p.Source)
		if fi, err := os.Stat(dir); !force && err == nil && fi.IsDir() && cache.key(pkg) == key {
			r.printf("%s: up to date (schema unchanged)\n", shown)
			continue
		}
		m, err := generateFiles(p, pkg, version, lang)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Source, err)
		}
		if err := writeBindings(dir, m); err != nil {
			return nil, fmt.Errorf("%s: %w", p.Source, err)
		}
		r.printf("%s: generated %s in %s\n", shown, countFiles(len(m)), relTo(r.dir, dir))
	}
	sort.Slice(next.Providers, func(i, j int) bool { return next.Providers[i].Package < next.Providers[j].Package })
	return next, nil
}

// keptProviders are the providers earlier runs generated into out that a
// run from a schema file or a plugin keeps: those whose package directory
// is still there and that the run does not generate again.
func keptProviders(out string, cache *getCache, providers []*schema.Provider) []cachedProvider {
	current := map[string]bool{}
	for _, p := range providers {
		current[sourceKey(p.Source)] = true
	}
	var kept []cachedProvider
	for _, p := range cache.Providers {
		if current[sourceKey(p.Source)] {
			continue
		}
		if fi, err := os.Stat(filepath.Join(out, p.Package)); err == nil && fi.IsDir() {
			kept = append(kept, p)
		}
	}
	return kept
}

// providerPackages names the package of each provider: the one the last
// get gave it (earlier), so that adding a provider never moves another's
// bindings; else its name (random), or, when another provider of the run
// or a kept one has that package, its namespace and name (acmerandom), so
// that two providers of one name from different namespaces never share a
// directory.
func providerPackages(providers []*schema.Provider, kept, earlier []cachedProvider) ([]string, error) {
	used := map[string]string{} // package → source
	for _, p := range kept {
		used[p.Package] = p.Source
	}
	before := map[string]string{} // source → package
	for _, p := range earlier {
		before[sourceKey(p.Source)] = p.Package
	}
	pkgs := make([]string, len(providers))
	for i, p := range providers {
		pkg, ok := before[sourceKey(p.Source)]
		if _, taken := used[pkg]; !ok || taken {
			continue
		}
		// Only a package that still fits the provider's name is kept.
		if pkg != golang.PackageName(p.Name()) && pkg != golang.PackageName(p.Namespace()+p.Name()) {
			continue
		}
		used[pkg] = p.Source
		pkgs[i] = pkg
	}
	for i, p := range providers {
		if pkgs[i] != "" {
			continue
		}
		pkg := golang.PackageName(p.Name())
		if _, dup := used[pkg]; dup {
			pkg = golang.PackageName(p.Namespace() + p.Name())
			if other, dup := used[pkg]; dup {
				return nil, fmt.Errorf("providers %s and %s would share the package %s", golang.ShortSource(other), golang.ShortSource(p.Source), pkg)
			}
		}
		used[pkg] = p.Source
		pkgs[i] = pkg
	}
	return pkgs, nil
}

// checkDeclarationClashes reports two providers, of this run or kept from
// an earlier one, whose TypeScript declarations would name the same
// provider, resource type or data source: the declarations register each
// name once for the whole TypeScript project, so tsc would reject both
// files. shown is out as messages name it.
func checkDeclarationClashes(out, shown string, providers []*schema.Provider, kept []cachedProvider) error {
	var all []*schema.Provider
	if len(kept) > 0 {
		if f, err := os.Open(filepath.Join(out, getSchemaFile)); err == nil {
			earlier, err := schema.ReadProviders(f)
			f.Close()
			if err == nil {
				keep := map[string]bool{}
				for _, p := range kept {
					keep[sourceKey(p.Source)] = true
				}
				for _, p := range earlier {
					if keep[sourceKey(p.Source)] {
						all = append(all, p)
					}
				}
			}
		}
	}
	all = append(all, providers...)
	where := map[string]string{} // source → the directory of a kept provider
	for _, p := range kept {
		where[sourceKey(p.Source)] = " (generated earlier into " + filepath.Join(shown, p.Package) + ")"
	}
	owner := map[string]*schema.Provider{} // "resource type x" → provider
	for _, p := range all {
		names := []string{"provider " + p.Name()}
		for _, r := range p.Resources {
			names = append(names, "resource type "+r.Type)
		}
		for _, d := range p.DataSources {
			names = append(names, "data source "+d.Type)
		}
		var clashes []string
		var other *schema.Provider
		for _, n := range names {
			if o, dup := owner[n]; dup && (other == nil || o == other) {
				other = o
				clashes = append(clashes, n)
				continue
			}
			owner[n] = p
		}
		if other == nil {
			continue
		}
		what := strings.Join(clashes, ", ")
		if len(clashes) > 3 {
			what = strings.Join(clashes[:3], ", ") + fmt.Sprintf(" and %d more", len(clashes)-3)
		}
		return &hintedError{
			msg: fmt.Sprintf("the TypeScript declarations of %s%s and %s%s would both declare %s, and one TypeScript project can declare each only once",
				golang.ShortSource(other.Source), where[sourceKey(other.Source)], golang.ShortSource(p.Source), where[sourceKey(p.Source)], what),
			hint: "generate one of them into another directory (--out) for another TypeScript project, or delete the directory of the one you no longer use",
		}
	}
	return nil
}

// hintedError is an error with advice for the hint line.
type hintedError struct{ msg, hint string }

func (e *hintedError) Error() string { return e.msg }

// fetchSchemas runs the engine in a temporary workspace that requires the
// providers and calls the modules, and returns `providers schema -json`
// (nil without providers) and the modules init installed, read from the
// directories .terraform/modules/modules.json names.
func fetchSchemas(ctx context.Context, r *run, engine string, providers, modules []project.Dependency) ([]byte, []harvestedModule, error) {
	environ := r.env.Environ
	if environ == nil {
		environ = os.Environ()
	}
	path, err := runner.FindIn(r.dir, engine, environ)
	if err != nil {
		return nil, nil, fmt.Errorf("no engine to read provider schemas (%v); give --schema FILE.json instead", err)
	}
	required := map[string]map[string]string{}
	for _, d := range providers {
		name := providerLocalName(d)
		req := map[string]string{"source": d.Source}
		if d.Version != "" {
			req["version"] = d.Version
		}
		required[name] = req
	}
	root := map[string]any{}
	if len(required) > 0 {
		root["terraform"] = map[string]any{"required_providers": required}
	}
	calls := map[string]map[string]string{}
	byName := map[string]project.Dependency{}
	for _, d := range modules {
		name := moduleName(d)
		if _, dup := calls[name]; dup {
			return nil, nil, fmt.Errorf("two modules are named %q; give one a \"name\"", name)
		}
		call := map[string]string{"source": d.Source}
		if d.Version != "" {
			call["version"] = d.Version
		}
		calls[name] = call
		byName[name] = d
	}
	if len(calls) > 0 {
		root["module"] = calls
	}
	main, err := json.MarshalIndent(root, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	dir, err := os.MkdirTemp("", "tfkit-get-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.tf.json"), main, 0o644); err != nil {
		return nil, nil, err
	}
	var names []string
	for n := range required {
		names = append(names, n)
	}
	for n := range calls {
		names = append(names, "module."+n)
	}
	sort.Strings(names)
	r.printf("Installing %s\n", strings.Join(names, ", "))
	env := append(append([]string(nil), environ...), "TF_IN_AUTOMATION=1", "TF_INPUT=0")
	engineCmd := func(args ...string) *exec.Cmd {
		c := exec.CommandContext(ctx, path, args...)
		c.Dir = dir
		c.Env = env
		return c
	}
	prog := newProgress(r.stdout, isTerminal(r.stdout), 100*time.Millisecond)
	defer prog.stop()
	if out, err := runInit(engineCmd("init", "-input=false", "-no-color", "-backend=false"), prog); err != nil {
		return nil, nil, &getInitError{engine: filepath.Base(path), err: err, out: out}
	}
	var data []byte
	if len(required) > 0 {
		prog.setPhase("Reading provider schemas")
		var stdout, stderr bytes.Buffer
		c := engineCmd("providers", "schema", "-json")
		c.Stdout, c.Stderr = &stdout, &stderr
		if err := c.Run(); err != nil {
			return nil, nil, fmt.Errorf("%s providers schema -json failed: %v\n%s", filepath.Base(path), err, stderr.Bytes())
		}
		// OpenTofu may print warnings about its CLI configuration ahead
		// of the document.
		data = runner.JSONAnswer(stdout.Bytes())
	}
	harvested, err := harvestModules(dir, byName, tffile.EngineOf(path))
	return data, harvested, err
}

// keepEarlierSchemas adds to the schema document data the providers an
// earlier get generated into out that this one did not touch, as long as
// their packages are still there, and lists them in next as well: after
// `get --schema random.json` and `get --schema docker.json` into one
// directory, validation knows both.
func keepEarlierSchemas(out string, data []byte, earlier, next *getCache) ([]byte, error) {
	old, err := os.ReadFile(filepath.Join(out, getSchemaFile))
	if err != nil {
		return data, nil // nothing earlier
	}
	type document struct {
		FormatVersion string                     `json:"format_version"`
		Schemas       map[string]json.RawMessage `json:"provider_schemas"`
	}
	var prev, cur document
	if json.Unmarshal(old, &prev) != nil {
		return data, nil // unreadable: this run's schemas replace it
	}
	if err := json.Unmarshal(data, &cur); err != nil {
		return nil, fmt.Errorf("read provider schemas: %w", err)
	}
	taken := map[string]bool{}
	for _, p := range next.Providers {
		taken[p.Package] = true
	}
	added := false
	for _, p := range earlier.Providers {
		raw, ok := prev.Schemas[p.Source]
		if !ok || taken[p.Package] || cur.Schemas[p.Source] != nil {
			continue
		}
		if fi, err := os.Stat(filepath.Join(out, p.Package)); err != nil || !fi.IsDir() {
			continue
		}
		cur.Schemas[p.Source] = raw
		next.Providers = append(next.Providers, p)
		added = true
	}
	if !added {
		return data, nil
	}
	sort.Slice(next.Providers, func(i, j int) bool { return next.Providers[i].Package < next.Providers[j].Package })
	return json.Marshal(cur)
}

// runInit runs init, showing each provider and module as it is installed,
// and returns its whole output.
func runInit(c *exec.Cmd, prog *progress) ([]byte, error) {
	pr, pw := io.Pipe()
	c.Stdout, c.Stderr = pw, pw
	var out bytes.Buffer
	followed := make(chan struct{})
	go func() {
		followInit(prog, pr, &out)
		close(followed)
	}()
	err := c.Run()
	pw.Close()
	<-followed
	return out.Bytes(), err
}

// harvestModules reads the modules init installed, in name order, with
// the files of the engine that installed them.
func harvestModules(dir string, byName map[string]project.Dependency, engine tffile.Engine) ([]harvestedModule, error) {
	if len(byName) == 0 {
		return nil, nil
	}
	raw, err := os.ReadFile(filepath.Join(dir, ".terraform", "modules", "modules.json"))
	if err != nil {
		return nil, fmt.Errorf("read the modules init installed: %w", err)
	}
	var manifest struct {
		Modules []struct{ Key, Source, Dir string }
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		return nil, fmt.Errorf("read .terraform/modules/modules.json: %w", err)
	}
	dirs := map[string]string{}
	for _, m := range manifest.Modules {
		dirs[m.Key] = m.Dir
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []harvestedModule
	for _, n := range names {
		d, ok := dirs[n]
		if !ok {
			return nil, fmt.Errorf("init did not install module %s (%s)", n, byName[n].Source)
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		m, diags := tffile.ReadModuleFor(d, engine)
		if diags.HasErrors() {
			return nil, fmt.Errorf("module %s: %w", byName[n].Source, diags)
		}
		out = append(out, harvestedModule{dep: byName[n], module: m})
	}
	return out, nil
}

// getInitError is the engine's init failing to install what tfkit.json
// names, with the engine's own output.
type getInitError struct {
	engine string
	err    error
	out    []byte
}

func (e *getInitError) Error() string {
	return fmt.Sprintf("%s init failed: %v\n%s", e.engine, e.err, e.out)
}

// hint says how to get bindings when the engine cannot install a provider
// or module: make it reachable, or generate from a schema without it.
func (e *getInitError) hint() string {
	out := string(e.out)
	switch {
	case strings.Contains(out, "search locations"), strings.Contains(out, "Failed to query available provider packages"):
		return "the engine installs the providers and modules of tfkit.json: check the source and version there, and that the engine can reach them " +
			"(the registry, or a provider mirror named in its CLI configuration, TF_CLI_CONFIG_FILE); " +
			"or generate from a saved schema (terraform providers schema -json > schema.json; tfkit get --schema schema.json) or a provider binary (--provider-binary PATH)"
	default:
		return "the engine's messages are above; tfkit get --schema FILE.json or --provider-binary PATH generates bindings without installing anything"
	}
}
