// Package localmod makes local module sources travel with a synthesized
// stack. A module block whose source is a local path ("./modules/greet",
// "../shared/net"), as written in a Go app, a TSX file or a typed module
// binding, names a directory relative to the project directory; the stack,
// though, is run from its own directory in the synth output and from a
// working directory under .tfkit/. So the module directory is copied into
// the stack: to the same path when it is inside the project (the source
// stays as written, and modules it calls come along), else under
// tfkit-modules/ with the source rewritten. A source built from variables,
// which OpenTofu evaluates before planning ("./modules/${var.flavor}"), may
// name any module of the local directory it begins with, so each of them
// is copied, to the same path. The files a copied module reads outside
// its own directory ("${path.module}/../../templates/x.tpl") come along,
// placed as they are around it, and so do the files of the project the
// stack itself reads by a path (Files); what cannot is a warning at the
// expression that reads it.
//
// It reads the file system (the module directories) and never writes it:
// it returns the files to write, and the configuration it is given is not
// modified.
package localmod
