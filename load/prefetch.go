package load

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/tfkit/tfkit/tffile"
)

// The module tree is read one module after another, as each module's
// calls tell where its children are. A module's files are parsed one file
// after the other (a large file in pieces on all processors), so the small
// files of a module leave processors idle. Once a module is read, the
// directories of its children are known for most calls (a literal local
// source, or an entry of modules.json), so their files are read on other
// goroutines while the loader decodes this module and loads the children
// before them. Reading a directory is the same whoever does it and only
// reads the disk; what it finds reaches the loader (diagnostics included)
// when loadModule comes to that directory, in the order it always has. A
// directory read ahead that the loader then does not load (a call judged
// invalid) is dropped.

// readAheadOn switches reading ahead on; tests compare with it off.
var readAheadOn = true

// pendingRead is a module directory being read ahead.
type pendingRead struct {
	names []string // the files, as loadModule will list them
	done  chan struct{}
	r     *readResult // set before done is closed; nil if the directory cannot be listed
}

// readAhead starts reading the directories of m's children that can be
// known without evaluating anything and are not read yet.
func (l *loader) readAhead(m *Module, dir string) {
	if !readAheadOn || len(m.Path) >= l.maxDeep {
		return
	}
	for _, name := range sortedKeys(m.Calls) {
		c := m.Calls[name]
		if c.SourceExpr != nil || c.Source == "" {
			continue
		}
		key := strings.Join(append(append([]string(nil), m.Path...), name), ".")
		cdir, ok := l.remote[key]
		if !ok {
			if !isLocalSource(c.Source) {
				continue
			}
			cdir = filepath.ToSlash(filepath.Clean(filepath.Join(dir, c.Source)))
		}
		if l.read[cdir] != nil || l.ahead[cdir] != nil {
			continue
		}
		if l.ahead == nil {
			l.ahead = map[string]*pendingRead{}
		}
		p := &pendingRead{done: make(chan struct{})}
		l.ahead[cdir] = p
		l.aheadWG.Go(func() {
			defer close(p.done)
			primary, overrides, err := tffile.DirNamesFor(filepath.Join(l.root, cdir), l.engine)
			if err != nil {
				return
			}
			p.names = append(primary, overrides...)
			p.r = l.readFiles(cdir, p.names)
		})
	}
}

// readAheadResult returns what was read ahead of the directory dir with
// the files names, or nil.
func (l *loader) readAheadResult(dir string, names []string) *readResult {
	p := l.ahead[dir]
	if p == nil {
		return nil
	}
	delete(l.ahead, dir)
	<-p.done
	if p.r == nil || !slices.Equal(p.names, names) {
		return nil
	}
	return p.r
}
