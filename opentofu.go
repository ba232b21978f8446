package tfkit

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
)

// This file holds the parts of the language that OpenTofu alone accepts:
// state and plan encryption, and providers with for_each. A stack that
// uses them is refused by terraform before it runs (docs/engines.md).

// Encryption is OpenTofu's state and plan encryption, the encryption
// block of the terraform settings (TerraformConfig.Encryption). Key
// providers make keys, methods encrypt with them, and State and Plan say
// which method encrypts what; OpenTofu 1.7 or later.
type Encryption struct {
	KeyProviders []*KeyProvider
	Methods      []*EncryptionMethod
	// State and Plan are the state and plan settings; nil leaves them
	// out (and that file unencrypted).
	State, Plan *EncryptionTarget
	// RemoteStateDataSources is the body of a remote_state_data_sources
	// block, for reading other configurations' encrypted state.
	RemoteStateDataSources Body
}

// KeyProvider is a key_provider block: key_provider "pbkdf2" "main" {
// passphrase = ... }. Methods take its Ref as their keys.
type KeyProvider struct {
	Type, Name string
	Body       Body
}

// NewKeyProvider returns a key provider of typ (pbkdf2, aws_kms, ...)
// named name with its settings.
func NewKeyProvider(typ, name string, body Body) *KeyProvider {
	return &KeyProvider{Type: typ, Name: name, Body: body}
}

// Ref refers to the key provider's keys: key_provider.pbkdf2.main.
func (k *KeyProvider) Ref() Expr { return reference("key_provider", k.Type, k.Name) }

// EncryptionMethod is a method block: method "aes_gcm" "main" { keys =
// ... }; the method "unencrypted" takes no body and marks the way in and
// out of encryption.
type EncryptionMethod struct {
	Type, Name string
	Body       Body
}

// NewEncryptionMethod returns a method of typ (aes_gcm, unencrypted) named
// name with its settings.
func NewEncryptionMethod(typ, name string, body Body) *EncryptionMethod {
	return &EncryptionMethod{Type: typ, Name: name, Body: body}
}

// Ref refers to the method: method.aes_gcm.main.
func (m *EncryptionMethod) Ref() Expr { return reference("method", m.Type, m.Name) }

// EncryptionTarget is the state or plan block of Encryption.
type EncryptionTarget struct {
	// Method encrypts: an EncryptionMethod or its Ref.
	Method any
	// Enforced refuses to write the file unencrypted.
	Enforced bool
	// Fallback is the method that reads what Method cannot, while moving
	// from one method to another: an EncryptionMethod or its Ref.
	Fallback any
}

// encryptionBlock converts e into the encryption block.
func (c *conv) encryptionBlock(site hcl.Range, e *Encryption) *config.Block {
	const path = "terraform.encryption"
	b := config.NewBlock("encryption")
	b.DeclRange = site
	labeled := func(typ, kind, name string, body Body) {
		p := fmt.Sprintf("%s.%s.%s.%s", path, typ, kind, name)
		for _, l := range []struct{ what, v string }{{"type", kind}, {"name", name}} {
			if !hclsyntax.ValidIdentifier(l.v) {
				c.errorf(p, fmt.Sprintf("Invalid %s %s", typ, l.what),
					fmt.Sprintf("%q is not a valid %s %s.", l.v, typ, l.what), "names start with a letter or underscore and contain letters, digits, underscores and dashes")
			}
		}
		nb := config.NewBlock(typ, kind, name)
		nb.DeclRange = site
		nb.Body.Items = c.body(body, p)
		b.Body.AppendBlock(nb)
	}
	for _, k := range e.KeyProviders {
		if k != nil {
			labeled("key_provider", k.Type, k.Name, k.Body)
		}
	}
	for _, m := range e.Methods {
		if m != nil {
			labeled("method", m.Type, m.Name, m.Body)
		}
	}
	target := func(typ string, t *EncryptionTarget) {
		if t == nil {
			return
		}
		p := path + "." + typ
		tb := config.NewBlock(typ)
		tb.DeclRange = site
		if t.Method == nil {
			c.errorf(p+".method", "Missing encryption method",
				fmt.Sprintf("The %s settings name no method.", typ), "set Method to a method of the encryption block")
		} else {
			tb.Body.Set("method", c.valueOrNull(methodValue(t.Method), p+".method")).Range = site
		}
		if t.Enforced {
			tb.Body.Set("enforced", config.Bool(true)).Range = site
		}
		if t.Fallback != nil {
			fb := config.NewBlock("fallback")
			fb.DeclRange = site
			fb.Body.Set("method", c.valueOrNull(methodValue(t.Fallback), p+".fallback.method")).Range = site
			tb.Body.AppendBlock(fb)
		}
		b.Body.AppendBlock(tb)
	}
	target("state", e.State)
	target("plan", e.Plan)
	if !isNil(e.RemoteStateDataSources) {
		rb := config.NewBlock("remote_state_data_sources")
		rb.DeclRange = site
		rb.Body.Items = c.body(e.RemoteStateDataSources, path+".remote_state_data_sources")
		b.Body.AppendBlock(rb)
	}
	return b
}

// methodValue lets a method be given by its handle.
func methodValue(v any) any {
	if m, ok := v.(*EncryptionMethod); ok && m != nil {
		return m.Ref()
	}
	return v
}

// ForEach makes the provider block one configuration per element of coll
// (a map or a set of strings), OpenTofu 1.9 or later; it needs an Alias.
// Resources and modules select an instance with Instance.
func (p *Provider) ForEach(coll any) *Provider {
	p.set(callerSite(), "for_each", coll)
	return p
}

// Instance is one configuration of a provider with for_each, the value of
// a resource's or module's provider: aws.by_region["eu-west-1"], or
// aws.by_region[each.key] with an expression key.
func (p *Provider) Instance(key any) *ProviderInstance {
	return &ProviderInstance{p: p, key: key}
}

// ProviderInstance is one instance of a provider with for_each; see
// Provider.Instance.
type ProviderInstance struct {
	p   *Provider
	key any
}

// Block returns the provider's block.
func (pi *ProviderInstance) Block() *config.Block { return pi.p.Block() }

// Stack returns the provider's stack.
func (pi *ProviderInstance) Stack() *Stack { return pi.p.stack }

// Ref returns the reference to the instance: aws.by_region["eu-west-1"].
func (pi *ProviderInstance) Ref() Expr { return pi.p.Ref().Index(pi.key) }
