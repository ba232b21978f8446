// Package enginetest runs a real Terraform engine (terraform or OpenTofu) in
// tests: it finds the engine, makes throw-away workspaces whose CLI config
// points at the local provider mirror built by scripts/install-providers.sh,
// and wraps init, validate, plan, apply, destroy and output with the engine's
// output in every failure message.
//
// Tests skip when no engine or mirror is found, and fail instead when
// TFKIT_REQUIRE_ENGINE=1 (as CI sets it), so a missing install step cannot
// turn a run green by skipping.
//
// It is test support: only _test.go files may import it, never the library
// or the CLI (TestOnlyTestsImport checks this). It must never reach a network
// registry: providers come from the mirror only.
package enginetest
