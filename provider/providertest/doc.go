// Package providertest tests a provider written with package provider
// against the real Terraform or OpenTofu binary: the provider runs in the
// test process (so breakpoints, coverage and the race detector work), and
// the engine attaches to it through TF_REATTACH_PROVIDERS. A test is a
// list of steps, each a configuration to plan and apply, with checks of
// the plan, the state and the errors.
//
// The engine is $TFKIT_TERRAFORM, else terraform on PATH, else tofu on
// PATH; a test runs once with it and once more with tofu when that is
// also on PATH. Without any engine the test is skipped, or failed when
// TFKIT_REQUIRE_ENGINE=1. Under `go test -short` it is skipped.
//
// This package must never reach the network: the engine installs
// nothing, the provider under test is the only one it may use.
package providertest
