package controller

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Files of the apply or destroy that runs detached from the manager.
const (
	applyPIDFile = ".tfkit-apply.pid"
	applyOutFile = ".tfkit-apply.out"
)

// applyDetached runs `apply PLAN`, or `destroy`, in a session of its own,
// with its output in a file, so that it finishes and writes its state even
// when the manager dies in the middle (terraform-exec's commands die with
// their parent, between two state writes). The pid file lets the next
// manager wait for it instead of planning against a state about to change.
func (w *workspace) applyDetached(ctx context.Context, destroy bool) error {
	return w.eng.run(ctx, func(ctx context.Context) error {
		out, err := os.Create(filepath.Join(w.dir, applyOutFile))
		if err != nil {
			return err
		}
		defer out.Close()
		args := []string{"apply", "-input=false", "-no-color", "-auto-approve", "-lock=true", planFile}
		if destroy {
			args = []string{"destroy", "-input=false", "-no-color", "-auto-approve", "-lock=true"}
		}
		cmd := exec.Command(w.eng.path, args...)
		cmd.Dir = w.dir
		for k, v := range w.eng.env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		cmd.Env = append(cmd.Env, "TF_IN_AUTOMATION=1", "TF_INPUT=0")
		cmd.Stdout, cmd.Stderr = out, out
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := cmd.Start(); err != nil {
			return err
		}
		pidFile := filepath.Join(w.dir, applyPIDFile)
		_ = writeFileAtomic(pidFile, []byte(strconv.Itoa(cmd.Process.Pid)))
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var werr error
		select {
		case werr = <-done:
		case <-ctx.Done():
			// One interrupt: the engine stops at a safe point and writes
			// its state; wait for that however long it takes.
			_ = cmd.Process.Signal(os.Interrupt)
			werr = <-done
		}
		os.Remove(pidFile)
		if werr != nil {
			text, _ := os.ReadFile(filepath.Join(w.dir, applyOutFile))
			src, _ := os.ReadFile(filepath.Join(w.dir, ConfigFile))
			return engineFailure(args[0], fmt.Errorf("%s: %w\n%s", args[0], werr, strings.TrimSpace(string(text))), string(text), src)
		}
		return nil
	})
}

// applyRunning says whether an apply an earlier manager started in this
// workspace still runs, and its pid.
func (w *workspace) applyRunning() (int, bool) {
	pidFile := filepath.Join(w.dir, applyPIDFile)
	data, err := os.ReadFile(pidFile)
	if err != nil {
		return 0, false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err == nil && alive(pid, w.eng.path) {
		return pid, true
	}
	os.Remove(pidFile)
	return 0, false
}

// alive says whether pid is a running (not zombie) engine process.
func alive(pid int, engine string) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		// No /proc: trust the signal check.
		return true
	}
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
		return false
	}
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return false
	}
	args := strings.Split(string(cmdline), "\x00")
	return len(args) > 1 && filepath.Base(args[0]) == filepath.Base(engine) && (args[1] == "apply" || args[1] == "destroy")
}

// waitForEarlierApply is the wait error for a workspace whose apply (or
// destroy) outlived the manager that started it.
func waitForEarlierApply(pid int) error {
	return &waitError{msg: fmt.Sprintf("waiting for the %s (pid %d) an earlier manager started; its result will be adopted", engineCommand(pid), pid), steady: true}
}

// engineCommand is the engine command process pid runs, apply or destroy
// ("apply" when it cannot be read).
func engineCommand(pid int) string {
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err == nil {
		if args := strings.Split(string(cmdline), "\x00"); len(args) > 1 && args[1] == "destroy" {
			return "destroy"
		}
	}
	return "apply"
}
