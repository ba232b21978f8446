package runner

import (
	"crypto/sha256"
	"strings"
	"sync"

	"github.com/tfkit/tfkit/config/hcldepth"
)

// tooDeep reports whether a stack file is nested too deeply for HCL's
// parsers (see hcldepth), which would overflow the stack. Such a file is
// passed over, as one that does not parse: the engine reports it.
//
// A deploy reads each file three times before the engine runs (features,
// the init digest, the variables), and the check scans the whole text
// again; so the answer is kept by the file's content, for the last
// depthCacheSize files.
func tooDeep(src []byte, name string) bool {
	key := depthKey{sha256.Sum256(src), strings.HasSuffix(name, ".json")}
	depthMu.Lock()
	deep, ok := depthChecked[key]
	depthMu.Unlock()
	if ok {
		return deep
	}
	deep = hcldepth.File(src, name).HasErrors()
	depthMu.Lock()
	if len(depthChecked) >= depthCacheSize {
		clear(depthChecked) // a long-running process reads ever new files
	}
	depthChecked[key] = deep
	depthMu.Unlock()
	return deep
}

type depthKey struct {
	sum  [sha256.Size]byte
	json bool
}

const depthCacheSize = 1024

var (
	depthMu      sync.Mutex
	depthChecked = map[depthKey]bool{}
)
