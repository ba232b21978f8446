package load

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit/tffile"
)

// emptyState is a state file without resources, which a local
// terraform_remote_state data source reads.
const emptyState = `{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"l","outputs":{},"resources":[]}`

// remoteState declares the data source data.terraform_remote_state.NAME
// reading emptyState.
func remoteState(name string) string {
	return `data "terraform_remote_state" "` + name + `" {
  backend  = "local"
  config   = { path = "${path.module}/empty-state.json" }
  defaults = {}
}
`
}

// refactorMistakes are import, moved and removed blocks both engines
// refuse, with what eval says of each in the words of the engine it
// follows (the config functions the Go and TSX synth check uses too), and
// blocks they accept.
var refactorMistakes = []mistake{
	{name: "import keys of the wrong kind", files: map[string]string{"main.tf": importWrongKeys}, want: []string{
		`main.tf:13:8: Error: Invalid import 'to' expression; The target resource does not use count.`,
		`main.tf:17:8: Error: Invalid import 'to' expression; The target resource does not use count.`,
		`main.tf:9:8: Error: Invalid import 'to' expression; The target resource does not use for_each.`,
	}},
	// OpenTofu reports these without a place: one a configuration.
	{name: "import key of the wrong kind for count (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": importWrongKey(`terraform_data.c["k"]`)}, want: []string{
		`main.tf:8:1: Error: Configuration for import target does not exist; The configuration for the given import terraform_data.c["k"] does not exist. All target instances must have an associated configuration to be imported.`,
	}},
	{name: "import key of the wrong kind for for_each (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": importWrongKey(`terraform_data.f[0]`)}, want: []string{
		`main.tf:8:1: Error: Configuration for import target does not exist; The configuration for the given import terraform_data.f[0] does not exist. All target instances must have an associated configuration to be imported.`,
	}},
	{name: "import key into a resource without count or for_each (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": importWrongKey(`terraform_data.s[0]`)}, want: []string{
		`main.tf:8:1: Error: Configuration for import target does not exist; The configuration for the given import terraform_data.s[0] does not exist. All target instances must have an associated configuration to be imported.`,
	}},
	{name: "two imports into one instance", files: map[string]string{"main.tf": importTwice}, want: []string{
		`main.tf:10:8: Error: Duplicate import configuration for "terraform_data.s"; An import block for the resource "terraform_data.s" was already declared at main.tf:5,1-7. A resource can have only one import block.`,
		`main.tf:22:8: Error: Duplicate import configuration for "terraform_data.c"; An import block for the resource "terraform_data.c" was already declared at main.tf:13,1-7. A resource can have only one import block.`,
	}},
	{name: "two imports into one instance (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": importTwice}, want: []string{
		`main.tf:21:1: Error: Duplicate import configuration for "terraform_data.c[1]"; An import block for the resource "terraform_data.c[1]" was already declared at main.tf:13,1-7. A resource can have only one import block.`,
		`main.tf:9:1: Error: Duplicate import configuration for "terraform_data.s"; An import block for the resource "terraform_data.s" was already declared at main.tf:5,1-7. A resource can have only one import block.`,
	}},
	{name: "import into a module call", files: importIntoCall, want: []string{
		`main.tf:9:3: Error: Invalid import address; Only managed resources can be imported.`,
		`main.tf:9:8: Error: Invalid address; A resource instance address is required here. The module path must be followed by a resource instance specification.`,
	}},
	{name: "import into a module call (OpenTofu)", engine: tffile.OpenTofu, files: importIntoCall, want: []string{
		`main.tf:9:8: Error: Invalid address; A resource instance address is required here. The module path must be followed by a resource instance specification.`,
	}},
	{name: "import into a resource of a counted module call without its key", files: importIntoCountedCall, want: []string{
		`main.tf:6:8: Error: Configuration for import target does not exist; The configuration for the given import module.k.terraform_data.x does not exist. All target instances must have an associated configuration to be imported.`,
	}},
	{name: "import into a resource of a counted module call without its key (OpenTofu)", engine: tffile.OpenTofu, files: importIntoCountedCall, want: []string{
		`main.tf:5:1: Error: Configuration for import target does not exist; The configuration for the given import module.k.terraform_data.x does not exist. All target instances must have an associated configuration to be imported.`,
	}},
	{name: "import into a data source", files: importIntoData, want: []string{
		`main.tf:7:3: Error: Invalid import address; Only managed resources can be imported.`,
	}},
	{name: "import into a data source (OpenTofu)", engine: tffile.OpenTofu, files: importIntoData, want: []string{
		`main.tf:6:1: Error: Configuration for import target does not exist; The configuration for the given import data.terraform_remote_state.b does not exist. All target instances must have an associated configuration to be imported.`,
	}},
	{name: "removed data source", files: map[string]string{"main.tf": removedData}, want: []string{
		`main.tf:2:10: Error: Data source address not allowed; Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.`,
	}},
	{name: "removed data source (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": removedData}, want: []string{
		`main.tf:2:10: Error: Data source address is not allowed; Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration.`,
	}},
	{name: "moved between a resource and a module call", files: movedResourceModule, want: []string{
		`main.tf:4:1: Error: Invalid "moved" addresses; The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
		`main.tf:8:1: Error: Invalid "moved" addresses; The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
	}},
	{name: "moved between a resource and a module call (OpenTofu)", engine: tffile.OpenTofu, files: movedResourceModule, want: []string{
		`main.tf:4:1: Error: Invalid "moved" addresses; The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
		`main.tf:8:1: Error: Invalid "moved" addresses; The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
	}},
	{name: "ambiguous moves", files: map[string]string{"main.tf": ambiguousMoves}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that terraform_data.z moved there. Each resource can have moved from only one source resource.`,
		`main.tf:7:1: Error: Ambiguous move statements; A statement at main.tf:3,1 declared that terraform_data.a moved to terraform_data.b, but this statement instead declares that it moved to terraform_data.c. Each resource can move to only one destination resource.`,
	}},
	{name: "ambiguous moves (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": ambiguousMoves}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that terraform_data.z moved there. Each resource can have moved from only one source resource.`,
		`main.tf:7:1: Error: Ambiguous move statements; A statement at main.tf:3,1 declared that terraform_data.a moved to terraform_data.b, but this statement instead declares that it moved to terraform_data.c. Each resource can move to only one destination resource.`,
	}},
	{name: "ambiguous moves of instances", files: map[string]string{"main.tf": ambiguousInstanceMoves}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a[0] moved to terraform_data.b[0], but this statement instead declares that it moved to terraform_data.c["k"]. Each resource instance can move to only one destination instance.`,
		`main.tf:15:1: Error: Ambiguous move statements; A statement at main.tf:11,1 declared that terraform_data.a[0] moved to terraform_data.c["k"], but this statement instead declares that terraform_data.d[1] moved there. Each resource instance can have moved from only one source instance.`,
	}},
	{name: "ambiguous moves of instances (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": ambiguousInstanceMoves}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a[0] moved to terraform_data.b[0], but this statement instead declares that it moved to terraform_data.c["k"]. Each resource instance can move to only one destination instance.`,
		`main.tf:15:1: Error: Ambiguous move statements; A statement at main.tf:11,1 declared that terraform_data.a[0] moved to terraform_data.c["k"], but this statement instead declares that terraform_data.d[1] moved there. Each resource instance can have moved from only one source instance.`,
	}},
	{name: "ambiguous moves of a module instance", files: map[string]string{"main.tf": ambiguousModuleMoves, "m/main.tf": "\n"}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that module.a[1] moved to module.m, but this statement instead declares that it moved to module.n. Each module instance can move to only one destination instance.`,
	}},
	{name: "ambiguous moves of a module instance (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": ambiguousModuleMoves, "m/main.tf": "\n"}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that module.a[1] moved to module.m, but this statement instead declares that it moved to module.n. Each module instance can move to only one destination instance.`,
	}},
	{name: "cyclic moves", files: map[string]string{"main.tf": cyclicMoves}, want: []string{
		`main.tf:2:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:2,1: terraform_data.a[*] → terraform_data.b[*] - main.tf:6,1: terraform_data.b[*] → terraform_data.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": cyclicMoves}, want: []string{
		`main.tf:2:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:2,1: terraform_data.a[*] → terraform_data.b[*] - main.tf:6,1: terraform_data.b[*] → terraform_data.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves of instances", files: map[string]string{"main.tf": cyclicInstanceMoves}, want: []string{
		`main.tf:2:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:2,1: terraform_data.a[0] → terraform_data.b["k"] - main.tf:6,1: terraform_data.b["k"] → terraform_data.a[0] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves of instances (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": cyclicInstanceMoves}, want: []string{
		`main.tf:2:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:2,1: terraform_data.a[0] → terraform_data.b["k"] - main.tf:6,1: terraform_data.b["k"] → terraform_data.a[0] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves of a resource and an instance", files: map[string]string{"main.tf": cyclicMixedMoves}, want: []string{
		`main.tf:1:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:1,1: terraform_data.a → terraform_data.b[0] - main.tf:5,1: terraform_data.b[0] → terraform_data.a A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves of a module call and a module instance (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": cyclicModuleMoves}, want: []string{
		`main.tf:1:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:1,1: module.q → module.p[0] - main.tf:5,1: module.p[0] → module.q A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves in a module called twice", files: cyclicMovesInModule, want: []string{
		`m/main.tf:1:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - m/main.tf:1,1: module.m[*].terraform_data.a[*] → module.m[*].terraform_data.b[*] - m/main.tf:5,1: module.m[*].terraform_data.b[*] → module.m[*].terraform_data.c[*] - m/main.tf:9,1: module.m[*].terraform_data.c[*] → module.m[*].terraform_data.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves in a module called twice (OpenTofu)", engine: tffile.OpenTofu, files: cyclicMovesInModule, want: []string{
		`m/main.tf:1:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - m/main.tf:1,1: module.m[*].terraform_data.a[*] → module.m[*].terraform_data.b[*] - m/main.tf:5,1: module.m[*].terraform_data.b[*] → module.m[*].terraform_data.c[*] - m/main.tf:9,1: module.m[*].terraform_data.c[*] → module.m[*].terraform_data.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "moved from a data source still declared", files: map[string]string{"main.tf": remoteState("a") + `moved {
  from = data.terraform_remote_state.a
  to   = data.terraform_remote_state.b
}
`, "empty-state.json": emptyState}, want: []string{
		`main.tf:6:1: Error: Moved object still exists; This statement declares a move from data.terraform_remote_state.a, but that resource is still declared at main.tf:1,1. Change your configuration so that this resource will be declared as data.terraform_remote_state.b instead.`,
	}},
	{name: "moved between data sources", files: map[string]string{"main.tf": remoteState("b") + `moved {
  from = data.terraform_remote_state.a
  to   = data.terraform_remote_state.b
}
`, "empty-state.json": emptyState}},
	{name: "moved between data sources (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": remoteState("b") + `moved {
  from = data.terraform_remote_state.a
  to   = data.terraform_remote_state.b
}
`, "empty-state.json": emptyState}},
	{name: "chained moves, and moves of a resource and of its instance", files: map[string]string{"main.tf": fineMoves}},
	{name: "chained moves, and moves of a resource and of its instance (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": fineMoves}},
}

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

const importTwice = `resource "terraform_data" "c" {
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
`

var importIntoCall = map[string]string{"main.tf": `module "m" {
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
`, "m/main.tf": `resource "terraform_data" "x" {}
`}

var importIntoCountedCall = map[string]string{"main.tf": `module "k" {
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
`, "m/main.tf": `resource "terraform_data" "x" {}
`}

var importIntoData = map[string]string{"main.tf": remoteState("b") + `import {
  to = data.terraform_remote_state.b
  id = "x"
}
`, "empty-state.json": emptyState}

const removedData = `removed {
  from = data.terraform_remote_state.c
  lifecycle {
    destroy = false
  }
}
`

var movedResourceModule = map[string]string{"main.tf": `module "m" {
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
`, "m/main.tf": "\n"}

const ambiguousMoves = `resource "terraform_data" "b" {}
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
`

const ambiguousInstanceMoves = `resource "terraform_data" "b" {
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
`

const ambiguousModuleMoves = `module "m" {
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
`

const cyclicMoves = `resource "terraform_data" "c" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.b
  to   = terraform_data.a
}
`

const cyclicInstanceMoves = `resource "terraform_data" "z" {}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.b["k"]
}
moved {
  from = terraform_data.b["k"]
  to   = terraform_data.a[0]
}
`

// cyclicMixedMoves: a move between a resource and an instance moves the
// resource's instance without a key.
const cyclicMixedMoves = `moved {
  from = terraform_data.a
  to   = terraform_data.b[0]
}
moved {
  from = terraform_data.b[0]
  to   = terraform_data.a
}
`

const cyclicModuleMoves = `moved {
  from = module.q
  to   = module.p[0]
}
moved {
  from = module.p[0]
  to   = module.q
}
`

var cyclicMovesInModule = map[string]string{"main.tf": `module "m" {
  source = "./m"
  count  = 2
}
`, "m/main.tf": `moved {
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
`}

const fineMoves = `resource "terraform_data" "c" {
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
`

// TestRefactorMistakes: eval's diagnostics for each of refactorMistakes,
// each with a hint saying how to fix it, which
// TestRefactorMistakesMatchEngine compares with the engine's.
func TestRefactorMistakes(t *testing.T) {
	evalMistakes(t, refactorMistakes, " ")
}

// TestRefactorMistakesMatchEngine runs each of refactorMistakes with the
// engine eval follows there, as TestMistakesMatchEngine does.
func TestRefactorMistakesMatchEngine(t *testing.T) {
	onTheEngineEvalFollows(t, refactorMistakes, matchEngine)
}
