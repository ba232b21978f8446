package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"
)

// progress shows how the installation of providers and modules goes, item
// by item. On a terminal a spinner line names what is still under way and
// each finished item gets a line of its own; elsewhere (a pipe, a log, CI)
// each finished item and each phase is one plain line, so logs stay
// readable.
type progress struct {
	w   io.Writer
	tty bool

	mu      sync.Mutex
	phase   string
	items   []string          // in the order they were first reported
	state   map[string]string // item → what is happening to it
	done    map[string]bool
	frame   int
	drawn   bool // a spinner line is on the screen
	stopped chan struct{}
	ticker  *time.Ticker
}

// spinnerFrames are drawn in turn while something is under way.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// newProgress starts showing progress on w; tick is how often the spinner
// turns on a terminal (0: only when something changes).
func newProgress(w io.Writer, tty bool, tick time.Duration) *progress {
	p := &progress{w: w, tty: tty, state: map[string]string{}, done: map[string]bool{}, stopped: make(chan struct{})}
	if tty && tick > 0 {
		p.ticker = time.NewTicker(tick)
		go func() {
			for {
				select {
				case <-p.ticker.C:
					p.mu.Lock()
					p.frame++
					p.draw()
					p.mu.Unlock()
				case <-p.stopped:
					return
				}
			}
		}()
	}
	return p
}

// setPhase names the step under way when no item is (reading schemas).
func (p *progress) setPhase(phase string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase = phase
	if !p.tty {
		fmt.Fprintln(p.w, phase)
		return
	}
	p.draw()
}

// set records what is happening to item; final marks it finished.
func (p *progress) set(item, state string, final bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done[item] || p.state[item] == state && !final {
		return
	}
	if _, seen := p.state[item]; !seen {
		p.items = append(p.items, item)
	}
	p.state[item] = state
	p.done[item] = final
	if !p.tty {
		if final {
			fmt.Fprintf(p.w, "%s: %s\n", item, state)
		}
		return
	}
	if final {
		p.clear()
		fmt.Fprintf(p.w, "✓ %s: %s\n", item, state)
	}
	p.draw()
}

// stop removes the spinner line; what finished stays on the screen.
func (p *progress) stop() {
	if p.ticker != nil {
		p.ticker.Stop()
		close(p.stopped)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		p.clear()
	}
}

// clear erases the spinner line.
func (p *progress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}

// draw writes the spinner line: the items under way, else the phase.
func (p *progress) draw() {
	var busy []string
	for _, it := range p.items {
		if !p.done[it] {
			busy = append(busy, it+" ("+p.state[it]+")")
		}
	}
	text := p.phase
	if len(busy) > 0 {
		text = strings.Join(busy, ", ")
	}
	if text == "" {
		return
	}
	const width = 78 // keep to one line on an 80-column terminal
	if r := []rune(text); len(r) > width {
		text = string(r[:width-1]) + "…"
	}
	fmt.Fprintf(p.w, "\r\033[K%s %s", spinnerFrames[p.frame%len(spinnerFrames)], text)
	p.drawn = true
}

// Lines of `init` output that say how an item goes, for Terraform and
// OpenTofu alike.
var (
	initFinding   = regexp.MustCompile(`^- Finding (\S+) versions`)
	initFindingAt = regexp.MustCompile(`^- Finding latest version of (\S+)\.\.\.`)
	initInstall   = regexp.MustCompile(`^- Installing (\S+) v(\S+)\.\.\.`)
	initInstalled = regexp.MustCompile(`^- Installed (\S+) v(\S+)`)
	initReuse     = regexp.MustCompile(`^- Using previously-installed (\S+) v(\S+)`)
	initDownload  = regexp.MustCompile(`^Downloading (\S+) (\S+ )?for (\S+)\.\.\.`)
	initModule    = regexp.MustCompile(`^- (\S+) in (\S+)`)
)

// followInit reads `init` output line by line, reports each provider and
// module to p, and copies everything to keep (for the error message when
// init fails).
func followInit(p *progress, r io.Reader, keep io.Writer) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(keep, line)
		line = strings.TrimSpace(line)
		switch {
		case initFinding.MatchString(line):
			p.set(initFinding.FindStringSubmatch(line)[1], "finding versions", false)
		case initFindingAt.MatchString(line):
			p.set(initFindingAt.FindStringSubmatch(line)[1], "finding versions", false)
		case initInstall.MatchString(line):
			m := initInstall.FindStringSubmatch(line)
			p.set(m[1], "installing "+m[2], false)
		case initInstalled.MatchString(line):
			m := initInstalled.FindStringSubmatch(line)
			p.set(m[1], "installed "+m[2], true)
		case initReuse.MatchString(line):
			m := initReuse.FindStringSubmatch(line)
			p.set(m[1], "installed "+m[2], true)
		case initDownload.MatchString(line):
			m := initDownload.FindStringSubmatch(line)
			p.set("module."+m[3], "downloading", false)
		case initModule.MatchString(line):
			p.set("module."+initModule.FindStringSubmatch(line)[1], "installed", true)
		}
	}
	// The rest of the output, if a line was too long to scan.
	_, _ = io.Copy(keep, r)
}
