// Package flock takes advisory, non-blocking, exclusive locks on open files
// (flock(2)), which the kernel releases when the file is closed or the
// process ends, so a crashed tfkit never leaves a stale lock behind.
//
// Where the system has no such locks (Windows), Try always succeeds: callers
// there get no protection against a second process, only the same API.
// It must never open, create or remove files itself.
package flock
