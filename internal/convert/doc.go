// Package convert turns an existing Terraform configuration (the .tf files
// of one directory) into a program for tfkit's Go API or a TSX file for
// its TSX front end.
//
// The files are read into the configuration model by package tffile
// (override files merged as Terraform merges them), and
// the program is printed from the model, so that synthesizing the program
// gives a configuration that evaluates to the same resources as the
// original. Comments are read from the token stream and kept before the
// block or attribute that follows them. A file outside the directory that
// the configuration reads by a constant path becomes an asset of the
// program, read by the asset's path (see assets.go). What the target cannot express is
// never dropped: it goes in as raw HCL (tfkit.Raw, tfkit.RawBody,
// tfkit.NewRawBlocks, tf.raw, an innerText body), and each such place is
// reported as a warning with its .tf line. A top-level block Terraform does
// not accept is raw HCL in Go and an error for TSX, which has no raw form
// for a block.
package convert
