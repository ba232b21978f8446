package tfkit

import (
	"fmt"

	"github.com/tfkit/tfkit/config"
)

// Resource is a managed resource: `resource "aws_vpc" "main" { ... }`. Its
// methods set meta-arguments and return the resource, so they chain:
//
//	web := tfkit.NewResource(stack, "aws_instance", "web", attrs).
//		Count(3).
//		DependsOn(vpc)
type Resource struct{ element }

// NewResource declares a resource of type typ named name in stack, with the
// given body (Attrs, Ordered, RawBody; nil for none).
func NewResource(stack *Stack, typ, name string, body Body) *Resource {
	site := callerSite()
	r := &Resource{declare(stack, site, "resource", typ, name)}
	r.addBody(site, body)
	return r
}

// Ref returns a reference to the resource (no path: aws_vpc.main) or to an
// attribute path inside it: Ref("id") is aws_vpc.main.id, and paths may be
// longer: "ingress[0].from_port", `tags["Name"]`, "[0].id" (an instance of a
// counted resource), "[*].id" (a splat). Several arguments are joined with
// dots.
func (r *Resource) Ref(path ...string) Expr { return r.ref(path) }

// Count sets the count meta-argument (an int or an Expr).
func (r *Resource) Count(n any) *Resource {
	r.count(callerSite(), n)
	return r
}

// ForEach sets the for_each meta-argument (a map, a set, or an Expr).
func (r *Resource) ForEach(coll any) *Resource {
	r.forEach(callerSite(), coll)
	return r
}

// DependsOn adds explicit dependencies on resources, data sources or
// modules; they are written as bare references: depends_on = [aws_vpc.main].
func (r *Resource) DependsOn(els ...Element) *Resource {
	r.dependsOn(callerSite(), els)
	return r
}

// Provider selects a non-default provider configuration: provider = aws.west.
func (r *Resource) Provider(p Element) *Resource {
	r.provider(callerSite(), p)
	return r
}

// Lifecycle sets the lifecycle block, replacing an earlier one.
func (r *Resource) Lifecycle(l Lifecycle) *Resource {
	r.lifecycle(callerSite(), l)
	return r
}

// Provisioner adds a provisioner block, after earlier ones.
func (r *Resource) Provisioner(p Provisioner) *Resource {
	site := callerSite()
	c := r.conv(site)
	path := r.address() + ".provisioner"
	if b := c.provisioner(p, path); b != nil {
		r.place(b)
	}
	r.finish(c, path)
	return r
}

// Connection sets the resource-level connection block used by its
// provisioners, replacing an earlier one.
func (r *Resource) Connection(body Body) *Resource {
	site := callerSite()
	c := r.conv(site)
	path := r.address() + ".connection"
	b := config.NewBlock("connection")
	b.DeclRange = site
	b.Body.Items = c.body(body, path)
	r.finish(c, path)
	r.removeBlocks("connection")
	r.place(b)
	return r
}

// Dynamic adds a dynamic block of the given block type.
func (r *Resource) Dynamic(blockType string, d Dynamic) *Resource {
	r.dynamic(callerSite(), blockType, d)
	return r
}

// Set sets one attribute (or nested block) after the ones already there, or
// replaces it in place; a nil value removes it.
func (r *Resource) Set(name string, value any) *Resource {
	r.set(callerSite(), name, value)
	return r
}

// Append adds a body's items after the ones already there.
func (r *Resource) Append(body Body) *Resource {
	r.addBody(callerSite(), body)
	return r
}

// Provisioner is a provisioner block of a resource.
type Provisioner struct {
	// Type is the provisioner: "local-exec", "remote-exec", "file".
	Type string
	// Config holds the provisioner's arguments (command, inline, ...).
	Config Body
	// When is "" (at creation) or "destroy".
	When string
	// OnFailure is "" (fail), "continue" or "fail".
	OnFailure string
	// Connection overrides the resource's connection for this provisioner.
	Connection Body
}

func (c *conv) provisioner(p Provisioner, path string) *config.Block {
	if p.Type == "" {
		c.errorf(path, "Provisioner without type", "A provisioner needs a type such as local-exec.", "set Provisioner.Type")
		return nil
	}
	b := config.NewBlock("provisioner", p.Type)
	b.DeclRange = c.at()
	path = fmt.Sprintf("%s[%q]", path, p.Type)
	keyword := func(name, v string, allowed ...string) {
		if v == "" {
			return
		}
		for _, a := range allowed {
			if v == a {
				// Terraform requires these as keywords, not strings.
				b.Body.Set(name, config.Ref(v)).Range = c.at()
				return
			}
		}
		c.errorf(path+"."+name, "Invalid "+name, fmt.Sprintf("%s must be one of %q; it is %q.", name, allowed, v), "")
	}
	keyword("when", p.When, "destroy", "create")
	keyword("on_failure", p.OnFailure, "continue", "fail")
	b.Body.Items = append(b.Body.Items, c.body(p.Config, path)...)
	if p.Connection != nil {
		conn := config.NewBlock("connection")
		conn.DeclRange = c.at()
		conn.Body.Items = c.body(p.Connection, path+".connection")
		b.Body.AppendBlock(conn)
	}
	return b
}

// DataSource is a data source: `data "aws_ami" "ubuntu" { ... }`.
type DataSource struct{ element }

// NewDataSource declares a data source of type typ named name in stack.
func NewDataSource(stack *Stack, typ, name string, body Body) *DataSource {
	site := callerSite()
	d := &DataSource{declare(stack, site, "data", typ, name)}
	d.addBody(site, body)
	return d
}

// Ref returns a reference to the data source (data.aws_ami.ubuntu) or to an
// attribute path inside it (Ref("id") is data.aws_ami.ubuntu.id); see
// Resource.Ref.
func (d *DataSource) Ref(path ...string) Expr { return d.ref(path) }

// Count sets the count meta-argument.
func (d *DataSource) Count(n any) *DataSource {
	d.count(callerSite(), n)
	return d
}

// ForEach sets the for_each meta-argument.
func (d *DataSource) ForEach(coll any) *DataSource {
	d.forEach(callerSite(), coll)
	return d
}

// DependsOn adds explicit dependencies.
func (d *DataSource) DependsOn(els ...Element) *DataSource {
	d.dependsOn(callerSite(), els)
	return d
}

// Provider selects a non-default provider configuration.
func (d *DataSource) Provider(p Element) *DataSource {
	d.provider(callerSite(), p)
	return d
}

// Lifecycle sets the lifecycle block; data sources accept only
// Preconditions and Postconditions.
func (d *DataSource) Lifecycle(l Lifecycle) *DataSource {
	site := callerSite()
	if l.CreateBeforeDestroy || l.PreventDestroy || l.IgnoreAllChanges || len(l.IgnoreChanges) > 0 || len(l.ReplaceTriggeredBy) > 0 {
		d.errorf(site, d.address()+".lifecycle", "Unsupported lifecycle setting",
			"A data source's lifecycle block accepts only preconditions and postconditions.", "")
		l = Lifecycle{Preconditions: l.Preconditions, Postconditions: l.Postconditions}
	}
	d.lifecycle(site, l)
	return d
}

// Dynamic adds a dynamic block of the given block type.
func (d *DataSource) Dynamic(blockType string, dyn Dynamic) *DataSource {
	d.dynamic(callerSite(), blockType, dyn)
	return d
}

// Set sets one attribute; see Resource.Set.
func (d *DataSource) Set(name string, value any) *DataSource {
	d.set(callerSite(), name, value)
	return d
}

// Append adds a body's items after the ones already there.
func (d *DataSource) Append(body Body) *DataSource {
	d.addBody(callerSite(), body)
	return d
}

// RemoteState is a terraform_remote_state data source, which reads the
// outputs of another configuration (typically another stack).
type RemoteState struct{ *DataSource }

// NewRemoteState declares `data "terraform_remote_state" name` with the given
// backend type and backend configuration (a map or Attrs, written as the
// config object).
func NewRemoteState(stack *Stack, name, backend string, cfg any) *RemoteState {
	site := callerSite()
	d := &DataSource{declare(stack, site, "data", "terraform_remote_state", name)}
	d.addBody(site, Ordered("backend", backend, "config", cfg))
	return &RemoteState{d}
}

// Output returns a reference to one of the other configuration's outputs:
// data.terraform_remote_state.name.outputs.output.
func (r *RemoteState) Output(name string) Expr {
	return r.ref([]string{"outputs", name})
}
