package runner

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// terraform-exec starts the engine in a process group of its own, which
// the terminal's Ctrl-C does not reach.
const platformInterrupts = Forwarded

// interruptEngines signals the children of this process that lead a
// process group of their own: the engines terraform-exec started (and an
// app synth runs, which stops on SIGINT as well). terraform-exec does not
// hand out the engine's process, so they are found in /proc.
func interruptEngines() int {
	self := os.Getpid()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// "pid (comm) state ppid pgrp ...": comm may hold spaces and
		// parentheses, so the fields are counted after the last ')'.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 3 || f[0] == "Z" {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pgrp, _ := strconv.Atoi(f[2])
		if ppid == self && pgrp == pid && syscall.Kill(pid, syscall.SIGINT) == nil {
			n++
		}
	}
	return n
}
