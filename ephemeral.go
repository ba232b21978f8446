package tfkit

// Ephemeral is an ephemeral resource (Terraform 1.10 and later):
// `ephemeral "random_password" "db" { ... }`. Terraform opens it anew on
// every run and never stores its values in the plan or the state, so they
// may be read only where nothing is stored: provider blocks, local values,
// ephemeral variables and outputs, and write-only attributes. tfkit does not
// enforce that; terraform validate does.
//
// An ephemeral resource can be referenced only from its own stack: stacks
// share values through outputs kept in state, which an ephemeral value may
// not reach, so Synth refuses a reference from another stack.
type Ephemeral struct{ element }

// NewEphemeral declares an ephemeral resource of type typ named name in
// stack. It may share type and name with a resource and a data source.
func NewEphemeral(stack *Stack, typ, name string, body Body) *Ephemeral {
	site := callerSite()
	e := &Ephemeral{declare(stack, site, "ephemeral", typ, name)}
	e.addBody(site, body)
	return e
}

// Ref returns a reference to the ephemeral resource
// (ephemeral.random_password.db) or to an attribute path inside it
// (Ref("result") is ephemeral.random_password.db.result); see Resource.Ref.
func (e *Ephemeral) Ref(path ...string) Expr { return e.ref(path) }

// Count sets the count meta-argument.
func (e *Ephemeral) Count(n any) *Ephemeral {
	e.count(callerSite(), n)
	return e
}

// ForEach sets the for_each meta-argument.
func (e *Ephemeral) ForEach(coll any) *Ephemeral {
	e.forEach(callerSite(), coll)
	return e
}

// DependsOn adds explicit dependencies.
func (e *Ephemeral) DependsOn(els ...Element) *Ephemeral {
	e.dependsOn(callerSite(), els)
	return e
}

// Provider selects a non-default provider configuration.
func (e *Ephemeral) Provider(p Element) *Ephemeral {
	e.provider(callerSite(), p)
	return e
}

// Lifecycle sets the lifecycle block; like a data source, an ephemeral
// resource accepts only Preconditions and Postconditions.
func (e *Ephemeral) Lifecycle(l Lifecycle) *Ephemeral {
	site := callerSite()
	if l.CreateBeforeDestroy || l.PreventDestroy || l.IgnoreAllChanges || len(l.IgnoreChanges) > 0 || len(l.ReplaceTriggeredBy) > 0 {
		e.errorf(site, e.address()+".lifecycle", "Unsupported lifecycle setting",
			"An ephemeral resource's lifecycle block accepts only preconditions and postconditions.", "")
		l = Lifecycle{Preconditions: l.Preconditions, Postconditions: l.Postconditions}
	}
	e.lifecycle(site, l)
	return e
}

// Dynamic adds a dynamic block of the given block type.
func (e *Ephemeral) Dynamic(blockType string, dyn Dynamic) *Ephemeral {
	e.dynamic(callerSite(), blockType, dyn)
	return e
}

// Set sets one attribute; see Resource.Set.
func (e *Ephemeral) Set(name string, value any) *Ephemeral {
	e.set(callerSite(), name, value)
	return e
}

// Append adds a body's items after the ones already there.
func (e *Ephemeral) Append(body Body) *Ephemeral {
	e.addBody(callerSite(), body)
	return e
}
