package convert

import (
	"fmt"
	"strings"
	"testing"
)

// benchConfig is n resources in a chain of references, each with a
// comment, a nested block and a template.
func benchConfig(n int) []byte {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "# Server %d.\nresource \"aws_instance\" \"web%d\" {\n", i, i)
		fmt.Fprintf(&b, "  ami           = \"ami-%d\"\n  instance_type = var.size # the size\n", i)
		if i > 0 {
			fmt.Fprintf(&b, "  subnet_id     = aws_instance.web%d.subnet_id\n", i-1)
		}
		fmt.Fprintf(&b, "  tags = {\n    Name = \"web-${count.index}-%d\"\n  }\n  root_block_device {\n    volume_size = %d\n  }\n}\n\n", i, 8+i%4)
	}
	return []byte(b.String())
}

func BenchmarkConvert(b *testing.B) {
	src := benchConfig(2000)
	for _, target := range []Target{Go, TSX} {
		b.Run(string(target), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				if _, ds := Files([]File{{Name: "main.tf", Src: src}}, Options{Target: target}); ds.HasErrors() {
					b.Fatal(ds)
				}
			}
		})
	}
}
