// Package notetest is a provider for jet's controller tests whose one
// resource, jetnote_note, has no id attribute: a note is a file named by
// its name argument, the resource's identity (NameAsIdentifier("name")).
// Its plugin is built by the tests into a filesystem mirror of their own.
package notetest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tfkit/tfkit/provider"
)

// Source and Version of the provider.
const (
	Source  = "registry.terraform.io/tfkit/jetnote"
	Version = "0.1.0"
)

// EnvRoot names the directory that holds the notes.
const EnvRoot = "JETNOTE_ROOT"

// New returns the provider.
func New() *provider.Provider {
	return &provider.Provider{
		Resources: map[string]*provider.Resource{
			"jetnote_note": {
				Schema: provider.Schema{
					Description: "A note: the file <root>/<name>.",
					Attributes: map[string]*provider.Attribute{
						"name": {Type: provider.String, Required: true, RequiresReplace: true, Description: "The note's name."},
						"text": {Type: provider.String, Optional: true, Description: "The note's text."},
					},
				},
				Create: write,
				Update: func(ctx *provider.Context, _, plan provider.Values) provider.Values { return write(ctx, plan) },
				Read: func(ctx *provider.Context, state provider.Values) provider.Values {
					b, err := os.ReadFile(path(state.String("name")))
					if errors.Is(err, fs.ErrNotExist) {
						return nil
					}
					if err != nil {
						ctx.Error("", "Cannot read the note", err.Error())
						return nil
					}
					return provider.Values{"text": string(b)}
				},
				Delete: func(ctx *provider.Context, state provider.Values) {
					if err := os.Remove(path(state.String("name"))); err != nil && !errors.Is(err, fs.ErrNotExist) {
						ctx.Error("", "Cannot delete the note", err.Error())
					}
				},
			},
		},
	}
}

func path(name string) string { return filepath.Join(os.Getenv(EnvRoot), name) }

func write(ctx *provider.Context, plan provider.Values) provider.Values {
	if err := os.WriteFile(path(plan.String("name")), []byte(plan.String("text")), 0o600); err != nil {
		ctx.Error("", "Cannot write the note", err.Error())
	}
	return nil
}
