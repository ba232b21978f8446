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
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/tfkit/tfkit/jet/resource"
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

// earlierOperationEnded reports the end of an apply or destroy that an
// earlier manager started and did not live to report: the object still says
// AsyncOperation=True, this manager runs no operation in the workspace (the
// reconcile got past operation), and no engine runs there any more. How it
// ended is in the output file it left, when that file is of this operation
// (written since the operation started): its error diagnostics, or none.
func (r *Reconciler) earlierOperationEnded(mg resource.Terraformed, ws *workspace) {
	status := mg.GetResourceStatus()
	c := status.Condition(resource.TypeAsyncOperation)
	if c.Status != metav1.ConditionTrue {
		return
	}
	status.SetConditions(condition(resource.TypeAsyncOperation, metav1.ConditionFalse, resource.ReasonFinished, ""))
	// Condition times have a resolution of a second.
	diags, ok := ws.earlierOutput(c.LastTransitionTime.Add(-time.Second))
	if !ok {
		return
	}
	kind, _, _ := strings.Cut(c.Message, " ")
	command, reason := "apply", resource.ReasonApplyFailure
	if kind == opDelete {
		command, reason = "destroy", resource.ReasonDestroyFailure
	}
	if len(diags) > 0 {
		ee := &engineError{command: command, err: errors.New(command + " failed"), diags: diags}
		status.SetConditions(condition(resource.TypeLastAsyncOperation, metav1.ConditionFalse, reason, r.explainFor(mg, ee)))
		return
	}
	status.SetConditions(condition(resource.TypeLastAsyncOperation, metav1.ConditionTrue, resource.ReasonSuccess, ""))
}

// earlierOutput reads the output file of the last apply or destroy of the
// workspace, when it was written since (an older one is of an earlier
// operation): its error diagnostics, none when it succeeded.
func (w *workspace) earlierOutput(since time.Time) ([]engineDiagnostic, bool) {
	fi, err := os.Stat(filepath.Join(w.dir, applyOutFile))
	if err != nil || fi.ModTime().Before(since) {
		return nil, false
	}
	text, err := os.ReadFile(filepath.Join(w.dir, applyOutFile))
	if err != nil {
		return nil, false
	}
	src, _ := os.ReadFile(filepath.Join(w.dir, ConfigFile))
	return parseDiagnostics(string(text), src), true
}

// earlierCreateFailed says whether the create an earlier manager started
// at the time of the pending annotation (RFC 3339) and did not live to
// record failed: its apply ended with error diagnostics (the engine then
// keeps in its state whatever it created, and the resource is not there).
// An apply that died with its machine left no diagnostics: its result is
// unknown.
func (w *workspace) earlierCreateFailed(pending string) bool {
	at, err := time.Parse(time.RFC3339, pending)
	if err != nil {
		return false
	}
	diags, ok := w.earlierOutput(at.Add(-time.Second))
	return ok && len(diags) > 0
}
