//go:build unix

package flock

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTryExcludesASecondHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	first, second := open(), open()
	defer second.Close()
	if ok, err := Try(first); !ok || err != nil {
		t.Fatalf("first Try = %v, %v; want true, nil", ok, err)
	}
	if ok, err := Try(second); ok || err != nil {
		t.Fatalf("second Try while the first holds the lock = %v, %v; want false, nil", ok, err)
	}
	first.Close()
	if ok, err := Try(second); !ok || err != nil {
		t.Fatalf("Try after the holder closed = %v, %v; want true, nil", ok, err)
	}
}
