// Package plugin is a client of Terraform provider plugins: it starts a
// provider binary the way Terraform does (go-plugin's handshake, protocol
// 5 or 6 over gRPC) and calls it. Messages are encoded and decoded here
// with protowire, field by field, from the protocol's published .proto
// definitions: terraform-plugin-go keeps its generated stubs internal,
// and only the few messages tfkit uses are needed (decision 013).
//
// It asks for the provider's schema (tfkit get --provider-binary),
// configures the provider and reads data sources (data.go); calls are
// generic (Client.call) so that more RPCs can be added as
// encoders and decoders beside schema.go.
//
// It also launches a provider for engines to attach to (Spawner.Launch,
// Process.Reattach: the TF_REATTACH_PROVIDERS value), the jet controller's
// shared provider processes.
//
// This package must never run a binary it was not given, and never leave
// the plugin process running: Close kills a client's plugin, Process.Stop
// a launched one, and on Linux a launched one dies with the program.
package plugin
