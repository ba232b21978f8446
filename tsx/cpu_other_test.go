//go:build !unix

package tsx

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
