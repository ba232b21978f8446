package runner

import (
	"crypto/sha256"
	"strings"
	"sync"

	"github.com/tfkit/tfkit/config/hclguard"
)

// refused reports whether a stack file is one the parse guard refuses
// (see hclguard): nested so deeply that HCL's parsers would overflow the
// stack, or holding a number with an exponent past its limit. Such a file
// is passed over, as one that does not parse.
//
// A deploy reads each file three times before the engine runs (features,
// the init digest, the variables), and the check scans the whole text
// again; so the answer is kept by the file's content, for the last
// guardCacheSize files.
func refused(src []byte, name string) bool {
	key := guardKey{sha256.Sum256(src), strings.HasSuffix(name, ".json")}
	guardMu.Lock()
	bad, ok := guardChecked[key]
	guardMu.Unlock()
	if ok {
		return bad
	}
	bad = hclguard.File(src, name).HasErrors()
	guardMu.Lock()
	if len(guardChecked) >= guardCacheSize {
		clear(guardChecked) // a long-running process reads ever new files
	}
	guardChecked[key] = bad
	guardMu.Unlock()
	return bad
}

type guardKey struct {
	sum  [sha256.Size]byte
	json bool
}

const guardCacheSize = 1024

var (
	guardMu      sync.Mutex
	guardChecked = map[guardKey]bool{}
)
