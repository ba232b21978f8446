// Package layering holds the test that keeps tfkit's packages in their layers (docs/architecture.md):
// the configuration and schema models import nothing of tfkit but diagnostics, nothing below the
// front ends imports them, the front ends do not import each other, the command imports neither
// the Go authoring API nor is imported by anything. It has no code of its own.
package layering
