package render

import (
	"github.com/tfkit/tfkit/config"
)

// HCL renders cfg as the text of a main.tf file in HCL native syntax, laid
// out exactly as `terraform fmt` leaves it. Problems in the model that HCL
// cannot express (an invalid name, a string where Terraform needs a bare
// reference and that does not spell one) are returned as diag.Diagnostics.
func HCL(cfg *config.Config) ([]byte, error) {
	return renderHCL(cfg)
}

// JSON renders cfg as the text of a main.tf.json file in Terraform's JSON
// configuration syntax: two-space indented, with a final newline.
func JSON(cfg *config.Config) ([]byte, error) {
	return renderJSON(cfg)
}

// Expr renders one expression as HCL native syntax, laid out as it would
// be at the top level of a body (objects span lines), without a final
// newline. Multi-line text stays a quoted string so that the result can be
// embedded anywhere. Expr does not report problems: a part it cannot write
// (an unknown or infinite literal, an unparsable Raw) is written as null;
// render whole configurations with HCL to get those as diagnostics.
func Expr(e config.Expr) []byte {
	return renderExpr(e)
}

// InlineExpr renders one expression as HCL native syntax on a single line:
// objects are written as { a = 1, b = 2 } and text never becomes a heredoc,
// so the result can be spliced into a template, a raw HCL text or a
// message. Like Expr it writes what it cannot express as null.
func InlineExpr(e config.Expr) []byte {
	w := emitter{inline: 1}
	w.expr(e, precCond)
	w.layout()
	return writeTokens(nil, w.toks)
}
