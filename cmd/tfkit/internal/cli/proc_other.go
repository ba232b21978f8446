//go:build !unix

package cli

import (
	"os"
	"os/exec"
	"time"
)

// Without process groups, only the shell itself can be stopped.

func ownProcessGroup(cmd *exec.Cmd) {}

func terminateGroup(p *os.Process, grace time.Duration) error {
	if p == nil {
		return nil
	}
	return p.Kill()
}

func killGroup(p *os.Process) {}
