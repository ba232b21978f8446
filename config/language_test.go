package config

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// TestLanguageTableConsistent holds the table of the language to what the
// rest of tfkit relies on: unique kinds and names, addresses that follow
// the labels, reference roots that are listed, arguments and nested blocks
// stated once, engine versions that parse.
func TestLanguageTableConsistent(t *testing.T) {
	types, names := map[string]bool{}, map[string]bool{}
	for _, k := range Kinds {
		if k.Type == "" || k.Name == "" || k.Noun == "" {
			t.Errorf("kind %+v lacks its type, name or noun", k)
		}
		if types[k.Type] || names[k.Name] {
			t.Errorf("kind %s (%s) is listed twice", k.Type, k.Name)
		}
		types[k.Type], names[k.Name] = true, true
		if got, ok := KindOf(k.Type); !ok || got != k {
			t.Errorf("KindOf(%q) does not find its kind", k.Type)
		}
		if k.Prefix == "" && (k.Refer != ByAddress || len(k.Labels) == 0) {
			t.Errorf("%s: only kinds referred to by their labels may have an address without a prefix", k.Type)
		}
		switch k.Refer {
		case ByAddress:
			if len(k.Labels) == 0 {
				t.Errorf("%s is referred to by address but takes no labels", k.Type)
			}
			if k.Root != k.Prefix {
				t.Errorf("%s: a reference (root %q) is its address (prefix %q)", k.Type, k.Root, k.Prefix)
			}
		case ByArgument:
			if len(k.Labels) != 0 || k.Closed || k.Root == "" {
				t.Errorf("%s is referred to by argument: no labels, an open body and a root", k.Type)
			}
		case ByConfiguration, NotReferable:
			if k.Root != "" {
				t.Errorf("%s has root %q but is not referred to under one", k.Type, k.Root)
			}
		}
		if k.Root != "" && !slices.Contains(Roots, k.Root) {
			t.Errorf("%s: root %q is not in Roots", k.Type, k.Root)
		}
		checkSpec(t, k.Type, &k.BlockSpec)
	}
	roots := map[string]bool{}
	for _, r := range Roots {
		if roots[r] || !hclsyntax.ValidIdentifier(r) {
			t.Errorf("root %q is listed twice or is no name", r)
		}
		roots[r] = true
	}
	for _, typ := range []string{"", "r", "resourcx", "Resource", "resources", "lifecycle", "data ", "ephemeralresource"} {
		if k, ok := KindOf(typ); ok || k != nil {
			t.Errorf("KindOf(%q) = %v, %v", typ, k, ok)
		}
	}
	if got := KindTypes(); len(got) != len(Kinds) || got[0] != "terraform" {
		t.Errorf("KindTypes() = %v", got)
	}
	if s := TopSchema(); len(s.Blocks) != len(Kinds) {
		t.Errorf("TopSchema has %d blocks, want %d", len(s.Blocks), len(Kinds))
	}
}

func checkSpec(t *testing.T, path string, s *BlockSpec) {
	t.Helper()
	seen := map[string]bool{}
	for _, a := range s.Args {
		if seen[a.Name] || !hclsyntax.ValidIdentifier(a.Name) {
			t.Errorf("%s: argument %q is listed twice or is no name", path, a.Name)
		}
		seen[a.Name] = true
	}
	for _, e := range s.Evaluated {
		if _, ok := s.Block(e); ok || !s.LiteralBody {
			t.Errorf("%s: %q is evaluated in a block not read literally, or stated too", path, e)
		}
	}
	for _, nb := range s.Blocks {
		if seen[nb.Type] {
			t.Errorf("%s: %q is both an argument and a block, or listed twice", path, nb.Type)
		}
		seen[nb.Type] = true
		checkSpec(t, path+"."+nb.Type, nb)
	}
	for _, v := range []string{s.Since.Terraform, s.Since.OpenTofu} {
		if v == "" {
			continue
		}
		var major, minor int
		if n, err := fmt.Sscanf(v, "%d.%d", &major, &minor); n != 2 || err != nil || major != 1 {
			t.Errorf("%s: engine version %q is not 1.N", path, v)
		}
	}
	if (s.Since.Terraform == "") != (s.Since.OpenTofu == "") {
		t.Errorf("%s: versions of both engines or of neither", path)
	}
}

// TestKindsAddressAndRefer checks each kind's address and reference, as
// every front end and validator reads them, on a block written with its
// labels.
func TestKindsAddressAndRefer(t *testing.T) {
	want := map[string]struct{ addr, ref string }{
		"terraform": {"terraform", ""},
		"provider":  {"provider.aws.west", "aws.west"},
		"variable":  {"var.l0", "var.l0"},
		"locals":    {"locals", ""},
		"resource":  {"l0.l1", "l0.l1"},
		"data":      {"data.l0.l1", "data.l0.l1"},
		"ephemeral": {"ephemeral.l0.l1", "ephemeral.l0.l1"},
		"module":    {"module.l0", "module.l0"},
		"output":    {"output.l0", ""},
		"moved":     {"moved", ""},
		"import":    {"import", ""},
		"removed":   {"removed", ""},
		"check":     {"check.l0", ""},
	}
	for _, k := range Kinds {
		w, ok := want[k.Type]
		if !ok {
			t.Errorf("kind %s: add its address and reference to this test", k.Type)
			continue
		}
		var labels []string
		for i := range k.Labels {
			labels = append(labels, fmt.Sprintf("l%d", i))
		}
		if k.Refer == ByConfiguration {
			labels = []string{"aws"}
		}
		b := NewBlock(k.Type, labels...)
		if k.Refer == ByConfiguration {
			b.Body.Set("alias", String("west"))
		}
		if got := b.Address(); got != w.addr {
			t.Errorf("%s: Address() = %q, want %q", k.Type, got, w.addr)
		}
		names, ok := ReferenceNames(nil, b)
		if got := strings.Join(names, "."); ok != (w.ref != "") || got != w.ref {
			t.Errorf("%s: ReferenceNames = %q, %v; want %q", k.Type, got, ok, w.ref)
		}
		// The wrong number of labels: the address joins them to the type,
		// and nothing refers to the block.
		wrong := NewBlock(k.Type, append(labels, "extra")...)
		if got, want := wrong.Address(), k.Type+"."+strings.Join(append(labels, "extra"), "."); got != want {
			t.Errorf("%s with an extra label: Address() = %q, want %q", k.Type, got, want)
		}
		if _, ok := ReferenceNames(nil, wrong); ok {
			t.Errorf("%s with an extra label can be referred to", k.Type)
		}
	}
}

// TestValidateFollowsKinds: every kind is refused with a label more than
// it takes (but locals, whose labels Validate leaves to Terraform), an
// address it requires is reported missing, and an unknown type is
// reported with the list of kinds.
func TestValidateFollowsKinds(t *testing.T) {
	for _, k := range Kinds {
		if k == KindLocals {
			continue
		}
		labels := make([]string, len(k.Labels))
		for i := range labels {
			labels[i] = fmt.Sprintf("l%d", i)
		}
		b := NewBlock(k.Type, append(labels, "extra")...)
		b.DeclRange = hcl.Range{Filename: "main.tf", Start: hcl.Pos{Line: 1, Column: 1}}
		ds := Validate(&Config{Blocks: []*Block{b}})
		if len(ds) == 0 || ds[0].Summary != "Wrong number of labels on "+k.Type+" block" {
			t.Errorf("%s with %d labels: %v", k.Type, len(labels)+1, ds)
		}
		for _, a := range k.Args {
			if !a.Required || a.Read != Address {
				continue
			}
			ds := Validate(&Config{Blocks: []*Block{NewBlock(k.Type, labels...)}})
			if !strings.Contains(ds.Error(), fmt.Sprintf("Missing required argument (at %s.%s); The argument %q is required", k.Type, a.Name, a.Name)) {
				t.Errorf("%s without %s: %v", k.Type, a.Name, ds)
			}
		}
	}
	ds := Validate(&Config{Blocks: []*Block{NewBlock("resorce", "a", "b")}})
	want := "Terraform accepts these top-level blocks: " + strings.Join(KindTypes(), ", ") + "."
	if len(ds) != 1 || ds[0].Detail != want || ds[0].Suggestion != `did you mean "resource"?` {
		t.Errorf("unknown block type: %v", ds)
	}
}

// TestArgReadFollowsTable: every argument the table states reads as it
// says wherever its block is, and arguments it does not state are plain.
func TestArgReadFollowsTable(t *testing.T) {
	var walk func(types []string, s *BlockSpec)
	walk = func(types []string, s *BlockSpec) {
		for _, a := range s.Args {
			if got := ArgRead(types, a.Name); got != a.Read {
				t.Errorf("ArgRead(%v, %q) = %d, want %d", types, a.Name, got, a.Read)
			}
		}
		if got := ArgRead(types, "not_an_argument_of_terraform"); got != s.Entries {
			t.Errorf("ArgRead(%v, unknown) = %d, want %d", types, got, s.Entries)
		}
		for _, nb := range s.Blocks {
			if got, ok := OwnBlock(types, nb.Type); !ok || got != nb {
				t.Errorf("OwnBlock(%v, %q) does not find it", types, nb.Type)
			}
			walk(append(types[:len(types):len(types)], nb.Type), nb)
		}
	}
	for _, k := range Kinds {
		walk([]string{k.Type}, &k.BlockSpec)
	}
	// Keywords are read as such under schema blocks too, and a dynamic
	// block is Terraform's in any open body.
	for _, c := range []struct {
		types []string
		name  string
		want  Read
	}{
		{[]string{"resource", "ebs", "provisioner"}, "when", Keyword},
		{[]string{"resource", "ebs", "dynamic"}, "iterator", Keyword},
		{[]string{"resource", "ebs"}, "depends_on", Plain},
		{[]string{"check", "data", "lifecycle"}, "ignore_changes", IgnoreChanges},
		{[]string{"provisioner"}, "when", Plain},
	} {
		if got := ArgRead(c.types, c.name); got != c.want {
			t.Errorf("ArgRead(%v, %q) = %d, want %d", c.types, c.name, got, c.want)
		}
	}
	if s, ok := Spec([]string{"resource", "dynamic", "content"}); !ok || s.Type != "content" {
		t.Errorf("a dynamic block's content is not Terraform's")
	}
	if _, ok := Spec([]string{"variable", "dynamic"}); ok {
		t.Errorf("a variable, whose body is closed, takes a dynamic block")
	}
}

// TestLiteralArgumentFollowsTable: the arguments marked Literal, and all of
// the terraform block's but OpenTofu's encryption settings.
func TestLiteralArgumentFollowsTable(t *testing.T) {
	for _, k := range Kinds {
		for _, a := range k.Args {
			if got := LiteralArgument([]string{k.Type}, a.Name); got != a.Literal && !k.LiteralBody {
				t.Errorf("LiteralArgument(%s, %s) = %v", k.Type, a.Name, got)
			}
		}
		if got := LiteralArgument([]string{k.Type}, "x"); got != k.LiteralBody {
			t.Errorf("LiteralArgument(%s, x) = %v, want %v", k.Type, got, k.LiteralBody)
		}
	}
	for _, c := range []struct {
		types []string
		want  bool
	}{
		{[]string{"terraform", "backend", "assume_role"}, true},
		{[]string{"terraform", "required_providers"}, true},
		{[]string{"terraform", "encryption"}, false},
		{[]string{"terraform", "encryption", "key_provider"}, false},
		{[]string{"variable", "validation"}, false},
		{[]string{"module", "x"}, false},
	} {
		if got := LiteralArgument(c.types, "x"); got != c.want {
			t.Errorf("LiteralArgument(%v, x) = %v, want %v", c.types, got, c.want)
		}
	}
}

// TestStateKinds: the kinds that act on state name objects by address;
// of them, moved and removed read no value at all.
func TestStateKinds(t *testing.T) {
	var state, names []string
	for _, k := range Kinds {
		if k.ActsOnState() {
			state = append(state, k.Type)
		}
		if k.NamesOnly() {
			names = append(names, k.Type)
		}
	}
	if got := strings.Join(state, " "); got != "moved import removed" {
		t.Errorf("kinds acting on state: %s", got)
	}
	if got := strings.Join(names, " "); got != "moved removed" {
		t.Errorf("kinds naming addresses only: %s", got)
	}
}

// TestNestedBlockAsReaderMeetsIt: the blocks a reader of either syntax
// takes as Terraform's, dynamic ones included where a schema defines the
// body, and the bodies that hold arguments only or a provider's schema.
func TestNestedBlockAsReaderMeetsIt(t *testing.T) {
	for _, c := range []struct {
		types  []string
		name   string
		labels int
		ok     bool
	}{
		{[]string{"resource"}, "lifecycle", 0, true},
		{[]string{"resource"}, "provisioner", 1, true},
		{[]string{"resource"}, "dynamic", 1, true},
		{[]string{"resource", "ebs"}, "dynamic", 1, true},
		{[]string{"resource", "ebs", "dynamic"}, "content", 0, true},
		{[]string{"resource", "ebs", "dynamic"}, "lifecycle", 0, false},
		{[]string{"resource", "ebs"}, "lifecycle", 0, false},
		{[]string{"resource", "dynamic", "content"}, "dynamic", 1, true},
		{[]string{"check"}, "data", 2, true},
		{[]string{"terraform"}, "backend", 1, true},
		{[]string{"terraform"}, "dynamic", 0, false},
		{[]string{"terraform", "required_providers"}, "dynamic", 0, false},
		{[]string{"locals"}, "dynamic", 0, false},
		{[]string{"locals"}, "lifecycle", 0, false},
		{[]string{"variable"}, "dynamic", 0, false},
		{[]string{"data"}, "connection", 0, false},
		{[]string{"removed"}, "provisioner", 1, true},
		{[]string{"nonesuch"}, "dynamic", 0, false},
	} {
		s, ok := NestedBlock(c.types, c.name)
		if ok != c.ok || ok && len(s.Labels) != c.labels {
			t.Errorf("NestedBlock(%v, %q) = %v, %v; want %d labels, %v", c.types, c.name, s, ok, c.labels, c.ok)
		}
	}
	if _, ok := Spec([]string{"terraform", "dynamic"}); ok {
		t.Errorf("the terraform block, read literally, takes a dynamic block")
	}
	for _, k := range Kinds {
		if want := k.Type == "locals"; k.ArgsOnly != want {
			t.Errorf("%s: ArgsOnly = %v, want %v", k.Type, k.ArgsOnly, want)
		}
		want := slices.Contains([]string{"resource", "data", "ephemeral", "provider"}, k.Type)
		if k.ProviderSchema != want {
			t.Errorf("%s: ProviderSchema = %v, want %v", k.Type, k.ProviderSchema, want)
		}
	}
	if s, ok := Spec([]string{"terraform", "required_providers"}); !ok || !s.ArgsOnly {
		t.Errorf("required_providers does not hold arguments only")
	}
	if s, ok := Spec([]string{"check", "data"}); !ok || !s.ProviderSchema {
		t.Errorf("a check's data source is not read by its provider's schema")
	}
	for _, b := range Carried {
		if _, ok := KindOf(b.Type); ok {
			t.Errorf("carried block %s is also a kind", b.Type)
		}
	}
}

// TestOwnsAndKindOfRoot: the names Terraform defines in open bodies, and
// the kinds behind the reference roots.
func TestOwnsAndKindOfRoot(t *testing.T) {
	for _, c := range []struct {
		k    *Kind
		name string
		want bool
	}{
		{KindResource, "count", true}, {KindResource, "depends_on", true}, {KindResource, "provisioner", true},
		{KindResource, "ami", false}, {KindData, "lifecycle", true}, {KindData, "provisioner", false},
		{KindProvider, "alias", true}, {KindProvider, "region", false}, {KindModule, "source", true},
		{KindVariable, "default", false},
	} {
		if got := c.k.Owns(c.name); got != c.want {
			t.Errorf("%s.Owns(%q) = %v, want %v", c.k.Type, c.name, got, c.want)
		}
	}
	for root, want := range map[string]*Kind{"var": KindVariable, "local": KindLocals, "module": KindModule,
		"data": KindData, "ephemeral": KindEphemeral, "count": nil, "self": nil, "aws_vpc": nil, "": nil} {
		got, ok := KindOfRoot(root)
		if ok != (want != nil) || got != want {
			t.Errorf("KindOfRoot(%q) = %v, %v", root, got, ok)
		}
		if ok && !slices.Contains(Roots, root) {
			t.Errorf("root %q of kind %s is not in Roots", root, got.Type)
		}
	}
}

// TestReferenceLenAndReservedNames: how many names of a reference name a
// block, and the variable names a module block keeps.
func TestReferenceLenAndReservedNames(t *testing.T) {
	for root, want := range map[string]int{"data": 3, "ephemeral": 3, "module": 2, "var": 2, "local": 2, "aws_vpc": 2, "count": 2} {
		if got := ReferenceLen(root); got != want {
			t.Errorf("ReferenceLen(%q) = %d, want %d", root, got, want)
		}
	}
	want := []string{"count", "depends_on", "for_each", "lifecycle", "locals", "providers", "source", "version"}
	var got []string
	for n := range reservedVariableNames {
		got = append(got, n)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("reserved variable names = %v, want %v", got, want)
	}
}
