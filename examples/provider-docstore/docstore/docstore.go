package docstore

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/tfkit/tfkit/provider"
)

// Source is the provider's source address.
const Source = "registry.terraform.io/tfkit/docstore"

// Version is the provider's version, the one the install script puts in
// the filesystem mirror.
const Version = "0.1.0"

// store is what Configure returns: the root directory.
type store struct{ root string }

// New returns the docstore provider.
func New() *provider.Provider {
	return &provider.Provider{
		Schema: provider.Schema{
			Description: "A local store of JSON documents.",
			Attributes: map[string]*provider.Attribute{
				"root": {Type: provider.String, Optional: true,
					Description: "The directory holding the documents; default `$DOCSTORE_ROOT`, else `./docstore`."},
			},
		},
		Configure: configure,
		Resources: map[string]*provider.Resource{
			"docstore_document":   documentResource(),
			"docstore_collection": collectionResource(),
		},
		DataSources: map[string]*provider.DataSource{
			"docstore_document": documentDataSource(),
		},
		Functions: map[string]*provider.Function{
			"canonical_json": {
				Summary:     "The canonical form of a JSON text",
				Description: "Returns the JSON text with object keys sorted and no insignificant whitespace: the text whose SHA-256 is a document's `sha256`.",
				Parameters:  []provider.Parameter{{Name: "json", Type: provider.String, Description: "A JSON text."}},
				Return:      provider.String,
				Call: func(ctx *provider.Context, args []any) any {
					s, err := canonical(args[0].(string))
					if err != nil {
						ctx.ArgumentError(0, "invalid JSON: "+err.Error())
						return nil
					}
					return s
				},
			},
		},
	}
}

func configure(ctx *provider.Context, config provider.Values) any {
	root := config.String("root")
	if root == "" {
		root = os.Getenv("DOCSTORE_ROOT")
	}
	if root == "" {
		root = "docstore"
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		ctx.Error("root", "Invalid root directory", err.Error())
		return nil
	}
	return &store{root: abs}
}

// canonical returns the canonical text of a JSON text.
func canonical(text string) (string, error) {
	v, err := decode(text)
	if err != nil {
		return "", err
	}
	return provider.CanonicalJSON(v)
}

func decode(text string) (any, error) {
	var v any
	dec := json.NewDecoder(bytesReader(text))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func (s *store) path(ctx *provider.Context, name string) (string, bool) {
	if !nameRE.MatchString(name) {
		ctx.Error("name", "Invalid document name",
			fmt.Sprintf("%q: a name is letters, digits, '.', '_' and '-', starting with a letter or digit, so that the document stays inside the store.", name))
		return "", false
	}
	return filepath.Join(s.root, name+".json"), true
}

// document is a document file: the content and the store's own fields.
type document struct {
	Content  json.RawMessage   `json:"content"`
	Tags     map[string]string `json:"tags,omitempty"`
	Revision int64             `json:"revision"`
}

func documentResource() *provider.Resource {
	return &provider.Resource{
		Schema: provider.Schema{
			Description: "A JSON document, stored as `<root>/<name>.json`.",
			Attributes: map[string]*provider.Attribute{
				"name":     {Type: provider.String, Required: true, RequiresReplace: true, Description: "The document's name; changing it replaces the document."},
				"content":  {Type: provider.NormalizedJSON, Required: true, Description: "The document, as JSON. Key order and whitespace make no difference."},
				"tags":     {Type: provider.Map(provider.String), Optional: true, Description: "Labels kept with the document."},
				"id":       {Type: provider.String, Computed: true, UseStateForUnknown: true, Description: "The name."},
				"sha256":   {Type: provider.String, Computed: true, Description: "SHA-256 (hex) of the canonical JSON: keys sorted, no insignificant whitespace."},
				"revision": {Type: provider.Int64, Computed: true, Description: "1 on create, one more on each update."},
			},
		},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
			return writeDocument(ctx, plan, 1)
		},
		Read: func(ctx *provider.Context, state provider.Values) provider.Values {
			return readDocument(ctx, state.String("name"))
		},
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
			return writeDocument(ctx, plan, prior.Int64("revision")+1)
		},
		Delete: func(ctx *provider.Context, state provider.Values) {
			s := ctx.Client.(*store)
			p, ok := s.path(ctx, state.String("name"))
			if !ok {
				return
			}
			if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
				ctx.Error("", "Cannot delete the document", err.Error())
			}
		},
		Import: func(ctx *provider.Context, id string) provider.Values {
			return readDocument(ctx, id)
		},
	}
}

func writeDocument(ctx *provider.Context, plan provider.Values, revision int64) provider.Values {
	s := ctx.Client.(*store)
	name := plan.String("name")
	p, ok := s.path(ctx, name)
	if !ok {
		return nil
	}
	text, err := provider.CanonicalJSON(plan["content"])
	if err != nil {
		ctx.Error("content", "Invalid content", err.Error())
		return nil
	}
	var tags map[string]string
	if m := plan.Map("tags"); m != nil {
		tags = make(map[string]string, len(m))
		for k, v := range m {
			tags[k], _ = v.(string)
		}
	}
	data, err := json.MarshalIndent(document{Content: json.RawMessage(text), Tags: tags, Revision: revision}, "", "  ")
	if err != nil {
		ctx.Error("", "Cannot encode the document", err.Error())
		return nil
	}
	if err := writeFileAtomic(p, append(data, '\n')); err != nil {
		ctx.Error("", "Cannot write the document", err.Error())
		return nil
	}
	return provider.Values{"id": name, "sha256": sum(text), "revision": revision}
}

// readDocument returns a document's attributes, or nil when it does not
// exist.
func readDocument(ctx *provider.Context, name string) provider.Values {
	s := ctx.Client.(*store)
	p, ok := s.path(ctx, name)
	if !ok {
		return nil
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		ctx.Error("", "Cannot read the document", err.Error())
		return nil
	}
	var doc document
	if err := json.Unmarshal(data, &doc); err != nil {
		ctx.Error("", "Corrupt document file", fmt.Sprintf("%s: %v", p, err))
		return nil
	}
	content, err := decode(string(doc.Content))
	if err != nil {
		ctx.Error("", "Corrupt document file", fmt.Sprintf("%s: content: %v", p, err))
		return nil
	}
	text, _ := provider.CanonicalJSON(content)
	var tags any
	if doc.Tags != nil {
		m := make(map[string]any, len(doc.Tags))
		for k, v := range doc.Tags {
			m[k] = v
		}
		tags = m
	}
	return provider.Values{
		"name": name, "id": name, "content": content, "tags": tags,
		"sha256": sum(text), "revision": doc.Revision,
	}
}

func sum(text string) string {
	h := sha256.Sum256([]byte(text))
	return hex.EncodeToString(h[:])
}

func documentDataSource() *provider.DataSource {
	return &provider.DataSource{
		Schema: provider.Schema{
			Description: "Reads a document of the store.",
			Attributes: map[string]*provider.Attribute{
				"name":     {Type: provider.String, Required: true, Description: "The document's name."},
				"content":  {Type: provider.NormalizedJSON, Computed: true, Description: "The document, as canonical JSON."},
				"sha256":   {Type: provider.String, Computed: true, Description: "SHA-256 (hex) of the canonical JSON."},
				"revision": {Type: provider.Int64, Computed: true, Description: "The document's revision."},
			},
		},
		Read: func(ctx *provider.Context, config provider.Values) provider.Values {
			name := config.String("name")
			v := readDocument(ctx, name)
			if v == nil && !ctx.HasError() {
				ctx.Error("name", "No such document", fmt.Sprintf("The store has no document %q.", name))
				return nil
			}
			if v == nil {
				return nil
			}
			return provider.Values{"content": v["content"], "sha256": v["sha256"], "revision": v["revision"]}
		},
	}
}

// collection is a collection file.
type collection struct {
	Items []collectionItem `json:"items"`
}

type collectionItem struct {
	Key   string  `json:"key"`
	Value *string `json:"value"`
}

func collectionResource() *provider.Resource {
	return &provider.Resource{
		Schema: provider.Schema{
			Description: "A set of key/value items stored as one file, `<root>/<name>.collection.json`.",
			Attributes: map[string]*provider.Attribute{
				"name": {Type: provider.String, Required: true, RequiresReplace: true, Description: "The collection's name; changing it replaces the collection."},
				"id":   {Type: provider.String, Computed: true, UseStateForUnknown: true, Description: "The name."},
			},
			Blocks: map[string]*provider.Block{
				"item": {
					Nesting:     provider.NestingSet,
					Description: "One item of the collection.",
					Attributes: map[string]*provider.Attribute{
						"key":   {Type: provider.String, Required: true},
						"value": {Type: provider.String, Optional: true},
					},
				},
			},
		},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values {
			return writeCollection(ctx, plan)
		},
		Read: func(ctx *provider.Context, state provider.Values) provider.Values {
			return readCollection(ctx, state.String("name"))
		},
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values {
			return writeCollection(ctx, plan)
		},
		Delete: func(ctx *provider.Context, state provider.Values) {
			s := ctx.Client.(*store)
			if p, ok := s.collectionPath(ctx, state.String("name")); ok {
				if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
					ctx.Error("", "Cannot delete the collection", err.Error())
				}
			}
		},
		Import: func(ctx *provider.Context, id string) provider.Values {
			return readCollection(ctx, id)
		},
	}
}

func (s *store) collectionPath(ctx *provider.Context, name string) (string, bool) {
	p, ok := s.path(ctx, name)
	if !ok {
		return "", false
	}
	return p[:len(p)-len(".json")] + ".collection.json", true
}

func writeCollection(ctx *provider.Context, plan provider.Values) provider.Values {
	s := ctx.Client.(*store)
	name := plan.String("name")
	p, ok := s.collectionPath(ctx, name)
	if !ok {
		return nil
	}
	items := plan.List("item")
	c := collection{Items: make([]collectionItem, 0, len(items))}
	for _, it := range items {
		m := it.(map[string]any)
		ci := collectionItem{Key: m["key"].(string)}
		if v, ok := m["value"].(string); ok {
			ci.Value = &v
		}
		c.Items = append(c.Items, ci)
	}
	// Sorted, so that the file does not depend on the set's order.
	sort.Slice(c.Items, func(i, j int) bool {
		a, b := c.Items[i], c.Items[j]
		if a.Key != b.Key {
			return a.Key < b.Key
		}
		return deref(a.Value) < deref(b.Value)
	})
	data, err := json.Marshal(c)
	if err != nil {
		ctx.Error("", "Cannot encode the collection", err.Error())
		return nil
	}
	if err := writeFileAtomic(p, append(data, '\n')); err != nil {
		ctx.Error("", "Cannot write the collection", err.Error())
		return nil
	}
	return provider.Values{"id": name}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func readCollection(ctx *provider.Context, name string) provider.Values {
	s := ctx.Client.(*store)
	p, ok := s.collectionPath(ctx, name)
	if !ok {
		return nil
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		ctx.Error("", "Cannot read the collection", err.Error())
		return nil
	}
	var c collection
	if err := json.Unmarshal(data, &c); err != nil {
		ctx.Error("", "Corrupt collection file", fmt.Sprintf("%s: %v", p, err))
		return nil
	}
	items := make([]any, len(c.Items))
	for i, it := range c.Items {
		var v any
		if it.Value != nil {
			v = *it.Value
		}
		items[i] = map[string]any{"key": it.Key, "value": v}
	}
	return provider.Values{"name": name, "id": name, "item": items}
}

// writeFileAtomic writes through a temporary file in the same directory,
// so that a failure never leaves half a document.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

func bytesReader(s string) *strings.Reader { return strings.NewReader(s) }
