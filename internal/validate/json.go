package validate

import (
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// ReadJSON reads a Terraform JSON configuration file (main.tf.json) into
// the model with the reader of Terraform files (tffile.ReadJSON). JSON
// does not say which properties are nested blocks; the providers' schemas
// do, so a property is read as blocks when the schema declares a nested
// block of that name (or a list of objects written as objects), and as an
// argument otherwise.
func ReadJSON(src []byte, filename string, providers []*schema.Provider) (*config.Config, diag.Diagnostics) {
	return tffile.ReadJSON(tffile.Source{Name: filename, Src: src}, tffile.Options{Providers: providers})
}
