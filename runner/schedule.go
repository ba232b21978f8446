package runner

import (
	"context"
	"fmt"
	"sort"
	"sync"
)

// Result is what happened to one stack of a Schedule.
type Result struct {
	Name string
	// Err is the stack's failure; nil when it succeeded or was skipped.
	Err error
	// Skipped is set when the stack did not run; Reason says why ("network
	// failed", "interrupted").
	Skipped bool
	Reason  string
}

// Schedule runs fn for each of names, a stack only after the stacks it
// depends on (deps[name], directly or through stacks not in names) have
// succeeded, or with reverse before them (destroy: dependants go first).
// At most parallelism run at once (at least 1). A stack whose predecessor
// failed or was skipped is skipped, naming the failed stack; after ctx is
// cancelled no new stack starts. Results are in the order of names.
func Schedule(ctx context.Context, names []string, deps map[string][]string, parallelism int, reverse bool, fn func(ctx context.Context, name string) error) []Result {
	parallelism = max(parallelism, 1)
	before := predecessors(names, deps, reverse)
	results := make(map[string]*Result, len(names))
	for _, n := range names {
		results[n] = &Result{Name: n}
	}
	done := map[string]bool{}
	running := map[string]bool{}
	var mu sync.Mutex
	finished := make(chan string)
	for len(done) < len(names) {
		mu.Lock()
		// Start what can start, in the order of names, so that a run
		// with parallelism 1 is deterministic. A stack skipped on the
		// way can make one earlier in names ready to be skipped too
		// (destroy of a, b, c with b depending on a and c on b, when c
		// fails), so scan again until a scan skips nothing.
		skipped := true
		for skipped {
			skipped = false
			for _, n := range names {
				if done[n] || running[n] || len(running) >= parallelism {
					continue
				}
				ready, blocked := true, ""
				for _, p := range before[n] {
					switch {
					case !done[p]:
						ready = false
					case results[p].Err != nil || results[p].Skipped:
						if blocked == "" {
							blocked = p
						}
					}
				}
				if !ready {
					continue
				}
				r := results[n]
				switch {
				case ctx.Err() != nil:
					r.Skipped, r.Reason = true, "interrupted"
					done[n] = true
					skipped = true
				case blocked != "":
					r.Skipped = true
					r.Reason = cause(results, blocked)
					done[n] = true
					skipped = true
				default:
					running[n] = true
					go func() {
						err := fn(ctx, n)
						mu.Lock()
						r.Err = err
						mu.Unlock()
						finished <- n
					}()
				}
			}
		}
		waiting := len(running) > 0
		mu.Unlock()
		if !waiting {
			if len(done) < len(names) {
				// Only reachable with a dependency cycle, which
				// predecessors rules out.
				panic("runner: schedule made no progress")
			}
			break
		}
		n := <-finished
		mu.Lock()
		delete(running, n)
		done[n] = true
		mu.Unlock()
	}
	out := make([]Result, len(names))
	for i, n := range names {
		out[i] = *results[n]
	}
	return out
}

// cause names the stack at the root of a skip: the failed stack, not the
// skipped one in between.
func cause(results map[string]*Result, p string) string {
	r := results[p]
	if r.Skipped {
		return r.Reason
	}
	return fmt.Sprintf("%s failed", p)
}

// predecessors returns, for each of names, the others among names that must
// finish first. Dependencies through stacks outside names count, so
// deploying a and c of a→b→c still orders them.
func predecessors(names []string, deps map[string][]string, reverse bool) map[string][]string {
	selected := map[string]bool{}
	for _, n := range names {
		selected[n] = true
	}
	before := map[string][]string{}
	for _, n := range names {
		seen := map[string]bool{}
		var walk func(string)
		walk = func(s string) {
			for _, d := range deps[s] {
				if seen[d] || d == n {
					continue
				}
				seen[d] = true
				if selected[d] {
					if reverse {
						before[d] = append(before[d], n)
					} else {
						before[n] = append(before[n], d)
					}
				}
				walk(d)
			}
		}
		walk(n)
	}
	for n := range before {
		sort.Strings(before[n])
	}
	return before
}

// CheckDependencies reports a dependency on a stack that is not in all or a
// cycle, which would make Schedule wait forever.
func CheckDependencies(all []string, deps map[string][]string) error {
	known := map[string]bool{}
	for _, n := range all {
		known[n] = true
	}
	for _, n := range all {
		for _, d := range deps[n] {
			if !known[d] {
				return fmt.Errorf("stack %q depends on %q, which is not in the manifest", n, d)
			}
		}
	}
	const (
		visiting = 1
		visited  = 2
	)
	state := map[string]int{}
	var visit func(n string, path []string) error
	visit = func(n string, path []string) error {
		switch state[n] {
		case visiting:
			return fmt.Errorf("stacks depend on each other in a cycle: %v", append(path, n))
		case visited:
			return nil
		}
		state[n] = visiting
		for _, d := range deps[n] {
			if err := visit(d, append(path, n)); err != nil {
				return err
			}
		}
		state[n] = visited
		return nil
	}
	for _, n := range all {
		if err := visit(n, nil); err != nil {
			return err
		}
	}
	return nil
}
