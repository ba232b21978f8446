package load

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/plugin"
	"github.com/tfkit/tfkit/schema"
)

// Reading data sources through the installed providers (Options.ReadData,
// tfkit eval --read-data): each provider found under .terraform/providers
// is started once per Dir, asked for its schema (which then shapes every
// resource of it, as Options.Providers does), configured from its
// provider block the first time one of its data sources is read, and
// asked to read every data source instance whose configuration is wholly
// known. As in the engines, each provider configuration (an alias, an
// instance of a provider with for_each) is its own provider process: the
// first one configured uses the process started for the schema, the
// others start their own. Instances of one data source are read in parallel. A provider
// that cannot be started or configured leaves its data sources unknown
// with the reason, and the evaluation goes on.

// engineVersion is the Terraform version providers are told they serve.
const engineVersion = "1.11.4"

// dataReader holds the providers started for one Dir.
type dataReader struct {
	mu        sync.Mutex
	providers map[string]*installed // by lower-case source address
	// configured holds, per provider configuration address, the outcome
	// of configuring it; results caches reads by address and
	// configuration, since Dir may evaluate more than once.
	configured map[string]*configOnce
	results    map[string]dataRead
	// extra are the processes started for further configurations.
	extra []*plugin.Client
}

type installed struct {
	source string
	client *plugin.Client
	schema *schema.Provider
	err    error // why it could not be started
	// bin and dir start more processes; taken is set once client
	// serves a configuration.
	bin, dir string
	taken    bool
}

type configOnce struct {
	once   sync.Once
	client *plugin.Client // the process of the configuration
	err    error
}

type dataRead struct {
	v   cty.Value
	err error
}

// startProviders starts the providers installed for the root module in
// dir (or found in the CLI configuration's filesystem mirrors, see
// mirror.go) and reads their schemas.
func startProviders(dir string, root *Module, env []string) *dataReader {
	dr := &dataReader{providers: map[string]*installed{}, configured: map[string]*configOnce{}, results: map[string]dataRead{}}
	// .terraform/providers/HOST/NAMESPACE/TYPE/VERSION/OS_ARCH/terraform-provider-TYPE*
	pattern := filepath.Join(dir, ".terraform", "providers", "*", "*", "*", "*", runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-*")
	bins, _ := filepath.Glob(pattern)
	sort.Strings(bins) // the last of several versions wins
	found := map[string]string{}
	for _, b := range bins {
		rel, err := filepath.Rel(filepath.Join(dir, ".terraform", "providers"), b)
		if err != nil {
			continue
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		found[strings.ToLower(strings.Join(parts[:3], "/"))] = b
	}
	needed := map[string][]string{}
	neededSources(root, needed)
	for src := range found {
		delete(needed, src)
	}
	fromMirror, refused := mirrorBinaries(dir, env, needed)
	for src, bin := range fromMirror {
		found[src] = bin
	}
	for src, why := range refused {
		dr.providers[src] = &installed{source: src, err: errors.New(why)}
	}
	var wg sync.WaitGroup
	for src, bin := range found {
		p := &installed{source: src, bin: bin, dir: dir}
		dr.providers[src] = p
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.start(bin, dir)
		}()
	}
	wg.Wait()
	return dr
}

func (p *installed) start(bin, dir string) {
	ctx := context.Background()
	c, err := plugin.StartIn(ctx, bin, dir)
	if err != nil {
		// go-plugin adds a paragraph of generic hints after the cause.
		first, _, _ := strings.Cut(err.Error(), "\n")
		p.err = fmt.Errorf("%s", first)
		return
	}
	ps, err := c.GetProviderSchema(ctx)
	if err == nil {
		var data []byte
		if data, err = plugin.SchemasJSON(p.source, ps); err == nil {
			var list []*schema.Provider
			if list, err = schema.ReadProviders(bytes.NewReader(data)); err == nil && len(list) == 1 {
				p.client, p.schema = c, list[0]
				return
			}
		}
	}
	c.Close()
	p.err = fmt.Errorf("provider %s: %v", p.source, err)
}

// schemas are the schemas of the providers started, to use as
// Options.Providers where none is given for the source.
func (dr *dataReader) schemas(given []*schema.Provider) []*schema.Provider {
	out := append([]*schema.Provider(nil), given...)
	for _, src := range sortedKeys(dr.providers) {
		p := dr.providers[src]
		if p.schema == nil {
			continue
		}
		dup := false
		for _, g := range given {
			dup = dup || strings.EqualFold(g.Source, src)
		}
		if !dup {
			out = append(out, p.schema)
		}
	}
	return out
}

// close stops every provider started.
func (dr *dataReader) close() {
	for _, p := range dr.providers {
		if p.client != nil {
			p.client.Close()
		}
	}
	for _, c := range dr.extra {
		c.Close()
	}
}

// sourceOf returns the source address in a provider configuration
// address such as module.x.provider["registry.terraform.io/hashicorp/aws"].west.
func sourceOf(providerAddr string) string {
	i := strings.Index(providerAddr, `provider["`)
	if i < 0 {
		return ""
	}
	src := providerAddr[i+len(`provider["`):]
	if j := strings.IndexByte(src, '"'); j >= 0 {
		src = src[:j]
	}
	return strings.ToLower(src)
}

// configure configures the provider configuration providerAddr once, in
// a process of its own, and returns that process.
func (e *evaluator) configure(p *installed, providerAddr string) (*plugin.Client, error) {
	dr := e.reader
	dr.mu.Lock()
	c, ok := dr.configured[providerAddr]
	if !ok {
		c = &configOnce{}
		dr.configured[providerAddr] = c
	}
	dr.mu.Unlock()
	cfg := cty.NilVal
	if pc, ok := e.view.Providers[providerAddr]; ok {
		cfg = pc.Attributes
	}
	c.once.Do(func() {
		ty := p.schema.Config.ImpliedType()
		if cfg == cty.NilVal {
			cfg = e.conform(p.schema.Config, cty.EmptyObjectVal, providerAddr, hcl.Range{}, nil)
		}
		v := configValue(p.schema.Config, cfg)
		if !v.IsWhollyKnown() {
			c.err = fmt.Errorf("the configuration of %s is not known before apply", providerAddr)
			return
		}
		client, err := dr.process(p)
		if err != nil {
			c.err = fmt.Errorf("start provider for %s: %v", providerAddr, err)
			return
		}
		if err := client.ConfigureProvider(context.Background(), engineVersion, v, ty); err != nil {
			c.err = fmt.Errorf("configure %s: %v", providerAddr, err)
			return
		}
		c.client = client
	})
	return c.client, c.err
}

// process is a provider process for a new configuration of p: the one
// started for its schema the first time, a new one after.
func (dr *dataReader) process(p *installed) (*plugin.Client, error) {
	dr.mu.Lock()
	if !p.taken {
		p.taken = true
		dr.mu.Unlock()
		return p.client, nil
	}
	dr.mu.Unlock()
	ctx := context.Background()
	c, err := plugin.StartIn(ctx, p.bin, p.dir)
	if err != nil {
		first, _, _ := strings.Cut(err.Error(), "\n")
		return nil, errors.New(first)
	}
	// The engines ask every provider process for its schema first; some
	// providers expect it before their configuration.
	if _, err := c.GetProviderSchema(ctx); err != nil {
		c.Close()
		return nil, err
	}
	dr.mu.Lock()
	dr.extra = append(dr.extra, c)
	dr.mu.Unlock()
	return c, nil
}

// configValue is v, shaped by conform from block b, as the protocol
// carries a configuration: unmarked, with the attributes conform left
// unknown because the provider computes them null.
func configValue(b *schema.Block, v cty.Value) cty.Value {
	v, _ = v.UnmarkDeep()
	if !v.IsKnown() || v.IsNull() || !v.Type().IsObjectType() {
		return v
	}
	attrs := v.AsValueMap()
	for _, a := range b.Attributes {
		if av, ok := attrs[a.Name]; ok && a.Computed && !av.IsKnown() {
			attrs[a.Name] = cty.NullVal(a.Type)
		}
	}
	return cty.ObjectVal(attrs)
}

// readData reads the instances of data source r (addresses addrs, values
// attrs shaped by sch) through its provider, in parallel, and returns
// their values; instances whose configuration is not wholly known, and
// those set by DataValues, are returned as they are. Each instance is read
// through its provider configuration instance, provs[i], configured once
// (OpenTofu's provider for_each gives instances different ones); where
// whys[i] says the instance is not known, the instance is not read.
func (e *evaluator) readData(r *ResourceDecl, provs, whys []string, addrs []string, base string, attrs []cty.Value, sch *schema.Block) []cty.Value {
	if e.reader == nil || r.Type == "terraform_remote_state" || len(provs) == 0 {
		return attrs
	}
	providerAddr := provs[0]
	p := e.reader.providers[sourceOf(providerAddr)]
	if p == nil {
		return attrs
	}
	if sch == nil {
		// Without a schema the provider did not start; scopedValue gives
		// the attributes read from the data source the reason.
		if p.err != nil {
			if e.unread == nil {
				e.unread = map[*ResourceDecl]string{}
			}
			e.unread[r] = p.err.Error()
			e.warnOnce(providerAddr, r.DeclRange, "Provider not started", p.err.Error()+"; its data sources are unknown")
		}
		return attrs
	}
	out := append([]cty.Value(nil), attrs...)
	failAt := func(i int, why string) {
		if _, given := e.opts.DataValues[addrs[i]]; !given {
			out[i] = withReason(sch, out[i], addrs[i]+": "+why)
		}
	}
	if p.err != nil {
		for i := range out {
			failAt(i, p.err.Error())
		}
		return out
	}
	if _, given := e.opts.DataValues[base]; given {
		return out
	}
	clients := make([]*plugin.Client, len(out))
	for i := range out {
		if _, given := e.opts.DataValues[addrs[i]]; given {
			continue
		}
		if whys[i] != "" {
			failAt(i, whys[i])
			continue
		}
		client, err := e.configure(p, provs[i])
		if err != nil {
			e.warnOnce(provs[i], r.DeclRange, "Provider not configured", err.Error()+"; its data sources are unknown")
			failAt(i, err.Error())
			continue
		}
		clients[i] = client
	}
	ty := sch.ImpliedType()
	var wg sync.WaitGroup
	errs := make([]error, len(out))
	for i := range out {
		if clients[i] == nil {
			continue
		}
		cfg := configValue(sch, out[i])
		if !cfg.IsWhollyKnown() {
			continue
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			v, err := e.reader.read(clients[i], r.Type, addrs[i], cfg, ty)
			if err == nil && v.IsNull() {
				err = fmt.Errorf("the provider returned no state")
			}
			if err != nil {
				errs[i] = err
				return
			}
			out[i] = markSensitive(sch, v)
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err == nil {
			continue
		}
		rng := r.DeclRange
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Error reading data source",
			Detail: addrs[i] + ": " + err.Error(), Subject: &rng, Path: addrs[i]})
		out[i] = withReason(sch, out[i], addrs[i]+": the read failed")
	}
	return out
}

// read reads one data source instance, or returns the result of the same
// read made before.
func (dr *dataReader) read(client *plugin.Client, typ, addr string, cfg cty.Value, ty cty.Type) (cty.Value, error) {
	mp, err := ctymsgpack.Marshal(cfg, ty)
	if err != nil {
		return cty.NilVal, err
	}
	key := addr + "\x00" + string(mp)
	dr.mu.Lock()
	res, ok := dr.results[key]
	dr.mu.Unlock()
	if ok {
		return res.v, res.err
	}
	v, err := client.ReadDataSource(context.Background(), typ, cfg, ty)
	dr.mu.Lock()
	dr.results[key] = dataRead{v, err}
	dr.mu.Unlock()
	return v, err
}

// warnOnce adds a warning about provider configuration addr once per
// evaluation, at the first data source it concerns.
func (e *evaluator) warnOnce(addr string, rng hcl.Range, summary, detail string) {
	for _, d := range e.diags {
		if d.Path == addr && d.Summary == summary {
			return
		}
	}
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: summary, Detail: detail, Subject: &rng, Path: addr})
}

// withReason returns v with its unknown computed attributes carrying why.
func withReason(b *schema.Block, v cty.Value, why string) cty.Value {
	uv, marks := v.Unmark()
	if !uv.IsKnown() || uv.IsNull() || !uv.Type().IsObjectType() {
		return v
	}
	attrs := uv.AsValueMap()
	for _, a := range b.Attributes {
		if av, ok := attrs[a.Name]; ok && a.Computed && !av.IsKnown() {
			nv := cty.UnknownVal(a.Type).Mark(reason(why))
			if a.Sensitive {
				nv = nv.Mark(sensitiveMark)
			}
			attrs[a.Name] = nv
		}
	}
	return cty.ObjectVal(attrs).WithMarks(marks)
}

// markSensitive marks the sensitive attributes of a data source's state v.
func markSensitive(b *schema.Block, v cty.Value) cty.Value {
	if v.IsNull() || !v.Type().IsObjectType() {
		return v
	}
	attrs := v.AsValueMap()
	for _, a := range b.Attributes {
		if a.Sensitive {
			if av, ok := attrs[a.Name]; ok {
				attrs[a.Name] = av.Mark(sensitiveMark)
			}
		}
	}
	return cty.ObjectVal(attrs)
}
