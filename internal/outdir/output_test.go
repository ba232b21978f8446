package outdir

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit/manifest"
)

// synthesis returns the files of a synthesis with the given stack files
// (path → content), with a manifest.json listing them as one stack.
func synthesis(t *testing.T, files map[string]string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	st := manifest.Stack{Name: "s", Directory: ".", Dependencies: []string{}}
	for _, p := range sortedKeys(files) {
		sum := sha256.Sum256([]byte(files[p]))
		st.Files = append(st.Files, manifest.File{Path: p, SHA256: hex.EncodeToString(sum[:])})
		out[p] = []byte(files[p])
	}
	m := manifest.Manifest{Version: manifest.Version, Format: "hcl", Stacks: []manifest.Stack{st}}
	data, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	out[manifest.Name] = data
	return out
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := range ks {
		for j := i + 1; j < len(ks); j++ {
			if ks[j] < ks[i] {
				ks[i], ks[j] = ks[j], ks[i]
			}
		}
	}
	return ks
}

func put(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func withoutManifest(files map[string]string) map[string]string {
	delete(files, manifest.Name)
	return files
}

func TestUpdateKeepsWhatTfkitDidNotWrite(t *testing.T) {
	parent := t.TempDir()
	dst := filepath.Join(parent, "out")
	if _, err := Update(dst, synthesis(t, map[string]string{"stacks/a/main.tf": "a1\n", "stacks/b/main.tf": "b1\n", "stacks/c/main.tf": "c1\n"})); err != nil {
		t.Fatal(err)
	}
	// What terraform init and apply leave in a stack directory, and a
	// file of the user's.
	put(t, dst, "stacks/a/terraform.tfstate", "state")
	put(t, dst, "stacks/a/terraform.tfstate.backup", "backup")
	put(t, dst, "stacks/a/.terraform.lock.hcl", "lock")
	put(t, dst, "stacks/a/.terraform/providers/x", "provider")
	put(t, dst, "stacks/b/terraform.tfstate", "state of b")
	put(t, dst, "notes.txt", "mine")

	res, err := Update(dst, synthesis(t, map[string]string{"stacks/a/main.tf": "a2\n", "stacks/d/main.tf": "d\n"}))
	if err != nil {
		t.Fatal(err)
	}
	got := withoutManifest(read(t, dst))
	want := map[string]string{
		"stacks/a/main.tf":                  "a2\n",
		"stacks/a/terraform.tfstate":        "state",
		"stacks/a/terraform.tfstate.backup": "backup",
		"stacks/a/.terraform.lock.hcl":      "lock",
		"stacks/a/.terraform/providers/x":   "provider",
		"stacks/b/terraform.tfstate":        "state of b",
		"stacks/d/main.tf":                  "d\n",
		"notes.txt":                         "mine",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after the second synthesis:\n got %v\nwant %v", got, want)
	}
	// The stack no longer written and holding nothing else is gone as a
	// whole; the one with state stays.
	if _, err := os.Stat(filepath.Join(dst, "stacks", "c")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stacks/c left behind: %v", err)
	}
	if !reflect.DeepEqual(res.Removed, []string{"stacks/b/main.tf", "stacks/c/main.tf"}) || len(res.Edited) != 0 {
		t.Errorf("result: %+v", res)
	}
	if names := entries(t, parent); len(names) != 1 {
		t.Errorf("left beside the output: %v", names)
	}
}

func TestUpdateReplacesEditedFilesAndSaysSo(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "out")
	if _, err := Update(dst, synthesis(t, map[string]string{"main.tf": "v1\n", "extra.tf": "x\n"})); err != nil {
		t.Fatal(err)
	}
	put(t, dst, "main.tf", "edited by hand\n")
	put(t, dst, "extra.tf", "edited too\n")
	res, err := Update(dst, synthesis(t, map[string]string{"main.tf": "v2\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := withoutManifest(read(t, dst)); !reflect.DeepEqual(got, map[string]string{"main.tf": "v2\n"}) {
		t.Fatalf("got %v", got)
	}
	if !reflect.DeepEqual(res.Edited, []string{"extra.tf", "main.tf"}) {
		t.Fatalf("edited: %v", res.Edited)
	}
}

func TestUpdateRefusesToReplaceForeignFiles(t *testing.T) {
	for name, setup := range map[string]func(dst string){
		"file":      func(dst string) { put(t, dst, "new.tf", "the user's\n") },
		"directory": func(dst string) { put(t, dst, "new.tf/inside", "x") },
		"parent":    func(dst string) { put(t, dst, "mod", "a file where a directory goes") },
	} {
		t.Run(name, func(t *testing.T) {
			dst := filepath.Join(t.TempDir(), "out")
			if _, err := Update(dst, synthesis(t, map[string]string{"main.tf": "v1\n"})); err != nil {
				t.Fatal(err)
			}
			setup(dst)
			before := read(t, dst)
			_, err := Update(dst, synthesis(t, map[string]string{"main.tf": "v2\n", "new.tf": "ours\n", "mod/x.tf": "m\n"}))
			if err == nil || !strings.Contains(err.Error(), "move it away") {
				t.Fatalf("err = %v", err)
			}
			if after := read(t, dst); !reflect.DeepEqual(before, after) {
				t.Fatalf("output changed on failure:\n%v\n%v", before, after)
			}
		})
	}
	// A foreign file with the very content tfkit writes is taken over.
	dst := filepath.Join(t.TempDir(), "out")
	put(t, dst, "main.tf", "same\n")
	if _, err := Update(dst, synthesis(t, map[string]string{"main.tf": "same\n"})); err != nil {
		t.Fatal(err)
	}
}

func TestCommitRefusesUnlistedFiles(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "out")
	files := synthesis(t, map[string]string{"main.tf": "v1\n"})
	files["stray.tf"] = []byte("x")
	_, err := Update(dst, files)
	if err == nil || !strings.Contains(err.Error(), "stray.tf was written but manifest.json does not list it") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the output directory created for nothing stays: %v", err)
	}
}

func TestUpdateRecoversFromAnInterruptedCommit(t *testing.T) {
	parent := t.TempDir()
	dst := filepath.Join(parent, "out")
	if _, err := Update(dst, synthesis(t, map[string]string{"main.tf": "v1\n"})); err != nil {
		t.Fatal(err)
	}
	// A run that died after moving in half.tf, before its manifest: the
	// pending list names it; its staging directory is still beside.
	put(t, dst, "half.tf", "from the dead run\n")
	put(t, dst, PendingFile, `["half.tf","main.tf","manifest.json"]`+"\n")
	put(t, parent, ".out.new-123/main.tf", "x")
	put(t, parent, ".out.old-456/prev/main.tf", "x")
	if _, err := Update(dst, synthesis(t, map[string]string{"main.tf": "v2\n"})); err != nil {
		t.Fatal(err)
	}
	if got := withoutManifest(read(t, dst)); !reflect.DeepEqual(got, map[string]string{"main.tf": "v2\n"}) {
		t.Fatalf("got %v", got)
	}
	if names := entries(t, parent); len(names) != 1 {
		t.Fatalf("leftovers of crashed runs stay: %v", names)
	}
}

func TestLockWaitsForAnotherWriter(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "out")
	first, err := Lock(context.Background(), dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	waited := false
	if _, err := Lock(ctx, dst, func() { waited = true }); err == nil || !errors.Is(err, context.DeadlineExceeded) || !waited {
		t.Fatalf("second Lock while the first holds it: err=%v waited=%v", err, waited)
	}
	done := make(chan error, 1)
	go func() {
		o, err := Lock(context.Background(), dst, nil)
		if err == nil {
			o.Unlock()
		}
		done <- err
	}()
	time.Sleep(150 * time.Millisecond)
	first.Unlock()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Lock did not get the directory after Unlock")
	}
}

func TestConcurrentUpdatesAllSucceed(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "out")
	errs := make(chan error, 8)
	for i := range 8 {
		go func() {
			_, err := Update(dst, synthesis(t, map[string]string{"main.tf": strings.Repeat("x", i) + "\n"}))
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := read(t, dst); len(got) != 2 {
		t.Fatalf("got %v", got)
	}
}

func TestUpdateRefusesWhatIsNotAnOutput(t *testing.T) {
	parent := t.TempDir()
	file := filepath.Join(parent, "file")
	put(t, parent, "file", "x")
	if _, err := Update(file, synthesis(t, map[string]string{"main.tf": "v\n"})); err == nil || !strings.Contains(err.Error(), "exists and is not a directory") {
		t.Errorf("output path is a file: %v", err)
	}
	dst := filepath.Join(parent, "out")
	put(t, dst, "manifest.json", `{"version": 99}`)
	_, err := Update(dst, synthesis(t, map[string]string{"main.tf": "v\n"}))
	if err == nil || !strings.Contains(err.Error(), "tfkit cannot tell which files there are its own") {
		t.Errorf("unreadable manifest: %v", err)
	}
	if got := read(t, dst); len(got) != 1 {
		t.Errorf("written: %v", got)
	}
}
