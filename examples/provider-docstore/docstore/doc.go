// Package docstore is an example provider written with tfkit's provider
// package: a store of JSON documents in a local directory, one file per
// document. It needs no network and no account, so that it can be tried
// and tested anywhere.
//
// It must never write outside the configured root directory.
package docstore
