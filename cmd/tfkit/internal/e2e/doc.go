// Package e2e holds end-to-end tests that run a real Terraform engine
// (terraform or OpenTofu) on configurations written by hand and on the
// output of the examples, through the local provider mirror: init, validate
// with zero warnings, apply, output, destroy.
//
// It has no code of its own, only tests; nothing may import it. The tests
// skip without an engine and fail instead when TFKIT_REQUIRE_ENGINE=1 (see
// internal/enginetest and docs/development.md).
package e2e
