package controller

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-exec/tfexec"
	tfjson "github.com/hashicorp/terraform-json"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/tffile"
)

// Files of a workspace.
const (
	ConfigFile = "main.tf.json"
	StateFile  = "terraform.tfstate"
	planFile   = "tfplan"
)

// resourceName is the name of the one resource block of every workspace.
const resourceName = "this"

// workspace is the engine's working directory for one managed resource.
type workspace struct {
	dir  string
	typ  string // Terraform resource type
	eng  *engines
	tf   *tfexec.Terraform
	addr string
	// req is the provider requirement main.tf.json was rendered with,
	// and provKey identifies its provider block: plans attach to the
	// shared plugin of that configuration. writeConfig sets both.
	req     providerRequirement
	provKey string
}

func (e *engines) workspace(dir, typ string) (*workspace, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	tf, err := tfexec.NewTerraform(dir, e.path)
	if err != nil {
		return nil, err
	}
	if err := tf.SetEnv(e.env); err != nil {
		return nil, err
	}
	return &workspace{dir: dir, typ: typ, eng: e, tf: tf, addr: typ + "." + resourceName}, nil
}

// providerRequirement is what a workspace requires of its provider: the
// local name, the source address and the version (exactly the one the API
// was generated from; "" for any). requireProvider derives it.
type providerRequirement struct {
	local, source, version string
	// named: main.tf.json names the source (not the default
	// hashicorp/<local>) or pins the version, in required_providers.
	named bool
}

// requireProvider is the provider requirement of a resource of type typ
// with the provider block prov (nil: none).
func requireProvider(typ string, prov *providerBlock) providerRequirement {
	local := tffile.ImpliedProvider(typ)
	req := providerRequirement{local: local, source: "hashicorp/" + local}
	if prov != nil && (prov.source != "" || prov.version != "") {
		req.named = true
		if prov.source != "" {
			req.source = prov.source
		}
		req.version = prov.version
	}
	return req
}

// installKey identifies what init installs for the requirement req: the
// provider's local name, source and version.
func (req providerRequirement) installKey() string {
	return req.local + " " + req.source + " " + req.version
}

// renderedConfig is main.tf.json and what it was rendered from.
type renderedConfig struct {
	src     []byte
	req     providerRequirement
	provKey string
}

// renderConfig returns main.tf.json for one resource of type typ with the
// Terraform arguments params, and the provider's source address and
// provider block from prov (nil: neither). A change to an argument that
// forces replacement replaces the resource, as terraform apply would.
// ignore are the paths only spec.initProvider sets: the resource's
// lifecycle.ignore_changes, so that they count for the create only.
func renderConfig(typ string, params map[string]any, prov *providerBlock, ignore ...string) (renderedConfig, error) {
	cfg := &config.Config{}
	req := requireProvider(typ, prov)
	if req.named {
		// terraform { required_providers { docker = { source = "...", version = "4.6.0" } } }
		m := map[string]any{}
		if prov.source != "" {
			m["source"] = req.source
		}
		if req.version != "" {
			// Exactly the version the API was generated from.
			m["version"] = req.version
		}
		src, err := literal(m)
		if err != nil {
			return renderedConfig{}, err
		}
		rp := config.NewBlock("required_providers")
		rp.Body.Set(req.local, src)
		tb := config.NewBlock("terraform")
		tb.Body.AppendBlock(rp)
		cfg.Add(tb)
	}
	key := ""
	if prov != nil && len(prov.args) > 0 {
		pb := config.NewBlock("provider", req.local)
		// The messages name the argument, never its value: it may be a
		// credential.
		if err := setArguments(pb, prov.args, "provider argument"); err != nil {
			return renderedConfig{}, err
		}
		cfg.Add(pb)
		k, err := providerKey(req.local, prov.args)
		if err != nil {
			return renderedConfig{}, err
		}
		key = k
	}
	b := config.NewBlock("resource", typ, resourceName)
	if err := setArguments(b, params, "argument"); err != nil {
		return renderedConfig{}, err
	}
	if len(ignore) > 0 {
		paths, err := literal(ignore)
		if err != nil {
			return renderedConfig{}, err
		}
		lc := config.NewBlock("lifecycle")
		lc.Body.Set("ignore_changes", paths)
		b.Body.AppendBlock(lc)
	}
	cfg.Add(b)
	src, err := render.JSON(cfg)
	if err != nil {
		return renderedConfig{}, err
	}
	return renderedConfig{src: src, req: req, provKey: key}, nil
}

// writtenConfig is main.tf.json src as written before (the delete of an
// object whose configuration can no longer be rendered), with the
// requirement of prov. Its provider block is not known: its plugin is
// shared only with workspaces of the very same file.
func writtenConfig(typ string, src []byte, prov *providerBlock) renderedConfig {
	sum := sha256.Sum256(src)
	return renderedConfig{src: src, req: requireProvider(typ, prov), provKey: "written " + hex.EncodeToString(sum[:12])}
}

// setArguments sets the non-null arguments of args on b, sorted by name.
func setArguments(b *config.Block, args map[string]any, what string) error {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if args[k] == nil {
			continue
		}
		v, err := literal(args[k])
		if err != nil {
			return fmt.Errorf("%s %s: %w", what, k, err)
		}
		b.Body.Set(k, v)
	}
	return nil
}

// literal is a JSON value as a literal expression.
func literal(x any) (*config.Literal, error) {
	raw, err := json.Marshal(x)
	if err != nil {
		return nil, err
	}
	ty, err := ctyjson.ImpliedType(raw)
	if err != nil {
		return nil, err
	}
	v, err := ctyjson.Unmarshal(raw, ty)
	if err != nil {
		return nil, err
	}
	return &config.Literal{Val: v}, nil
}

// writeConfig writes main.tf.json when its content changed and runs init
// when the workspace has not been initialised, or when what init installs
// changed (the terraform block: the provider's source or pinned version):
// then with -upgrade, so that the lock file takes the new version.
func (w *workspace) writeConfig(ctx context.Context, rc renderedConfig) error {
	p := filepath.Join(w.dir, ConfigFile)
	w.req, w.provKey = rc.req, rc.provKey
	src := rc.src
	key := w.req.installKey()
	changed := false
	if old, err := os.ReadFile(p); err != nil || string(old) != string(src) {
		// The file of an earlier run, perhaps of an earlier manager.
		changed = err == nil && !bytes.Equal(terraformBlock(old), terraformBlock(src))
		if err := writeFileAtomic(p, src); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(w.dir, ".terraform.lock.hcl")); err == nil && !changed {
		if _, err := os.Stat(filepath.Join(w.dir, ".terraform", "providers")); err == nil {
			return nil
		}
	}
	if _, ok := w.eng.installed.Load(key); !ok {
		w.eng.installing.Lock()
		defer w.eng.installing.Unlock()
	}
	err := w.eng.run(ctx, func(ctx context.Context) error {
		return w.tf.Init(ctx, tfexec.Upgrade(changed))
	})
	if err == nil {
		w.eng.installed.Store(key, true)
	}
	return installHint(w.failure("init", err), w.req)
}

// terraformBlock is the terraform block of main.tf.json src, as written.
func terraformBlock(src []byte) []byte {
	var top struct {
		Terraform json.RawMessage `json:"terraform"`
	}
	_ = json.Unmarshal(src, &top)
	return top.Terraform
}

// installHint adds what to do to the diagnostics of an init that could not
// install the provider (not in the mirror, no registry reachable): the
// manager's operator, not the object's author, fixes it. When main.tf.json
// requirement req pins the provider's version (the one the API was
// generated from), the error is a versionError.
func installHint(err error, req providerRequirement) error {
	var ee *engineError
	if !errors.As(err, &ee) {
		return err
	}
	source, version := req.source, req.version
	failed := false
	for i, d := range ee.diags {
		for _, s := range []string{"Failed to query available provider packages", "Failed to install provider", "Failed to resolve provider packages"} {
			if !strings.HasPrefix(d.summary, s) {
				continue
			}
			failed = true
			engine := strings.TrimSuffix(withoutModuleAdvice(d.detail), ".")
			detail := engine + ". " + installAdvice
			if version != "" {
				detail = fmt.Sprintf("The API was generated from the schema of %s %s, and its workspaces require exactly that version: %s. %s",
					source, version, engine, versionAdvice(source, version))
			}
			ee.diags[i].detail = detail
			break
		}
	}
	if failed && version != "" {
		return &versionError{source: source, version: version, err: err}
	}
	return err
}

// moduleAdvice are the sentences of the engine's install errors that speak
// to the author of a configuration of modules (run "terraform providers"
// to see which modules require the provider, give each module its source),
// which a workspace of jet is not: installAdvice and versionAdvice say
// what its manager's operator does instead.
var moduleAdvice = regexp.MustCompile(`\s*(To see which modules are currently depending on [^,]+, run the following command:\s*\S+ providers\b\.?|If so, you must specify that source address in each module which requires that provider\.|All modules should specify their required_providers so that external consumers will get the correct providers when using a module\.)`)

// withoutModuleAdvice is an engine diagnostic's detail without the
// sentences of moduleAdvice.
func withoutModuleAdvice(detail string) string {
	return strings.TrimSpace(moduleAdvice.ReplaceAllString(detail, ""))
}

// versionError is an init that could not install the pinned version of the
// provider.
type versionError struct {
	source, version string
	err             error
}

func (e *versionError) Error() string { return e.err.Error() }
func (e *versionError) Unwrap() error { return e.err }

// versionAdvice says how to give the manager the version the API was
// generated from.
func versionAdvice(source, version string) string {
	return fmt.Sprintf("The manager's engine installs providers as its CLI configuration says (the file in TF_CLI_CONFIG_FILE): add %s %s to its filesystem mirror (terraform providers mirror DIR with that version required), or let the manager reach the registry; or generate the API again from the schema of the version it has", source, version)
}

// installAdvice says where the engine of the manager gets providers from.
const installAdvice = "The manager's engine installs providers as its CLI configuration says (the file in TF_CLI_CONFIG_FILE): add the provider to its filesystem mirror (terraform providers mirror DIR), or let the manager reach the registry"

// failure is the error of the engine command (terraform-exec's, which
// holds the engine's output) with the diagnostics it reports.
func (w *workspace) failure(command string, err error) error {
	if err == nil {
		return nil
	}
	src, _ := os.ReadFile(filepath.Join(w.dir, ConfigFile))
	return engineFailure(command, err, err.Error(), src)
}

// hasState says whether the state file holds the resource.
func (w *workspace) hasState() bool {
	data, err := os.ReadFile(filepath.Join(w.dir, StateFile))
	if err != nil {
		return false
	}
	var st struct {
		Resources []struct {
			Instances []json.RawMessage `json:"instances"`
		} `json:"resources"`
	}
	if json.Unmarshal(data, &st) != nil {
		return false
	}
	for _, r := range st.Resources {
		if len(r.Instances) > 0 {
			return true
		}
	}
	return false
}

// stateAttributes returns the attributes of the resource in the state
// file as last written (not refreshed), nil when it holds none.
func (w *workspace) stateAttributes() map[string]any {
	data, err := os.ReadFile(filepath.Join(w.dir, StateFile))
	if err != nil {
		return nil
	}
	var st struct {
		Resources []struct {
			Instances []struct {
				Attributes map[string]any `json:"attributes"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if json.Unmarshal(data, &st) != nil {
		return nil
	}
	for _, r := range st.Resources {
		for _, in := range r.Instances {
			return in.Attributes
		}
	}
	return nil
}

// stateWritten says whether an apply, a destroy or importState has ever
// written the state file. A written state without the resource means it is
// gone (destroyed, or a create that failed): it must not be rebuilt from
// the external name, or a resource the provider cannot tell is gone
// (random_pet, time_sleep) would come back after every destroy.
func (w *workspace) stateWritten() bool {
	_, err := os.Stat(filepath.Join(w.dir, StateFile))
	return err == nil
}

// importState writes a state that holds the resource identified by id,
// with the arguments params as its attributes, so that the next plan's
// refresh reads the real resource: the rebuild of a lost workspace from the
// external name. provider is the provider's source address. A type
// without an id attribute (id is "") is identified by its arguments alone,
// and its state holds only the attributes its schema has.
func (w *workspace) importState(id string, params map[string]any, schemaVersion int64, provider string) error {
	attrs := map[string]any{}
	for k, v := range params {
		attrs[k] = v
	}
	if id != "" {
		attrs["id"] = id
	}
	lineage := make([]byte, 16)
	if _, err := rand.Read(lineage); err != nil {
		return err
	}
	st := map[string]any{
		"version":           4,
		"terraform_version": "1.0.0",
		"serial":            1,
		"lineage":           fmt.Sprintf("%x-%x-%x-%x-%x", lineage[0:4], lineage[4:6], lineage[6:8], lineage[8:10], lineage[10:]),
		"outputs":           map[string]any{},
		"resources": []any{map[string]any{
			"mode":     "managed",
			"type":     w.typ,
			"name":     resourceName,
			"provider": fmt.Sprintf("provider[%q]", provider),
			"instances": []any{map[string]any{
				"schema_version":       schemaVersion,
				"attributes":           attrs,
				"sensitive_attributes": []any{},
			}},
		}},
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(w.dir, StateFile), data)
}

// observation is what a plan says about the resource.
type observation struct {
	exists   bool
	upToDate bool
	// replace: the planned change replaces the resource, because of the
	// top-level arguments replacePaths.
	replace      bool
	replacePaths []string
	// planned are the planned attributes (the known ones).
	planned map[string]any
	// attrs are the refreshed attributes (nil when it does not exist).
	attrs map[string]any
}

// plan refreshes the state and plans the configuration, leaving the plan
// file for apply.
func (w *workspace) plan(ctx context.Context) (observation, error) {
	var p *tfjson.Plan
	err := w.eng.run(ctx, func(ctx context.Context) error {
		return w.eng.prov.attach(ctx, w.dir, w.provKey, func(ra tfexec.ReattachInfo) error {
			planOpts := []tfexec.PlanOption{tfexec.Out(planFile), tfexec.Lock(true)}
			var showOpts []tfexec.ShowOption
			if ra != nil {
				planOpts = append(planOpts, tfexec.Reattach(ra))
				showOpts = append(showOpts, tfexec.Reattach(ra))
			}
			if _, err := w.tf.Plan(ctx, planOpts...); err != nil {
				return err
			}
			var err error
			p, err = w.tf.ShowPlanFile(ctx, planFile, showOpts...)
			return err
		})
	})
	if err != nil {
		return observation{}, w.failure("plan", err)
	}
	var o observation
	if p.PriorState != nil && p.PriorState.Values != nil && p.PriorState.Values.RootModule != nil {
		for _, r := range p.PriorState.Values.RootModule.Resources {
			if r.Address == w.addr {
				o.exists = true
				o.attrs = r.AttributeValues
			}
		}
	}
	o.upToDate = o.exists
	for _, rc := range p.ResourceChanges {
		if rc.Address != w.addr || rc.Change == nil {
			continue
		}
		if !rc.Change.Actions.NoOp() && !rc.Change.Actions.Read() {
			o.upToDate = false
		}
		o.planned, _ = rc.Change.After.(map[string]any)
		if rc.Change.Actions.Replace() {
			o.replace = true
			for _, p := range rc.Change.ReplacePaths {
				if steps, ok := p.([]any); ok && len(steps) > 0 {
					if name, ok := steps[0].(string); ok && !slices.Contains(o.replacePaths, name) {
						o.replacePaths = append(o.replacePaths, name)
					}
				}
			}
		}
	}
	return o, nil
}

// apply applies the plan the last call of plan left.
func (w *workspace) apply(ctx context.Context) error { return w.applyDetached(ctx, false) }

// attributes returns the resource's attributes in the state.
func (w *workspace) attributes(ctx context.Context) (map[string]any, error) {
	var st *tfjson.State
	err := w.eng.run(ctx, func(ctx context.Context) error {
		return w.eng.prov.attach(ctx, w.dir, w.provKey, func(ra tfexec.ReattachInfo) error {
			var opts []tfexec.ShowOption
			if ra != nil {
				opts = append(opts, tfexec.Reattach(ra))
			}
			var err error
			st, err = w.tf.Show(ctx, opts...)
			return err
		})
	})
	if err != nil {
		return nil, w.failure("show", err)
	}
	if st.Values != nil && st.Values.RootModule != nil {
		for _, r := range st.Values.RootModule.Resources {
			if r.Address == w.addr {
				return r.AttributeValues, nil
			}
		}
	}
	return nil, errors.New("the state holds no " + w.addr + " after apply")
}

// destroy destroys the resource.
func (w *workspace) destroy(ctx context.Context) error { return w.applyDetached(ctx, true) }

func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// providerAddress is the source address Terraform gives a resource type's
// provider when the configuration names none: hashicorp/<prefix>.
func providerAddress(typ string) string {
	name := tffile.ImpliedProvider(typ)
	return "registry.terraform.io/hashicorp/" + name
}
