package provider

import "strconv"

func strconvQuote(s string) string { return strconv.Quote(s) }
func itoa(i int64) string          { return strconv.FormatInt(i, 10) }
