package npm_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/tsx"
)

// innerTextOverload matches the declaration of a component's innerText
// form: its props hold children: InnerText (directly or through
// ResourceText).
var innerTextOverload = regexp.MustCompile(`(?m)^export declare function (\w+)\(props: (ResourceText|\{[^}]*children: InnerText[^}]*\})\): Element;`)

// TestInnerTextOverloadsChecked holds testdata/invalid/innertext_extra_props.tsx
// to every component that has an innerText form: each must appear there
// with an attribute beside its text (TestTypeScriptChecks then requires
// the error that says to move it into the text).
func TestInnerTextOverloadsChecked(t *testing.T) {
	decls := tsx.TypeDefinitions()["index.d.ts"]
	cases, err := os.ReadFile(filepath.Join("testdata", "invalid", "innertext_extra_props.tsx"))
	if err != nil {
		t.Fatal(err)
	}
	matches := innerTextOverload.FindAllStringSubmatch(string(decls), -1)
	if len(matches) < 10 {
		t.Fatalf("found %d innerText overloads in index.d.ts; has their form changed?", len(matches))
	}
	for _, m := range matches {
		if !strings.Contains(string(cases), "<"+m[1]+" ") {
			t.Errorf("<%s> has an innerText form but no case in innertext_extra_props.tsx", m[1])
		}
	}
}
