package load

import (
	"testing"

	"github.com/tfkit/tfkit/tffile"
)

// movedAcrossTypes moves resources to resources of other types, the
// built-in terraform_data and null's null_resource: both engines accept
// it when they plan (Terraform 1.8 and later, OpenTofu: the provider of
// the destination moves the object when the state holds one, or refuses
// it then), and compare such moves with the others as they compare moves
// of one type.
const movedAcrossTypes = `resource "null_resource" "b" {}
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
`

// ambiguousAcrossTypes moves one resource to two of different types, and
// a third to one of them.
const ambiguousAcrossTypes = `resource "null_resource" "b" {}
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
`

// cyclicAcrossTypes moves a resource to another type and back.
const cyclicAcrossTypes = `moved {
  from = terraform_data.a
  to   = null_resource.a
}
moved {
  from = null_resource.a
  to   = terraform_data.a
}
`

// removedDataKey names an instance of a data source: both engines refuse
// the key, as they read the configuration, before they look at what the
// address names.
const removedDataKey = `removed {
  from = data.terraform_remote_state.a[0]
  lifecycle {
    destroy = false
  }
}
`

// redundantMove moves a resource to its own address.
const redundantMove = `resource "terraform_data" "a" {}
moved {
  from = terraform_data.a
  to   = terraform_data.a
}
`

// movedMistakes are moves between resources of different types, which
// both engines accept, with the mistakes they refuse in them, and other
// moved and removed blocks both engines refuse, with what eval says of
// each in the words of the engine it follows.
var movedMistakes = []mistake{
	{name: "moved between resources of different types", files: map[string]string{"main.tf": movedAcrossTypes}},
	{name: "moved between resources of different types (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": movedAcrossTypes}},
	{name: "ambiguous moves between resources of different types", files: map[string]string{"main.tf": ambiguousAcrossTypes}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that null_resource.z moved there. Each resource can have moved from only one source resource.`,
		`main.tf:7:1: Error: Ambiguous move statements; A statement at main.tf:3,1 declared that terraform_data.a moved to null_resource.b, but this statement instead declares that it moved to terraform_data.c. Each resource can move to only one destination resource.`,
	}},
	{name: "ambiguous moves between resources of different types (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": ambiguousAcrossTypes}, want: []string{
		`main.tf:11:1: Error: Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that null_resource.z moved there. Each resource can have moved from only one source resource.`,
		`main.tf:7:1: Error: Ambiguous move statements; A statement at main.tf:3,1 declared that terraform_data.a moved to null_resource.b, but this statement instead declares that it moved to terraform_data.c. Each resource can move to only one destination resource.`,
	}},
	{name: "cyclic moves between resources of different types", files: map[string]string{"main.tf": cyclicAcrossTypes}, want: []string{
		`main.tf:1:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:1,1: terraform_data.a[*] → null_resource.a[*] - main.tf:5,1: null_resource.a[*] → terraform_data.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "cyclic moves between resources of different types (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": cyclicAcrossTypes}, want: []string{
		`main.tf:1:1: Error: Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:1,1: terraform_data.a[*] → null_resource.a[*] - main.tf:5,1: null_resource.a[*] → terraform_data.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.`,
	}},
	{name: "removed data source instance", files: map[string]string{"main.tf": removedDataKey}, want: []string{
		`main.tf:2:39: Error: Resource instance keys not allowed; Resource address must be a resource (e.g. "test_instance.foo"), not a resource instance (e.g. "test_instance.foo[1]").`,
	}},
	{name: "removed data source instance (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": removedDataKey}, want: []string{
		`main.tf:2:39: Error: Resource instance address with keys is not allowed; Resource address cannot be a resource instance (e.g. "null_resource.a[0]"), it must be a resource instead (e.g. "null_resource.a").`,
	}},
	{name: "redundant move", files: map[string]string{"main.tf": redundantMove}, want: []string{
		`main.tf:2:1: Error: Redundant move statement; This statement declares a move from terraform_data.a to the same address, which is the same as not declaring this move at all.`,
	}},
	{name: "redundant move (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": redundantMove}, want: []string{
		`main.tf:2:1: Error: Redundant move statement; This statement declares a move from terraform_data.a to the same address, which is the same as not declaring this move at all.`,
	}},
}

// TestMovedMistakes: eval's diagnostics for each of movedMistakes, each
// with a hint saying how to fix it.
func TestMovedMistakes(t *testing.T) {
	evalMistakes(t, movedMistakes, " ")
}

// TestMovedMistakesMatchEngine runs each of movedMistakes with the engine
// eval follows there, as TestMistakesMatchEngine does.
func TestMovedMistakesMatchEngine(t *testing.T) {
	onTheEngineEvalFollows(t, movedMistakes, matchEngine)
}
