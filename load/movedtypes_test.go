package load

import (
	"testing"

	"github.com/tfkit/tfkit/internal/refactorcases"
)

// movedMistakes are moves between resources of different types, which
// both engines accept, with the mistakes they refuse in them, and other
// moved and removed blocks both engines refuse, with what eval says of
// each in the words of the engine it follows.
var movedMistakes = mistakesOf(
	refactorcases.MovedAcrossTypes,
	refactorcases.AmbiguousAcrossTypes,
	refactorcases.CyclicAcrossTypes,
	refactorcases.RemovedDataKey,
	refactorcases.RedundantMove,
)

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
