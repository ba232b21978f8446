package load

import (
	"testing"

	"github.com/tfkit/tfkit/internal/refactorcases"
	"github.com/tfkit/tfkit/tffile"
)

// refactorMistakes are import, moved and removed blocks both engines
// refuse, with what eval says of each in the words of the engine it
// follows (the config functions the Go and TSX synth check uses too), and
// blocks they accept.
var refactorMistakes = mistakesOf(
	refactorcases.ImportWrongKeys,
	refactorcases.ImportWrongKeyCount,
	refactorcases.ImportWrongKeyForEach,
	refactorcases.ImportKeyWithoutExpansion,
	refactorcases.ImportTwice,
	refactorcases.ImportEmptyID,
	refactorcases.ImportIntoCall,
	refactorcases.ImportIntoCountedCall,
	refactorcases.ImportIntoData,
	refactorcases.RemovedData,
	refactorcases.MovedResourceModule,
	refactorcases.AmbiguousMoves,
	refactorcases.AmbiguousInstanceMoves,
	refactorcases.AmbiguousModuleInstanceMoves,
	refactorcases.CyclicMoves,
	refactorcases.CyclicInstanceMoves,
	refactorcases.CyclicMixedMoves,
	refactorcases.CyclicModuleMoves,
	refactorcases.CyclicMovesInModule,
	refactorcases.MovedFromDataStillDeclared,
	refactorcases.MovedBetweenData,
	refactorcases.FineMoves,
)

// mistakesOf are the mistakes eval is checked with for cases: one for each
// engine whose words a case holds, named for OpenTofu with "(OpenTofu)".
func mistakesOf(cases ...refactorcases.Case) []mistake {
	var out []mistake
	for _, c := range cases {
		for _, engine := range c.Engines() {
			m := mistake{name: c.Name, files: c.Files, want: c.Located(engine)}
			if engine == refactorcases.OpenTofu {
				m.name += " (OpenTofu)"
				m.engine = tffile.OpenTofu
			}
			out = append(out, m)
		}
	}
	return out
}

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
