// Package typescript generates TypeScript declarations from provider
// schemas for tfkit's TSX front end: one index.d.ts per provider that adds
// the provider's resource types, data sources and configuration to the
// registries of the "tfkit" npm package (ResourceTypes, DataSourceTypes,
// ProviderTypes) by module augmentation. With it, <Resource type="aws_vpc">
// takes the aws_vpc schema's props (required attributes required,
// computed-only attributes absent, nested blocks typed) and
// useRef<"aws_vpc">() reads typed attributes; types without declarations
// stay untyped. GenerateModule does the same for a module's input
// variables (ModuleTypes, by source).
//
// The declarations add types, never behaviour: the TSX front end reads the
// same props either way. Names are derived from the schema alone and
// claimed in sorted order, so the same schema always gives byte-identical
// output.
//
// This package never runs an engine, touches the network or writes files:
// it turns a *schema.Provider into file contents; callers decide where they
// go.
package typescript
