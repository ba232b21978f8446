package rendertest

import "regexp"

// longNumber matches a number literal with an exponent of five digits or
// more (1e10000 and past).
var longNumber = regexp.MustCompile(`[0-9.][eE][+-]?0*[1-9][0-9]{4,}`)

// HasLongNumber reports whether HCL text may hold a number whose exact
// decimal form is ten thousand digits or more. The renderers write numbers
// exactly, digit by digit, and 1e80000000 takes minutes: a known limit that
// fuzz targets step around.
func HasLongNumber(src string) bool {
	return longNumber.MatchString(src)
}
