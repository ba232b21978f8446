package runner

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// The engine runs in a session of its own, which the terminal's Ctrl-C
// does not reach (see engineCommand).
const platformInterrupts = Forwarded

// interruptEngines signals the children of this process that lead a
// process group of their own: the engines' relays, which pass the signal
// on (and an app synth runs, which stops on SIGINT as well). Workspaces
// do not hand out their processes, so they are found in /proc.
func interruptEngines() int {
	self := os.Getpid()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || !ownEngine(pid, self) {
			continue
		}
		// A pid is not reused while its process is a zombie waiting for
		// this process to reap it, but the workspace may reap it between
		// the check and the signal. So the process is taken hold of first
		// (os.FindProcess opens a pidfd, through which Signal sends,
		// where the kernel has them) and checked again: the signal then
		// goes to the process checked, never to a newcomer with its pid.
		p, err := os.FindProcess(pid)
		if err != nil {
			continue
		}
		if ownEngine(pid, self) && p.Signal(syscall.SIGINT) == nil {
			n++
		}
		p.Release()
	}
	return n
}

// ownEngine reports whether process pid is a running child of self that
// leads a process group of its own.
func ownEngine(pid, self int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// "pid (comm) state ppid pgrp ...": comm may hold spaces and
	// parentheses, so the fields are counted after the last ')'.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return false
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 3 || f[0] == "Z" {
		return false
	}
	ppid, _ := strconv.Atoi(f[1])
	pgrp, _ := strconv.Atoi(f[2])
	return ppid == self && pgrp == pid
}
