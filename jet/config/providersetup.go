package config

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/jet/resource"
	"github.com/tfkit/tfkit/schema"
)

// TerraformSetupRequest is what a TerraformSetupFn gets: the credentials
// of one ProviderConfig and the provider they configure.
type TerraformSetupRequest struct {
	// ProviderConfig is the ProviderConfig's name.
	ProviderConfig string
	// Source is where the credentials came from.
	Source resource.CredentialsSource
	// Credentials is the content of the Secret key the ProviderConfig
	// names; nil with source None.
	Credentials []byte
	// Provider is the schema of the Terraform provider being configured:
	// its source address and provider block. It may be nil when the
	// controller runs without the configuration (Options.Resources).
	Provider *schema.Provider
	// Providers are the schemas of every Terraform provider of the API
	// (Provider among them). With more than one, one ProviderConfig may
	// serve resources of each, and the credentials must say which
	// arguments are whose.
	Providers []*schema.Provider
}

// TerraformSetupFn turns a ProviderConfig's credentials into the arguments
// of the Terraform provider block (Terrajet's TerraformSetupBuilder): a
// JSON object such as {"host": "unix:///var/run/docker.sock"}, by
// Terraform argument name. The controller checks the result against the
// provider block's schema before writing it. The error's text becomes a
// condition message: it must never contain the credentials.
type TerraformSetupFn func(ctx context.Context, req TerraformSetupRequest) (map[string]any, error)

// DefaultTerraformSetup reads the credentials as a JSON object of provider
// arguments; source None gives no arguments. In an API of several
// providers (req.Providers) the object holds one object of arguments per
// provider, by the provider's name (or source address), as the "provider"
// object of Terraform's JSON syntax does: {"docker": {"host": "..."}}.
// Each provider gets its own; one the object does not name gets none.
func DefaultTerraformSetup(_ context.Context, req TerraformSetupRequest) (map[string]any, error) {
	if req.Source != resource.CredentialsSecret {
		return nil, nil
	}
	args, err := DecodeProviderArguments(req.Credentials)
	if err != nil || len(req.Providers) < 2 {
		return args, err
	}
	return ArgumentsOfProvider(args, req.Provider, req.Providers)
}

// ArgumentsOfProvider picks the arguments of provider p from obj, which
// holds an object of arguments for each provider of all by its name or
// source address. A key that names no provider of all is an error (an
// object of arguments meant for one provider, given to every one, is
// one); a provider obj does not name gets no arguments.
func ArgumentsOfProvider(obj map[string]any, p *schema.Provider, all []*schema.Provider) (map[string]any, error) {
	var names []string
	known := map[string]bool{}
	for _, q := range all {
		names = append(names, q.Name())
		known[q.Name()], known[q.Source] = true, true
	}
	sort.Strings(names)
	for _, k := range sortedKeys(obj) {
		if known[k] {
			continue
		}
		hint := diag.DidYouMean(k, names)
		if hint != "" {
			hint = " (" + hint + ")"
		}
		return nil, fmt.Errorf("hold %q, which is no provider of this API%s: with several providers they hold the arguments of each by its name, such as {%q: {...}}; the providers are %s", k, hint, names[0], quoted(names))
	}
	if p == nil {
		return nil, nil
	}
	v := obj[p.Name()]
	if s, ok := obj[p.Source]; ok {
		v = s
	}
	if v == nil {
		return nil, nil
	}
	args, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("hold a JSON %s for provider %q, not an object of its arguments", jsonKind(v), p.Name())
	}
	return args, nil
}

// DecodeProviderArguments decodes a JSON object of provider arguments.
// Its errors say where the JSON is wrong but never quote it: it holds
// credentials.
func DecodeProviderArguments(data []byte) (map[string]any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		var syn *json.SyntaxError
		switch {
		case errors.As(err, &syn):
			return nil, fmt.Errorf("is not valid JSON (error at byte %d)", syn.Offset)
		case len(bytes.TrimSpace(data)) == 0:
			return nil, errors.New("is empty; it must be a JSON object of provider arguments")
		}
		return nil, errors.New("is not valid JSON (it ends early)")
	}
	if d.More() {
		return nil, errors.New("holds more than one JSON value; it must be one JSON object of provider arguments")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("is a JSON %s, not an object of provider arguments such as {\"host\": \"...\"}", jsonKind(v))
	}
	return obj, nil
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	}
	return "object"
}

// CheckProviderArguments checks provider block arguments against the
// provider's schema: every argument must exist and have the right type,
// every required argument must be there. Each problem is a diagnostic
// whose Path is the argument's path; messages never quote values.
func CheckProviderArguments(p *schema.Provider, args map[string]any) diag.Diagnostics {
	if p == nil {
		return nil
	}
	blk := p.Config
	if blk == nil {
		blk = &schema.Block{}
	}
	var ds diag.Diagnostics
	checkBlock(blk, args, "", &ds)
	return ds
}

func checkBlock(b *schema.Block, args map[string]any, at string, ds *diag.Diagnostics) {
	bad := func(path, summary, suggestion string) {
		*ds = append(*ds, &diag.Diagnostic{Summary: summary, Path: path, Suggestion: suggestion})
	}
	for _, name := range sortedKeys(args) {
		v := args[name]
		path := at + name
		if a := b.Attribute(name); a != nil {
			if a.ComputedOnly() {
				bad(path, fmt.Sprintf("argument %q is set by the provider, not by its configuration", path), "remove it")
				continue
			}
			if v == nil {
				continue
			}
			raw, err := json.Marshal(v)
			if err == nil {
				_, err = ctyjson.Unmarshal(raw, a.Type)
			}
			if err != nil {
				bad(path, fmt.Sprintf("argument %q must be %s", path, a.Type.FriendlyName()), "")
			}
			continue
		}
		if nb := b.NestedBlock(name); nb != nil {
			if v == nil {
				continue
			}
			checkNested(nb, v, path, ds)
			continue
		}
		var names []string
		for _, a := range b.Attributes {
			if !a.ComputedOnly() {
				names = append(names, a.Name)
			}
		}
		for _, nb := range b.Blocks {
			names = append(names, nb.Name)
		}
		sort.Strings(names)
		hint := diag.DidYouMean(name, names)
		if hint == "" && len(names) > 0 {
			hint = fmt.Sprintf("the provider's arguments are %s", quoted(names))
		} else if hint == "" {
			hint = "the provider takes no arguments: use source None"
		}
		bad(path, fmt.Sprintf("the provider has no argument %q", path), hint)
	}
	for _, a := range b.Attributes {
		if a.Required && args[a.Name] == nil {
			bad(at+a.Name, fmt.Sprintf("the required argument %q is missing", at+a.Name), "")
		}
	}
	for _, nb := range b.Blocks {
		if nb.MinItems > 0 && args[nb.Name] == nil {
			bad(at+nb.Name, fmt.Sprintf("the required block %q is missing", at+nb.Name), "")
		}
	}
}

func checkNested(nb *schema.NestedBlock, v any, path string, ds *diag.Diagnostics) {
	switch nb.Nesting {
	case schema.NestingSingle, schema.NestingGroup:
		if obj, ok := v.(map[string]any); ok {
			checkBlock(nb.Block, obj, path+".", ds)
			return
		}
		if list, ok := v.([]any); ok && len(list) <= 1 {
			for _, e := range list {
				checkNested(nb, e, path, ds)
			}
			return
		}
		*ds = append(*ds, &diag.Diagnostic{Summary: fmt.Sprintf("block %q must be a JSON object", path), Path: path})
	case schema.NestingMap:
		obj, ok := v.(map[string]any)
		if !ok {
			*ds = append(*ds, &diag.Diagnostic{Summary: fmt.Sprintf("block %q must be a JSON object of blocks by label", path), Path: path})
			return
		}
		for _, k := range sortedKeys(obj) {
			e, ok := obj[k].(map[string]any)
			if !ok {
				*ds = append(*ds, &diag.Diagnostic{Summary: fmt.Sprintf("block %q must be a JSON object", path+"."+k), Path: path + "." + k})
				continue
			}
			checkBlock(nb.Block, e, path+"."+k+".", ds)
		}
	default:
		list, ok := v.([]any)
		if !ok {
			if obj, isObj := v.(map[string]any); isObj {
				list = []any{obj} // one block, as Terraform's JSON syntax allows
			} else {
				*ds = append(*ds, &diag.Diagnostic{Summary: fmt.Sprintf("block %q must be a JSON array of objects", path), Path: path})
				return
			}
		}
		for i, e := range list {
			p := fmt.Sprintf("%s[%d]", path, i)
			obj, ok := e.(map[string]any)
			if !ok {
				*ds = append(*ds, &diag.Diagnostic{Summary: fmt.Sprintf("block %q must be a JSON object", p), Path: p})
				continue
			}
			checkBlock(nb.Block, obj, p+".", ds)
		}
	}
}

func quoted(names []string) string {
	var b bytes.Buffer
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", n)
	}
	return b.String()
}
