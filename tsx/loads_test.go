package tsx

import (
	"fmt"
	"strings"
	"testing"
)

func TestComputedLoadCalls(t *testing.T) {
	cases := []struct {
		src  string
		want []string // keyword@line:col
	}{
		{`const a = require(name);`, []string{"require@1:11"}},
		{"const a = require(`./x.${env}`);\nimport(\"./y\" + env);", []string{"require@1:11", "import@2:1"}},
		{"require(\"./a\"); require('./b', 1); import(`./c`); require( \"./d\" )", nil},
		{"x.require(name); myrequire(name); requireX(name)", nil},
		{"// require(name)\n/* import(name) */ \"require(name)\"; 'import(x)'; `require(${a})`", nil},
		{"import { a } from \"./a\";\nimport * as b from './b';\ntype T = import(\"./t\").T;", nil},
		{"const f = () => require(\n  cfg.path,\n);", []string{"require@1:17"}},
	}
	for _, c := range cases {
		var got []string
		for _, call := range computedLoadCalls(c.src) {
			got = append(got, fmt.Sprintf("%s@%d:%d", call.keyword, call.pos.Line, call.pos.Column))
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: got %v, want %v", c.src, got, c.want)
		}
	}
}

// FuzzComputedLoadCalls: any text is read without panicking, and every
// call found is on its keyword.
func FuzzComputedLoadCalls(f *testing.F) {
	f.Add("const a = require(name);")
	f.Add("import(`./x/${y}`); require('a'); `${require(b)}`")
	f.Fuzz(func(t *testing.T, src string) {
		for _, call := range computedLoadCalls(src) {
			if !strings.HasPrefix(src[call.pos.Byte:], call.keyword) {
				t.Fatalf("%+v is not on %s", call.pos, call.keyword)
			}
		}
	})
}
