package hclguard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// ExponentLimit is the largest exponent, either way, a number literal may
// be written with (the digits after "e" in 1e9999). tfkit writes numbers
// exactly, digit by digit, as Terraform does; a literal such as 1e80000000
// is eighty million digits, which takes minutes to write. A number written
// out in full is never refused: its digits are already in the text.
const ExponentLimit = 9999

// NumberSummary is the summary of the diagnostic about a number literal
// whose exponent is beyond ExponentLimit.
const NumberSummary = "Number exponent too large"

// longExponent reports the exponent of number literal text (HCL's or
// JSON's) when it is beyond ExponentLimit.
func longExponent(lit []byte) (string, bool) {
	for i, c := range lit {
		if c != 'e' && c != 'E' {
			continue
		}
		digits := lit[i+1:]
		sign := ""
		if len(digits) > 0 && (digits[0] == '+' || digits[0] == '-') {
			if digits[0] == '-' {
				sign = "-"
			}
			digits = digits[1:]
		}
		n := 0
		for n < len(digits) && digits[n] >= '0' && digits[n] <= '9' {
			n++
		}
		digits = digits[:n]
		for len(digits) > 1 && digits[0] == '0' {
			digits = digits[1:]
		}
		limit := strconv.Itoa(ExponentLimit)
		if len(digits) > len(limit) || len(digits) == len(limit) && string(digits) > limit {
			return sign + string(digits), true
		}
		return "", false
	}
	return "", false
}

// mayHoldLongExponent reports whether src may hold a number literal with
// an exponent beyond ExponentLimit: a digit or '.', then 'e' or 'E', an
// optional sign, and as many significant digits as ExponentLimit has, or
// more. It never misses one, and lets the exact check of the tokens run
// only on text that needs it.
func mayHoldLongExponent(src []byte) bool {
	width := len(strconv.Itoa(ExponentLimit))
	for i := 1; i < len(src); i++ {
		if c := src[i]; c != 'e' && c != 'E' {
			continue
		}
		if p := src[i-1]; p != '.' && (p < '0' || p > '9') {
			continue
		}
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		for j < len(src) && src[j] == '0' {
			j++
		}
		n := 0
		for j+n < len(src) && src[j+n] >= '0' && src[j+n] <= '9' {
			n++
		}
		if n >= width {
			return true
		}
	}
	return false
}

// numberTooLarge is the diagnostic for the number literal lit at rng,
// whose exponent is exp.
func numberTooLarge(lit []byte, exp string, rng hcl.Range) hcl.Diagnostics {
	shown := string(lit)
	if len(shown) > 40 {
		shown = shown[:20] + "..." + shown[len(shown)-12:]
	}
	return hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  NumberSummary,
		Detail: fmt.Sprintf("The number %s has the exponent %s; tfkit reads exponents from -%d to %d. "+
			"Numbers are written exactly, digit by digit, and this one would be about %s digits long. "+
			"Use a smaller number, or write it out in full.", shown, exp, ExponentLimit, ExponentLimit, strings.TrimPrefix(exp, "-")),
		Subject: rng.Ptr(),
	}}
}
