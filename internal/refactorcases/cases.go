package refactorcases

import "strings"

// All are the cases, each once.
var All = []Case{
	ImportWrongKeys, ImportWrongKeyCount, ImportWrongKeyForEach, ImportKeyWithoutExpansion,
	ImportTwice, ImportIntoCall, ImportIntoCountedCall, ImportIntoData,
	RemovedData, RemovedDataKey,
	MovedResourceModule, MovedDataToModule,
	AmbiguousMoves, AmbiguousLaterMove, AmbiguousInstanceMoves, AmbiguousModuleInstanceMoves,
	CyclicMoves, CyclicInstanceMoves, CyclicMixedMoves, CyclicModuleMoves, CyclicMovesInModule,
	CycleBesideAmbiguous, CycleBesideStillDeclared,
	RedundantMove, FineMoves,
	MovedFromDataStillDeclared, MovedBetweenData, MovedBetweenLocalData, MovedFromLocalDataStillDeclared,
	MovedAcrossTypes, AmbiguousAcrossTypes, CyclicAcrossTypes,
}

// EmptyState is a state file without resources, which a local
// terraform_remote_state data source reads.
const EmptyState = `{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{},"resources":[]}`

// RemoteState declares the data source data.terraform_remote_state.NAME
// reading EmptyState from empty-state.json.
func RemoteState(name string) string {
	return `data "terraform_remote_state" "` + name + `" {
  backend  = "local"
  config   = { path = "${path.module}/empty-state.json" }
  defaults = {}
}
`
}

// withState is a configuration of main.tf and the EmptyState it reads.
func withState(src string) map[string]string {
	return map[string]string{"main.tf": src, "empty-state.json": EmptyState}
}

// cycle is the engines' error for moved blocks in a cycle, at, whose
// statements are steps (file:line,column: from → to).
func cycle(at string, steps ...string) Error {
	return Error{At: at, Summary: "Cyclic dependency in move statements",
		Detail: "The following chained move statements form a cycle, and so there is no final location to move objects to: - " +
			strings.Join(steps, " - ") +
			" A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration."}
}

// noImportTarget is the engines' error for an import, at, into to, which
// the configuration does not declare.
func noImportTarget(at, to string) Error {
	return Error{At: at, Summary: "Configuration for import target does not exist",
		Detail: "The configuration for the given import " + to + " does not exist. All target instances must have an associated configuration to be imported."}
}

// importWrongKeys imports into resources with instance keys of the wrong
// kind, and into an instance that is fine.
const importWrongKeys = `resource "terraform_data" "c" {
  count = 2
}
resource "terraform_data" "f" {
  for_each = toset(["k"])
}
resource "terraform_data" "s" {}
import {
  to = terraform_data.c["k"]
  id = "x"
}
import {
  to = terraform_data.f[0]
  id = "x"
}
import {
  to = terraform_data.s[0]
  id = "x"
}
import {
  to = terraform_data.c[1]
  id = "x"
}
`

// importWrongKey is importWrongKeys's resources with one import, into to.
func importWrongKey(to string) string {
	return importWrongKeys[:strings.Index(importWrongKeys, "import {")] + "import {\n  to = " + to + "\n  id = \"x\"\n}\n"
}

var (
	ImportWrongKeys = Case{Name: "import keys of the wrong kind", Only: Terraform, Files: mainTF(importWrongKeys), Terraform: []Error{
		{"main.tf:13:8", "Invalid import 'to' expression", "The target resource does not use count."},
		{"main.tf:17:8", "Invalid import 'to' expression", "The target resource does not use count."},
		{"main.tf:9:8", "Invalid import 'to' expression", "The target resource does not use for_each."},
	}}
	// OpenTofu reports these without a place: one a configuration.
	ImportWrongKeyCount = Case{Name: "import key of the wrong kind for count", Only: OpenTofu, Files: mainTF(importWrongKey(`terraform_data.c["k"]`)), OpenTofu: []Error{
		noImportTarget("main.tf:8:1", `terraform_data.c["k"]`),
	}}
	ImportWrongKeyForEach = Case{Name: "import key of the wrong kind for for_each", Only: OpenTofu, Files: mainTF(importWrongKey(`terraform_data.f[0]`)), OpenTofu: []Error{
		noImportTarget("main.tf:8:1", `terraform_data.f[0]`),
	}}
	ImportKeyWithoutExpansion = Case{Name: "import key into a resource without count or for_each", Only: OpenTofu, Files: mainTF(importWrongKey(`terraform_data.s[0]`)), OpenTofu: []Error{
		noImportTarget("main.tf:8:1", `terraform_data.s[0]`),
	}}
)

// ImportEmptyID is an import whose id is the empty string: Terraform
// refuses it; OpenTofu accepts it and plans to create the resource.
var ImportEmptyID = Case{Name: "import with an empty id", Only: Terraform, Files: mainTF(`resource "terraform_data" "a" {}
import {
  to = terraform_data.a
  id = ""
}
`), Terraform: []Error{
	{"main.tf:4:8", "Invalid import id argument", "The import ID value evaluates to an empty string, please provide a non-empty value."},
}}

var ImportTwice = Case{Name: "two imports into one instance", Files: mainTF(`resource "terraform_data" "c" {
  count = 2
}
resource "terraform_data" "s" {}
import {
  to = terraform_data.s
  id = "x"
}
import {
  to = terraform_data.s
  id = "y"
}
import {
  to = terraform_data.c[1]
  id = "x"
}
import {
  to = terraform_data.c[0]
  id = "y"
}
import {
  to = terraform_data.c[1]
  id = "y"
}
`), Terraform: []Error{
	{"main.tf:10:8", `Duplicate import configuration for "terraform_data.s"`, `An import block for the resource "terraform_data.s" was already declared at main.tf:5,1-7. A resource can have only one import block.`},
	{"main.tf:22:8", `Duplicate import configuration for "terraform_data.c"`, `An import block for the resource "terraform_data.c" was already declared at main.tf:13,1-7. A resource can have only one import block.`},
}, OpenTofu: []Error{
	{"main.tf:21:1", `Duplicate import configuration for "terraform_data.c[1]"`, `An import block for the resource "terraform_data.c[1]" was already declared at main.tf:13,1-7. A resource can have only one import block.`},
	{"main.tf:9:1", `Duplicate import configuration for "terraform_data.s"`, `An import block for the resource "terraform_data.s" was already declared at main.tf:5,1-7. A resource can have only one import block.`},
}}

var ImportIntoCall = Case{Name: "import into a module call", Files: withModule(`module "m" {
  source = "./m"
}
import {
  to = module.m.terraform_data.x
  id = "x"
}
import {
  to = module.m
  id = "y"
}
`, `resource "terraform_data" "x" {}
`), Terraform: []Error{
	{"main.tf:9:3", "Invalid import address", "Only managed resources can be imported."},
	{"main.tf:9:8", "Invalid address", "A resource instance address is required here. The module path must be followed by a resource instance specification."},
}, OpenTofu: []Error{
	{"main.tf:9:8", "Invalid address", "A resource instance address is required here. The module path must be followed by a resource instance specification."},
}}

var ImportIntoCountedCall = Case{Name: "import into a resource of a counted module call without its key", Files: withModule(`module "k" {
  source = "./m"
  count  = 2
}
import {
  to = module.k.terraform_data.x
  id = "x"
}
import {
  to = module.k[1].terraform_data.x
  id = "x"
}
`, `resource "terraform_data" "x" {}
`), Terraform: []Error{
	noImportTarget("main.tf:6:8", "module.k.terraform_data.x"),
}, OpenTofu: []Error{
	noImportTarget("main.tf:5:1", "module.k.terraform_data.x"),
}}

var ImportIntoData = Case{Name: "import into a data source", Files: withState(RemoteState("b") + `import {
  to = data.terraform_remote_state.b
  id = "x"
}
`), Terraform: []Error{
	{"main.tf:7:3", "Invalid import address", "Only managed resources can be imported."},
}, OpenTofu: []Error{
	noImportTarget("main.tf:6:1", "data.terraform_remote_state.b"),
}}

var RemovedData = Case{Name: "removed data source", Files: mainTF(`removed {
  from = data.terraform_remote_state.c
  lifecycle {
    destroy = false
  }
}
`), Terraform: []Error{
	{"main.tf:2:10", "Data source address not allowed", "Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration."},
}, OpenTofu: []Error{
	{"main.tf:2:10", "Data source address is not allowed", "Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration."},
}}

// RemovedDataKey names an instance of a data source: both engines refuse
// the key, as they read the configuration, before they look at what the
// address names.
var RemovedDataKey = Case{Name: "removed data source instance", Files: mainTF(`removed {
  from = data.terraform_remote_state.a[0]
  lifecycle {
    destroy = false
  }
}
`), Terraform: []Error{
	{"main.tf:2:39", "Resource instance keys not allowed", `Resource address must be a resource (e.g. "test_instance.foo"), not a resource instance (e.g. "test_instance.foo[1]").`},
}, OpenTofu: []Error{
	{"main.tf:2:39", "Resource instance address with keys is not allowed", `Resource address cannot be a resource instance (e.g. "null_resource.a[0]"), it must be a resource instead (e.g. "null_resource.a").`},
}}

// movedMixed is the engines' error for a moved block, at, between a
// resource and a module call.
func movedMixed(at string) Error {
	return Error{at, `Invalid "moved" addresses`, `The "from" and "to" addresses must either both refer to resources or both refer to modules.`}
}

var MovedResourceModule = Case{Name: "moved between a resource and a module call", Files: withModule(`module "m" {
  source = "./m"
}
moved {
  from = terraform_data.a
  to   = module.m
}
moved {
  from = module.n
  to   = terraform_data.b
}
resource "terraform_data" "b" {}
`, "\n"), Terraform: []Error{movedMixed("main.tf:4:1"), movedMixed("main.tf:8:1")}}

var MovedDataToModule = Case{Name: "a data source moved to a module call", Files: withModule(`module "m" {
  source = "./m"
}
moved {
  from = data.terraform_remote_state.a
  to   = module.m
}
`, "\n"), Terraform: []Error{movedMixed("")}}

var AmbiguousMoves = Case{Name: "ambiguous moves", Files: mainTF(`resource "terraform_data" "b" {}
resource "terraform_data" "c" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.a
  to   = terraform_data.c
}
moved {
  from = terraform_data.z
  to   = terraform_data.c
}
`), Terraform: []Error{
	{"main.tf:11:1", "Ambiguous move statements", "A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that terraform_data.z moved there. Each resource can have moved from only one source resource."},
	{"main.tf:7:1", "Ambiguous move statements", "A statement at main.tf:3,1 declared that terraform_data.a moved to terraform_data.b, but this statement instead declares that it moved to terraform_data.c. Each resource can move to only one destination resource."},
}}

var AmbiguousLaterMove = Case{Name: "a later move ambiguous with two earlier ones", Files: mainTF(`resource "terraform_data" "c" {}
resource "terraform_data" "d" {}
moved {
  from = terraform_data.a
  to   = terraform_data.c
}
moved {
  from = terraform_data.b
  to   = terraform_data.d
}
moved {
  from = terraform_data.a
  to   = terraform_data.d
}
`), Terraform: []Error{
	{"", "Ambiguous move statements", "A statement at main.tf:3,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that it moved to terraform_data.d. Each resource can move to only one destination resource."},
	{"", "Ambiguous move statements", "A statement at main.tf:7,1 declared that terraform_data.b moved to terraform_data.d, but this statement instead declares that terraform_data.a moved there. Each resource can have moved from only one source resource."},
}}

// AmbiguousInstanceMoves move one instance to two, and two to one.
var AmbiguousInstanceMoves = Case{Name: "ambiguous moves of instances", Files: mainTF(`resource "terraform_data" "b" {
  count = 1
}
resource "terraform_data" "c" {
  for_each = toset(["k"])
}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.b[0]
}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.c["k"]
}
moved {
  from = terraform_data.d[1]
  to   = terraform_data.c["k"]
}
`), Terraform: []Error{
	{"main.tf:11:1", "Ambiguous move statements", `A statement at main.tf:7,1 declared that terraform_data.a[0] moved to terraform_data.b[0], but this statement instead declares that it moved to terraform_data.c["k"]. Each resource instance can move to only one destination instance.`},
	{"main.tf:15:1", "Ambiguous move statements", `A statement at main.tf:11,1 declared that terraform_data.a[0] moved to terraform_data.c["k"], but this statement instead declares that terraform_data.d[1] moved there. Each resource instance can have moved from only one source instance.`},
}}

// AmbiguousModuleInstanceMoves move one instance of a module call to two
// calls.
var AmbiguousModuleInstanceMoves = Case{Name: "ambiguous moves of a module instance", Files: withModule(`module "m" {
  source = "./m"
}
module "n" {
  source = "./m"
}
moved {
  from = module.a[1]
  to   = module.m
}
moved {
  from = module.a[1]
  to   = module.n
}
`, "\n"), Terraform: []Error{
	{"main.tf:11:1", "Ambiguous move statements", "A statement at main.tf:7,1 declared that module.a[1] moved to module.m, but this statement instead declares that it moved to module.n. Each module instance can move to only one destination instance."},
}}

var CyclicMoves = Case{Name: "cyclic moves", Files: mainTF(`resource "terraform_data" "c" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.b
  to   = terraform_data.a
}
`), Terraform: []Error{
	cycle("main.tf:2:1", "main.tf:2,1: terraform_data.a[*] → terraform_data.b[*]", "main.tf:6,1: terraform_data.b[*] → terraform_data.a[*]"),
}}

var CyclicInstanceMoves = Case{Name: "cyclic moves of instances", Files: mainTF(`resource "terraform_data" "z" {}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.b["k"]
}
moved {
  from = terraform_data.b["k"]
  to   = terraform_data.a[0]
}
`), Terraform: []Error{
	cycle("main.tf:2:1", `main.tf:2,1: terraform_data.a[0] → terraform_data.b["k"]`, `main.tf:6,1: terraform_data.b["k"] → terraform_data.a[0]`),
}}

// CyclicMixedMoves: a move between a resource and an instance moves the
// resource's instance without a key.
var CyclicMixedMoves = Case{Name: "cyclic moves of a resource and an instance", Only: Terraform, Files: mainTF(`moved {
  from = terraform_data.a
  to   = terraform_data.b[0]
}
moved {
  from = terraform_data.b[0]
  to   = terraform_data.a
}
`), Terraform: []Error{
	cycle("main.tf:1:1", "main.tf:1,1: terraform_data.a → terraform_data.b[0]", "main.tf:5,1: terraform_data.b[0] → terraform_data.a"),
}}

var CyclicModuleMoves = Case{Name: "cyclic moves of a module call and a module instance", Only: OpenTofu, Files: mainTF(`moved {
  from = module.q
  to   = module.p[0]
}
moved {
  from = module.p[0]
  to   = module.q
}
`), OpenTofu: []Error{
	cycle("main.tf:1:1", "main.tf:1,1: module.q → module.p[0]", "main.tf:5,1: module.p[0] → module.q"),
}}

var CyclicMovesInModule = Case{Name: "cyclic moves in a module called twice", Files: withModule(`module "m" {
  source = "./m"
  count  = 2
}
`, `moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.b
  to   = terraform_data.c
}
moved {
  from = terraform_data.c
  to   = terraform_data.a
}
`), Terraform: []Error{
	cycle("m/main.tf:1:1", "m/main.tf:1,1: module.m[*].terraform_data.a[*] → module.m[*].terraform_data.b[*]",
		"m/main.tf:5,1: module.m[*].terraform_data.b[*] → module.m[*].terraform_data.c[*]",
		"m/main.tf:9,1: module.m[*].terraform_data.c[*] → module.m[*].terraform_data.a[*]"),
}}

// CycleBesideAmbiguous: the engines look for cycles only when no moved
// block has another error.
var CycleBesideAmbiguous = Case{Name: "a cycle of instances beside ambiguous moves", Files: mainTF(`resource "terraform_data" "c" {}
resource "terraform_data" "d" {}
moved {
  from = terraform_data.x
  to   = terraform_data.c
}
moved {
  from = terraform_data.x
  to   = terraform_data.d
}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.b[0]
}
moved {
  from = terraform_data.b[0]
  to   = terraform_data.a[0]
}
`), Terraform: []Error{
	{"", "Ambiguous move statements", "A statement at main.tf:3,1 declared that terraform_data.x moved to terraform_data.c, but this statement instead declares that it moved to terraform_data.d. Each resource can move to only one destination resource."},
}}

var CycleBesideStillDeclared = Case{Name: "a cycle beside a move from what is still declared", Files: mainTF(`resource "terraform_data" "a" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
moved {
  from = terraform_data.y
  to   = terraform_data.x
}
`), Terraform: []Error{
	{"", "Moved object still exists", "This statement declares a move from terraform_data.a, but that resource is still declared at main.tf:1,1. Change your configuration so that this resource will be declared as terraform_data.b instead."},
}}

// RedundantMove moves a resource to its own address.
var RedundantMove = Case{Name: "redundant move", Files: mainTF(`resource "terraform_data" "a" {}
moved {
  from = terraform_data.a
  to   = terraform_data.a
}
`), Terraform: []Error{
	{"main.tf:2:1", "Redundant move statement", "This statement declares a move from terraform_data.a to the same address, which is the same as not declaring this move at all."},
}}

// FineMoves are chained moves, and moves of a resource and of its
// instance, which both engines accept.
var FineMoves = Case{Name: "chained moves, and moves of a resource and of its instance", Files: mainTF(`resource "terraform_data" "c" {
  count = 1
}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.b
  to   = terraform_data.d
}
moved {
  from = terraform_data.d
  to   = terraform_data.e
}
moved {
  from = terraform_data.x[0]
  to   = terraform_data.c[0]
}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
resource "terraform_data" "e" {}
`)}

var MovedFromDataStillDeclared = Case{Name: "moved from a data source still declared", Only: Terraform, Files: withState(RemoteState("a") + `moved {
  from = data.terraform_remote_state.a
  to   = data.terraform_remote_state.b
}
`), Terraform: []Error{
	{"main.tf:6:1", "Moved object still exists", "This statement declares a move from data.terraform_remote_state.a, but that resource is still declared at main.tf:1,1. Change your configuration so that this resource will be declared as data.terraform_remote_state.b instead."},
}}

var MovedBetweenData = Case{Name: "moved between data sources", Files: withState(RemoteState("b") + `moved {
  from = data.terraform_remote_state.a
  to   = data.terraform_remote_state.b
}
`)}

// MovedBetweenLocalData: moves between data sources are accepted (a data
// source is read again, whatever the state holds).
var MovedBetweenLocalData = Case{Name: "moves between data sources", Files: mainTF(`data "local_file" "b" {
  filename = "${path.module}/main.tf"
}
moved {
  from = data.local_file.a
  to   = data.local_file.b
}
moved {
  from = data.local_file.c
  to   = data.local_file.d
}
`)}

// MovedFromLocalDataStillDeclared: but not from one still declared, or
// from an instance count still declares.
var MovedFromLocalDataStillDeclared = Case{Name: "a data source moved from what is still declared", Files: mainTF(`data "local_file" "a" {
  filename = "${path.module}/main.tf"
}
data "local_file" "b" {
  count    = 2
  filename = "${path.module}/main.tf"
}
moved {
  from = data.local_file.a
  to   = data.local_file.c
}
moved {
  from = data.local_file.b[1]
  to   = data.local_file.e
}
`), Terraform: []Error{
	{"", "Moved object still exists", "This statement declares a move from data.local_file.a, but that resource is still declared at main.tf:1,1. Change your configuration so that this resource will be declared as data.local_file.c instead."},
	{"", "Moved object still exists", "This statement declares a move from data.local_file.b[1], but that resource instance is still declared at main.tf:5,14. Change your configuration so that this instance will be declared as data.local_file.e instead."},
}}

// MovedAcrossTypes moves resources to resources of other types, the
// built-in terraform_data and null's null_resource: both engines accept
// it when they plan (Terraform 1.8 and later, OpenTofu: the provider of
// the destination moves the object when the state holds one, or refuses
// it then), and compare such moves with the others as they compare moves
// of one type.
var MovedAcrossTypes = Case{Name: "moved between resources of different types", Files: mainTF(`resource "null_resource" "b" {}
resource "terraform_data" "d" {}
moved {
  from = terraform_data.a
  to   = null_resource.b
}
moved {
  from = null_resource.c
  to   = terraform_data.d
}
moved {
  from = terraform_data.x[0]
  to   = null_resource.y
}
`)}

// AmbiguousAcrossTypes moves one resource to two of different types, and
// a third to one of them.
var AmbiguousAcrossTypes = Case{Name: "ambiguous moves between resources of different types", Files: mainTF(`resource "null_resource" "b" {}
resource "terraform_data" "c" {}
moved {
  from = terraform_data.a
  to   = null_resource.b
}
moved {
  from = terraform_data.a
  to   = terraform_data.c
}
moved {
  from = null_resource.z
  to   = terraform_data.c
}
`), Terraform: []Error{
	{"main.tf:11:1", "Ambiguous move statements", "A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that null_resource.z moved there. Each resource can have moved from only one source resource."},
	{"main.tf:7:1", "Ambiguous move statements", "A statement at main.tf:3,1 declared that terraform_data.a moved to null_resource.b, but this statement instead declares that it moved to terraform_data.c. Each resource can move to only one destination resource."},
}}

// CyclicAcrossTypes moves a resource to another type and back.
var CyclicAcrossTypes = Case{Name: "cyclic moves between resources of different types", Files: mainTF(`moved {
  from = terraform_data.a
  to   = null_resource.a
}
moved {
  from = null_resource.a
  to   = terraform_data.a
}
`), Terraform: []Error{
	cycle("main.tf:1:1", "main.tf:1,1: terraform_data.a[*] → null_resource.a[*]", "main.tf:5,1: null_resource.a[*] → terraform_data.a[*]"),
}}
