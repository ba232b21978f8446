package validate

import (
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

// FuzzReadJSON feeds arbitrary text to the JSON configuration reader and
// checks what it reads: never a panic, errors only as located diagnostics,
// and a model the checker can walk.
func FuzzReadJSON(f *testing.F) {
	for _, src := range append([]string{validSource}, func() []string {
		var out []string
		for _, c := range diagnosticCases {
			out = append(out, c.src)
		}
		return out
	}()...) {
		cfg, diags := config.ParseConfig(src, "main.tf")
		if diags.HasErrors() {
			f.Fatal(diags)
		}
		js, err := render.JSON(cfg)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(js))
	}
	f.Add(`{"resource": [{"random_pet": [{"p": [{"length": "${var.n}", "dynamic": {"x": {"content": {}}}}]}]}]}`)
	f.Add(`{"terraform": {"required_providers": [{"r": "hashicorp/random"}]}, "check": {"c": {"data": {"random_pet": {"p": {}}}}}}`)
	f.Add(`{"resource": {"docker_container": {"c": {"ports": {"internal": 1}, "dynamic": {"ports": [{"content": [{"internal": "x"}]}]}}}}}`)
	ps := providers(f)
	f.Fuzz(func(t *testing.T, src string) {
		cfg, diags := ReadJSON([]byte(src), "fuzz.tf.json", ps)
		for _, d := range diags {
			if d.Summary == "" || d.Subject == nil {
				t.Fatalf("diagnostic without summary or location: %#v", d)
			}
		}
		if cfg != nil {
			Config(cfg, ps)
		}
	})
}
