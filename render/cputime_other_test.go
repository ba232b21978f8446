//go:build !unix

package render

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
