package tfkit

import "github.com/tfkit/tfkit/config"

// Block and Stack of each handle: its block in the configuration model and
// the stack it was declared in; nil for a nil handle or one its
// constructor did not make (see misuse.go), where the promoted methods of
// element would dereference nil.

// Block returns the element's block in the configuration model; nil for a nil handle.
func (p *Provider) Block() *config.Block {
	if p == nil {
		return nil
	}
	return p.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (p *Provider) Stack() *Stack {
	if p == nil {
		return nil
	}
	return p.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (v *Variable) Block() *config.Block {
	if v == nil {
		return nil
	}
	return v.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (v *Variable) Stack() *Stack {
	if v == nil {
		return nil
	}
	return v.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (o *Output) Block() *config.Block {
	if o == nil {
		return nil
	}
	return o.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (o *Output) Stack() *Stack {
	if o == nil {
		return nil
	}
	return o.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (l *Locals) Block() *config.Block {
	if l == nil {
		return nil
	}
	return l.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (l *Locals) Stack() *Stack {
	if l == nil {
		return nil
	}
	return l.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (m *Module) Block() *config.Block {
	if m == nil {
		return nil
	}
	return m.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (m *Module) Stack() *Stack {
	if m == nil {
		return nil
	}
	return m.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (t *Terraform) Block() *config.Block {
	if t == nil {
		return nil
	}
	return t.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (t *Terraform) Stack() *Stack {
	if t == nil {
		return nil
	}
	return t.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (m *Moved) Block() *config.Block {
	if m == nil {
		return nil
	}
	return m.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (m *Moved) Stack() *Stack {
	if m == nil {
		return nil
	}
	return m.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (i *Import) Block() *config.Block {
	if i == nil {
		return nil
	}
	return i.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (i *Import) Stack() *Stack {
	if i == nil {
		return nil
	}
	return i.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (r *Removed) Block() *config.Block {
	if r == nil {
		return nil
	}
	return r.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (r *Removed) Stack() *Stack {
	if r == nil {
		return nil
	}
	return r.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (ch *Check) Block() *config.Block {
	if ch == nil {
		return nil
	}
	return ch.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (ch *Check) Stack() *Stack {
	if ch == nil {
		return nil
	}
	return ch.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (e *Ephemeral) Block() *config.Block {
	if e == nil {
		return nil
	}
	return e.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (e *Ephemeral) Stack() *Stack {
	if e == nil {
		return nil
	}
	return e.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (r *Resource) Block() *config.Block {
	if r == nil {
		return nil
	}
	return r.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (r *Resource) Stack() *Stack {
	if r == nil {
		return nil
	}
	return r.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (d *DataSource) Block() *config.Block {
	if d == nil {
		return nil
	}
	return d.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (d *DataSource) Stack() *Stack {
	if d == nil {
		return nil
	}
	return d.stack
}

// Block returns the element's block in the configuration model; nil for a nil handle.
func (e *RawElement) Block() *config.Block {
	if e == nil {
		return nil
	}
	return e.block
}

// Stack returns the stack the element was declared in; nil for a nil handle.
func (e *RawElement) Stack() *Stack {
	if e == nil {
		return nil
	}
	return e.stack
}

// The methods of *RemoteState are those of the *DataSource it embeds,
// written out so that a nil *RemoteState reaches the data source's
// checks (see misuse.go) instead of dereferencing nil.

func (r *RemoteState) ds() *DataSource {
	if r == nil {
		return nil
	}
	return r.DataSource
}

// Ref is (*DataSource).Ref.
func (r *RemoteState) Ref(path ...string) Expr {
	return r.ds().Ref(path...)
}

// Count is (*DataSource).Count.
func (r *RemoteState) Count(n any) *DataSource {
	return r.ds().Count(n)
}

// ForEach is (*DataSource).ForEach.
func (r *RemoteState) ForEach(coll any) *DataSource {
	return r.ds().ForEach(coll)
}

// DependsOn is (*DataSource).DependsOn.
func (r *RemoteState) DependsOn(els ...Element) *DataSource {
	return r.ds().DependsOn(els...)
}

// Provider is (*DataSource).Provider.
func (r *RemoteState) Provider(p Element) *DataSource {
	return r.ds().Provider(p)
}

// Lifecycle is (*DataSource).Lifecycle.
func (r *RemoteState) Lifecycle(l Lifecycle) *DataSource {
	return r.ds().Lifecycle(l)
}

// Dynamic is (*DataSource).Dynamic.
func (r *RemoteState) Dynamic(blockType string, dyn Dynamic) *DataSource {
	return r.ds().Dynamic(blockType, dyn)
}

// Set is (*DataSource).Set.
func (r *RemoteState) Set(name string, value any) *DataSource {
	return r.ds().Set(name, value)
}

// Append is (*DataSource).Append.
func (r *RemoteState) Append(body Body) *DataSource {
	return r.ds().Append(body)
}

// Override is (*DataSource).Override.
func (r *RemoteState) Override(path string, value any) *DataSource {
	return r.ds().Override(path, value)
}

// Unset is (*DataSource).Unset.
func (r *RemoteState) Unset(path string) *DataSource {
	return r.ds().Unset(path)
}

// Block returns the data source's block; nil for a nil handle.
func (r *RemoteState) Block() *config.Block { return r.ds().Block() }

// Stack returns the data source's stack; nil for a nil handle.
func (r *RemoteState) Stack() *Stack { return r.ds().Stack() }
