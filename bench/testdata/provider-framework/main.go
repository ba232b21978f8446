// Command terraform-provider-docstorefw is docstore_collection written on
// hashicorp/terraform-plugin-framework, for comparing with the provider
// written with tfkit's provider package (examples/provider-docstore) on
// the same configuration. It is a module of its own so that tfkit's
// go.mod never depends on terraform-plugin-framework. See
// bench/provider-compare.sh.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	pschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

func main() {
	server := providerserver.NewProtocol6(&docstore{})()
	if err := tf6server.Serve("registry.terraform.io/tfkit/docstorefw", func() tfprotov6.ProviderServer { return withTimings(server) }); err != nil {
		log.Fatal(err)
	}
}

type docstore struct{}

func (p *docstore) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "docstore"
}

func (p *docstore) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = pschema.Schema{Attributes: map[string]pschema.Attribute{
		"root": pschema.StringAttribute{Optional: true},
	}}
}

func (p *docstore) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg struct {
		Root types.String `tfsdk:"root"`
	}
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	root := cfg.Root.ValueString()
	if root == "" {
		root = os.Getenv("DOCSTORE_ROOT")
	}
	if root == "" {
		root = "docstore"
	}
	resp.ResourceData = root
}

func (p *docstore) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &collection{} }}
}

func (p *docstore) DataSources(context.Context) []func() datasource.DataSource { return nil }

type collection struct{ root string }

type itemModel struct {
	Key   types.String `tfsdk:"key"`
	Value types.String `tfsdk:"value"`
}

type collectionModel struct {
	Name types.String `tfsdk:"name"`
	ID   types.String `tfsdk:"id"`
	Item []itemModel  `tfsdk:"item"`
}

func (r *collection) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_collection"
}

func (r *collection) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
			"id":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		},
		Blocks: map[string]schema.Block{
			"item": schema.SetNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
				"key":   schema.StringAttribute{Required: true},
				"value": schema.StringAttribute{Optional: true},
			}}},
		},
	}
}

func (r *collection) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	if root, ok := req.ProviderData.(string); ok {
		r.root = root
	}
}

func (r *collection) path(name string) string {
	return filepath.Join(r.root, name+".collection.json")
}

type fileItem struct {
	Key   string  `json:"key"`
	Value *string `json:"value"`
}

func (r *collection) write(m *collectionModel) error {
	items := make([]fileItem, 0, len(m.Item))
	for _, it := range m.Item {
		fi := fileItem{Key: it.Key.ValueString()}
		if !it.Value.IsNull() {
			v := it.Value.ValueString()
			fi.Value = &v
		}
		items = append(items, fi)
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Key < items[j].Key })
	data, err := json.Marshal(map[string]any{"items": items})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(r.root, 0o755); err != nil {
		return err
	}
	return os.WriteFile(r.path(m.Name.ValueString()), append(data, '\n'), 0o644)
}

func (r *collection) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m collectionModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.write(&m); err != nil {
		resp.Diagnostics.AddError("Cannot write the collection", err.Error())
		return
	}
	m.ID = m.Name
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *collection) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m collectionModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	data, err := os.ReadFile(r.path(m.Name.ValueString()))
	if errors.Is(err, fs.ErrNotExist) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Cannot read the collection", err.Error())
		return
	}
	var f struct {
		Items []fileItem `json:"items"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		resp.Diagnostics.AddError("Corrupt collection file", err.Error())
		return
	}
	m.Item = make([]itemModel, len(f.Items))
	for i, it := range f.Items {
		m.Item[i] = itemModel{Key: types.StringValue(it.Key), Value: types.StringPointerValue(it.Value)}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *collection) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m collectionModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.write(&m); err != nil {
		resp.Diagnostics.AddError("Cannot write the collection", err.Error())
		return
	}
	m.ID = m.Name
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *collection) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m collectionModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if err := os.Remove(r.path(m.Name.ValueString())); err != nil && !errors.Is(err, fs.ErrNotExist) {
		resp.Diagnostics.AddError("Cannot delete the collection", err.Error())
	}
}

// withTimings records resource requests the way tfkit's provider.Serve
// does with TFKIT_PROVIDER_TIMINGS, so that both providers are measured
// the same way.
func withTimings(s tfprotov6.ProviderServer) tfprotov6.ProviderServer {
	file := os.Getenv("TFKIT_PROVIDER_TIMINGS")
	if file == "" {
		return s
	}
	return &timed{ProviderServer: s, file: file}
}

type timed struct {
	tfprotov6.ProviderServer
	mu   sync.Mutex
	file string
}

func (t *timed) record(rpc, typ string, start time.Time) {
	d := time.Since(start)
	rss := "unknown"
	if data, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
				rss = strings.ReplaceAll(strings.TrimSpace(v), " ", "")
			}
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	f, err := os.OpenFile(t.file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s %s %.3fms peak_rss=%s\n", rpc, typ, float64(d.Microseconds())/1000, rss)
}

func (t *timed) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	defer t.record("ReadResource", req.TypeName, time.Now())
	return t.ProviderServer.ReadResource(ctx, req)
}

func (t *timed) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	defer t.record("PlanResourceChange", req.TypeName, time.Now())
	return t.ProviderServer.PlanResourceChange(ctx, req)
}

func (t *timed) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	defer t.record("ApplyResourceChange", req.TypeName, time.Now())
	return t.ProviderServer.ApplyResourceChange(ctx, req)
}
