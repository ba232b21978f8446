package convert

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
)

// TestOwnBlockFollowsLanguage: the TSX converter writes as objects the
// blocks the language table says Terraform owns, as the TSX front end reads
// them (plain without a label, keyed by the one label otherwise), and
// nothing else.
func TestOwnBlockFollowsLanguage(t *testing.T) {
	var walk func(types []string, s *config.BlockSpec)
	walk = func(types []string, s *config.BlockSpec) {
		for _, nb := range s.Blocks {
			want := notOwn
			switch len(nb.Labels) {
			case 0:
				want = plainOwn
			case 1:
				want = labeledOwn
			}
			if got := ownBlock(types, nb.Type); got != want {
				t.Errorf("ownBlock(%v, %q) = %d, want %d", types, nb.Type, got, want)
			}
			if want != notOwn {
				walk(append(types[:len(types):len(types)], nb.Type), nb)
			}
		}
		for _, name := range []string{"not_terraforms", "dynamic"} {
			if got := ownBlock(types, name); got != notOwn {
				t.Errorf("ownBlock(%v, %q) = %d, want none", types, name, got)
			}
		}
	}
	for _, k := range config.Kinds {
		walk([]string{k.Type}, &k.BlockSpec)
	}
}

// TestKindsFollowLanguage: the kinds that act on state are converted by
// their element (moved, import, removed), and a kind with labels it does
// not take is reported with the labels the table gives it.
func TestKindsFollowLanguage(t *testing.T) {
	for _, k := range config.Kinds {
		labels := make([]string, len(k.Labels))
		for i := range labels {
			labels[i] = "x"
		}
		b := config.NewBlock(k.Type, labels...)
		if got := stateKind(b); (got != nil) != k.ActsOnState() || got != nil && got != k {
			t.Errorf("stateKind(%s) = %v", k.Type, got)
		}
		if k.ActsOnState() && stateKind(config.NewBlock(k.Type, append(labels, "extra")...)) != nil {
			t.Errorf("stateKind(%s with a label) is not nil", k.Type)
		}
		msg := noElement(config.NewBlock(k.Type, append(labels, "extra")...), "none")
		if want := "(Terraform gives them " + string(rune('0'+len(k.Labels))) + ")"; !strings.HasSuffix(msg, want) {
			t.Errorf("noElement(%s) = %q, want ...%s", k.Type, msg, want)
		}
	}
	if msg := noElement(config.NewBlock("resorce"), "none"); !strings.Contains(msg, "which Terraform does not accept either") {
		t.Errorf("noElement(resorce) = %q", msg)
	}
	// OpenTofu's language block, which tfkit reads.
	if msg := noElement(config.NewBlock("language"), "none"); !strings.Contains(msg, "which tfkit reads but does not write") {
		t.Errorf("noElement(language) = %q", msg)
	}
}
