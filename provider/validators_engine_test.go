package provider_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// Validators check a configuration when the engine validates it, and
// show what is wrong at the attribute's line: in nested blocks with the
// block's index (rule[1].port), in nested attributes at the attribute
// with the element's path in the detail. A value known only after apply
// is checked once known.
func TestValidatorsThroughEngine(t *testing.T) {
	write := func(ctx *provider.Context, plan provider.Values) provider.Values {
		return provider.Values{"id": "ID-" + plan.String("name")}
	}
	p := &provider.Provider{Resources: map[string]*provider.Resource{"val_thing": {
		Schema: provider.Schema{
			Attributes: map[string]*provider.Attribute{
				"id": {Type: provider.String, Computed: true},
				"name": {Type: provider.String, Required: true, Validators: []provider.Validator{
					provider.LengthBetween(1, 8),
					provider.RegexMatches(regexp.MustCompile(`^[a-z-]+$`), "lower case letters and dashes"),
				}},
				"mode":     {Type: provider.String, Optional: true, Validators: []provider.Validator{provider.OneOf("fast", "slow")}},
				"port":     {Type: provider.Int64, Optional: true, Validators: []provider.Validator{provider.Between(1, 65535), provider.ConflictsWith("socket")}},
				"socket":   {Type: provider.String, Optional: true},
				"user":     {Type: provider.String, Optional: true, Validators: []provider.Validator{provider.RequiresWith("password")}},
				"password": {Type: provider.String, Optional: true, Sensitive: true, Validators: []provider.Validator{provider.LengthAtLeast(4)}},
				"url":      {Type: provider.String, Optional: true, Validators: []provider.Validator{provider.ExactlyOneOf("file")}},
				"file":     {Type: provider.String, Optional: true},
				"entries": {Optional: true, Nested: &provider.Nested{Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
					"key": {Type: provider.String, Required: true, Validators: []provider.Validator{provider.LengthAtMost(3)}},
				}}},
			},
			Blocks: map[string]*provider.Block{
				"rule": {Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
					"port":  {Type: provider.Int64, Optional: true, Validators: []provider.Validator{provider.AtLeast(1), provider.AtLeastOneOf("range")}},
					"range": {Type: provider.String, Optional: true},
				}},
				"tag": {Nesting: provider.NestingSet, Attributes: map[string]*provider.Attribute{
					"key": {Type: provider.String, Required: true, Validators: []provider.Validator{provider.LengthAtMost(3)}},
				}},
			},
		},
		Create: write,
		Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
		Update: func(ctx *provider.Context, prior, plan provider.Values) provider.Values { return write(ctx, plan) },
		Delete: func(ctx *provider.Context, s provider.Values) {},
	}}}
	config := func(extra string) string {
		return fmt.Sprintf(`
resource "val_thing" "a" {
  name = "ok"
  url  = "https://example.com"
  rule {
    port = 80
  }
  %s
}
`, extra)
	}
	bad := func(extra, message, at string) providertest.Step {
		return providertest.Step{Config: config(extra), ExpectError: regexp.MustCompile(message), ErrorAttribute: at}
	}
	providertest.Test(t, providertest.Case{Provider: p, Source: "tfkit/val", Steps: []providertest.Step{
		{Config: config(`entries = [{ key = "abc" }]`), ExpectActions: map[string]string{"val_thing.a": "create"}},
		bad(`mode = "medium"`, `mode: must be one of "fast" or "slow"`, "mode"),
		bad(`port = 70000`, `port: must be between 1 and 65535`, "port"),
		bad(`port = 1
  socket = "/run/s"`, `port: cannot be set together with socket: remove one of them`, "port"),
		bad(`user = "me"`, `user: needs password to be set too`, "user"),
		bad(`password = "abc"`, `password: must be at least 4 characters long$`, "password"),
		bad(`file = "/etc/x"`, `url: cannot be set together with file: set exactly one of url or file`, "url"),
		bad(`entries = [{ key = "abc" }, { key = "abcd" }]`, `key: must be at most 3 characters long\s+At entries\[1\]\.key\.`, "entries"),
		bad(`rule {
    port = 0
  }`, `configuration\nport: must be at least 1`, "rule[1].port"),
		bad(`rule {
  }`, `port: one of port or range must be set`, ""),
		bad(`tag {
    key = "ok"
  }
  tag {
    key = "long"
  }`, `key: must be at most 3 characters long\s+At key in the tag block with key = "long"\.`, ""),
		{
			// Inside a value not wholly known, the known elements are
			// checked when the engine plans.
			Config: config(`entries = [{ key = "abcd" }, { key = val_thing.c.id }]`) + `
resource "val_thing" "c" {
  name = "c"
  file = "/etc/x"
}
`,
			PlanOnly:       true,
			ExpectError:    regexp.MustCompile(`key: must be at most 3 characters long\s+At entries\[0\]\.key\.`),
			ErrorAttribute: "entries",
		},
		{
			// The name is unknown until val_thing.c exists: checked then.
			Config: config("") + `
resource "val_thing" "c" {
  name = "c"
  file = "/etc/x"
}
resource "val_thing" "b" {
  name = val_thing.c.id
  file = "/etc/x"
}
`,
			ExpectError: regexp.MustCompile(`name: must be lower case letters and dashes`),
		},
		{Config: config("") + `
resource "val_thing" "c" {
  name = "c"
  file = "/etc/x"
}
resource "val_thing" "b" {
  name = lower(val_thing.c.id)
  file = "/etc/x"
}
`},
	}})
}

// Check refuses validators that could never pass or that name what the
// body does not have.
func TestValidatorsChecked(t *testing.T) {
	p := &provider.Provider{Resources: map[string]*provider.Resource{"val_thing": {
		Schema: provider.Schema{
			Attributes: map[string]*provider.Attribute{
				"count_of": {Type: provider.Int64, Optional: true, Validators: []provider.Validator{provider.LengthBetween(1, 2), provider.Between(5, 1)}},
				"name":     {Type: provider.String, Optional: true, Validators: []provider.Validator{nil, provider.ConflictsWith("nmae"), provider.OneOf()}},
			},
			Blocks: map[string]*provider.Block{"rule": {Nesting: provider.NestingList, Attributes: map[string]*provider.Attribute{
				"port": {Type: provider.String, Optional: true, Validators: []provider.Validator{provider.Between(1, 2), provider.ExactlyOneOf("name")}},
			}}},
		},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
		Read:   func(ctx *provider.Context, s provider.Values) provider.Values { return s },
		Delete: func(ctx *provider.Context, s provider.Values) {},
	}}}
	err := p.Check()
	if err == nil {
		t.Fatal("Check accepted the validators")
	}
	for _, want := range []string{
		"resource val_thing: attribute count_of: Validators[0]: a length validator is for String attributes",
		"resource val_thing: attribute count_of: Validators[1]: the range 5 to 1 is empty",
		"resource val_thing: attribute name: Validators[0]: is nil",
		`resource val_thing: attribute name: Validators[1]: "nmae" is not an attribute or block beside name`,
		"resource val_thing: attribute name: Validators[2]: OneOf was given no values",
		"resource val_thing: attribute rule.port: Validators[0]: a number range is for Int64, Float64 and Number attributes",
		`resource val_thing: attribute rule.port: Validators[1]: "name" is not an attribute or block beside port`,
	} {
		if !regexp.MustCompile(regexp.QuoteMeta(want)).MatchString(err.Error()) {
			t.Errorf("Check's error lacks %q:\n%v", want, err)
		}
	}
}
