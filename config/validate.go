package config

import "github.com/tfkit/tfkit/diag"

// Validate checks cfg against Terraform's structural rules: valid names,
// duplicate declarations, references to things that are not declared, and
// dependency cycles. It reports every problem found, in declaration order.
func Validate(cfg *Config) diag.Diagnostics {
	return nil
}
