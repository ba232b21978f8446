package tsx

import "testing"

func TestHoldsUndefined(t *testing.T) {
	for s, want := range map[string]bool{
		"undefined":                  true,
		"web-undefined":              true,
		"undefined_web":              true,
		"/srv/undefined/x":           true,
		"arn:aws:s3:::undefined":     true,
		"logs.undefined.example.com": true,
		"undefinedx":                 true,
		"left undefined on purpose":  false,
		"is undefined.":              false,
		"(undefined)":                false,
		"":                           false,
		"defined":                    false,
		"un defined":                 false,
		"a undefined b undefined-c":  true,
	} {
		if got := holdsUndefined(s); got != want {
			t.Errorf("holdsUndefined(%q) = %v, want %v", s, got, want)
		}
	}
}
