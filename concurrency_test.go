package tfkit_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tfkit/tfkit"
)

// TestStacksFromGoroutines: stacks declared and built from several
// goroutines at once all reach the output, each reading the shared stack
// through cross-stack references (run under the race detector).
func TestStacksFromGoroutines(t *testing.T) {
	for _, zero := range []bool{false, true} {
		app := tfkit.NewApp()
		if zero {
			app = &tfkit.App{}
		}
		base := tfkit.NewStack(app, "base")
		pet := tfkit.NewResource(base, "random_pet", "name", nil)
		const n = 16
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := tfkit.NewStack(app, fmt.Sprintf("web%d", i))
				s.Aspect(tfkit.AspectFunc(func(tfkit.Element) error { return nil }))
				for j := range 3 {
					tfkit.NewResource(s, "terraform_data", fmt.Sprintf("d%d", j), tfkit.Attrs{"input": pet.Ref("id")})
				}
			}()
		}
		wg.Wait()
		if got := len(app.Stacks()); got != n+1 {
			t.Fatalf("zero app %v: %d stacks, want %d", zero, got, n+1)
		}
		files, err := app.Files()
		if err != nil {
			t.Fatalf("zero app %v: %v", zero, err)
		}
		for i := range n {
			tf := string(files[fmt.Sprintf("stacks/web%d/main.tf", i)])
			if !strings.Contains(tf, "data.terraform_remote_state.base.outputs.cross_stack_output_random_pet_name_id") {
				t.Errorf("zero app %v: stack web%d:\n%s", zero, i, tf)
			}
		}
	}
}

// TestDuplicateStackFromGoroutines: two goroutines declaring a stack of one
// name get the duplicate reported once.
func TestDuplicateStackFromGoroutines(t *testing.T) {
	app := tfkit.NewApp()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tfkit.NewResource(tfkit.NewStack(app, "dev"), "terraform_data", "d", nil)
		}()
	}
	wg.Wait()
	ds := app.Validate()
	if len(ds) != 1 || ds[0].Summary != "Duplicate stack" {
		t.Errorf("diagnostics: %v", ds)
	}
}
