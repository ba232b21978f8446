package controller

import (
	"context"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	localv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/local/v1alpha1"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestEarlierOperationEnded: an object whose status still says that an
// earlier manager's create runs (AsyncOperation=True) gets how it ended
// from the output the engine left: a failed apply of the real engine is
// LastAsyncOperation=False with its diagnostic, a successful one True; an
// output older than the operation (the manager died before starting it)
// says nothing of it, and the operation is Finished either way. A create
// whose output says it failed is known to have failed, so that the object
// does not stop at "its result is unknown".
func TestEarlierOperationEnded(t *testing.T) {
	eng, root := engineSetup(t, false)
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	r := &Reconciler{root: root, eng: eng, reg: resource.Registration{TerraformType: "local_file", Kind: localv1alpha1.FileGroupVersionKind,
		New: func() resource.Terraformed { return &localv1alpha1.File{} }}}
	ctx := context.Background()
	f := &localv1alpha1.File{ObjectMeta: metav1.ObjectMeta{Name: "earlier"}}
	ws, err := eng.workspace(r.dir(f), "local_file")
	if err != nil {
		t.Fatal(err)
	}
	running := func(since time.Time) {
		c := condition(resource.TypeAsyncOperation, metav1.ConditionTrue, resource.ReasonOngoing, opCreate+" running since "+since.UTC().Format(time.RFC3339))
		c.LastTransitionTime = metav1.NewTime(since)
		f.Status.SetConditions(c)
	}
	create := func(filename string) error {
		src, err := renderConfig("local_file", map[string]any{"filename": filename, "content": "x"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := ws.writeConfig(ctx, src); err != nil {
			t.Fatal(err)
		}
		if _, err := ws.plan(ctx); err != nil {
			t.Fatal(err)
		}
		running(time.Now())
		return ws.apply(ctx)
	}
	check := func(what string, status metav1.ConditionStatus, reason resource.ConditionReason, msg string) {
		t.Helper()
		if c := f.Status.Condition(resource.TypeAsyncOperation); c.Status != metav1.ConditionFalse || c.Reason != resource.ReasonFinished {
			t.Errorf("%s: AsyncOperation %+v", what, c)
		}
		if c := f.Status.Condition(resource.TypeLastAsyncOperation); c.Status != status || c.Reason != reason || !strings.Contains(c.Message, msg) {
			t.Errorf("%s: LastAsyncOperation %+v, want %s %s %q", what, c, status, reason, msg)
		}
	}

	pending := time.Now().UTC().Format(time.RFC3339)
	if err := create("/proc/tfkit-none/f"); err == nil {
		t.Fatal("a file under /proc was created")
	}
	// The create is tried again, not taken for one of unknown result...
	if !ws.earlierCreateFailed(pending) {
		t.Error("the failed create is not known to have failed")
	}
	// ...unless its output is older than the create.
	if ws.earlierCreateFailed(time.Now().Add(time.Minute).UTC().Format(time.RFC3339)) {
		t.Error("the output of an earlier create is taken for the create's")
	}
	r.earlierOperationEnded(f, ws)
	check("failed apply", metav1.ConditionFalse, resource.ReasonApplyFailure, "/proc/tfkit-none")
	if m := f.Status.Condition(resource.TypeLastAsyncOperation).Message; strings.Contains(m, "exit status") || strings.Contains(m, "main.tf.json") {
		t.Errorf("the message is not the diagnostic alone: %q", m)
	}

	if err := create(t.TempDir() + "/f"); err != nil {
		t.Fatal(err)
	}
	r.earlierOperationEnded(f, ws)
	check("apply", metav1.ConditionTrue, resource.ReasonSuccess, "")
	if ws.earlierCreateFailed(pending) {
		t.Error("a create that succeeded is taken for a failed one")
	}

	// An operation that started after the output was written.
	running(time.Now().Add(time.Minute))
	f.Status.SetConditions(condition(resource.TypeLastAsyncOperation, metav1.ConditionFalse, resource.ReasonApplyFailure, "before"))
	r.earlierOperationEnded(f, ws)
	check("output of an operation before", metav1.ConditionFalse, resource.ReasonApplyFailure, "before")
}
