package synth_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tsx"
)

var awsSchema = filepath.Join("..", "..", "..", "shared", "schemas", "aws-3.3.0.json")

func awsProviders(t *testing.T) []*schema.Provider {
	t.Helper()
	enginetest.SkipShort(t)
	if _, err := os.Stat(awsSchema); err != nil {
		t.Skip("no aws schema at", awsSchema)
	}
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	providers, err := schema.ReadProvidersFile(awsSchema)
	if err != nil {
		t.Fatal(err)
	}
	return providers
}

// validates runs terraform validate on one configuration file.
func validates(t *testing.T, file string, text []byte) {
	t.Helper()
	w := enginetest.Workspace(t, map[string]string{file: string(text)})
	w.Init()
	w.Validate()
}

const securityGroupTSX = `import { Provider, Resource, Terraform, tf } from "tfkit";
export default function App() {
  return <>
    <Terraform required_providers={{ aws: { source: "hashicorp/aws", version: "3.3.0" } }} />
    <Provider type="aws" region="us-east-1" />
    <Resource type="aws_security_group" name="web"
      ingress={[tf.block({ from_port: 443, to_port: 443, protocol: "tcp", cidr_blocks: ["0.0.0.0/0"] })]} />
    <Resource type="aws_security_group" name="more"
      ingress={[
        tf.block({ from_port: 443, to_port: 443, protocol: "tcp" }),
        tf.block({ from_port: 80, to_port: 80, protocol: "tcp" }),
        tf.dynamic({ for_each: [8080, 8443], iterator: "port",
          content: { from_port: tf.raw("port.value"), to_port: tf.raw("port.value"), protocol: "tcp" } }),
      ]}
      egress={tf.dynamic({ for_each: [0], content: { from_port: 0, to_port: 0, protocol: "-1" } })} />
  </>;
}
`

// A TSX app's attributes written with tf.block and tf.dynamic (aws 3.3.0's
// ingress and egress) are valid to terraform in both output formats when
// synth has the schemas.
func TestTSXAttributeBlocksEngine(t *testing.T) {
	providers := awsProviders(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(securityGroupTSX), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{tsx.FormatHCL, tsx.FormatJSON} {
		out := filepath.Join(dir, "out-"+format)
		if _, err := tsx.Synth(context.Background(), "main.tsx", out, format, tsx.Options{Dir: dir, Schemas: providers}); err != nil {
			t.Fatal(err)
		}
		file := "main.tf"
		if format == tsx.FormatJSON {
			file = "main.tf.json"
		}
		text, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		if format == tsx.FormatJSON && !strings.Contains(string(text), `"security_groups": null`) {
			t.Errorf("the ingress objects do not give every attribute:\n%s", text)
		}
		validates(t, file, text)
	}
}

// The Go API's nested blocks of such attributes (tfkit.Block, Blocks,
// Dynamic, []BlockItem) are valid to terraform in both output formats
// when the app has the schemas.
func TestGoAttributeBlocksEngine(t *testing.T) {
	providers := awsProviders(t)
	for _, format := range []tfkit.Format{tfkit.FormatHCL, tfkit.FormatJSON} {
		app := tfkit.NewApp(tfkit.WithFormat(format), tfkit.WithSchemas(providers),
			tfkit.WithGetenv(func(string) string { return "" }), tfkit.WithProjectDir(t.TempDir()))
		s := tfkit.NewStack(app, "main")
		s.RequireProvider("aws", "hashicorp/aws", "3.3.0")
		tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "us-east-1"})
		tfkit.NewResource(s, "aws_security_group", "web", tfkit.Attrs{
			"ingress": tfkit.Block(tfkit.Attrs{"from_port": 443, "to_port": 443, "protocol": "tcp", "cidr_blocks": []string{"0.0.0.0/0"}}),
			"egress":  tfkit.Blocks(tfkit.Attrs{"from_port": 0, "to_port": 0, "protocol": "-1"}, tfkit.Attrs{"from_port": 53, "to_port": 53, "protocol": "udp"}),
		})
		tfkit.NewResource(s, "aws_security_group", "mixed", tfkit.Attrs{
			"ingress": []tfkit.BlockItem{
				tfkit.Block(tfkit.Attrs{"from_port": 443, "to_port": 443, "protocol": "tcp"}),
				tfkit.Dynamic{ForEach: []int{80, 8080}, Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value"), "to_port": tfkit.Ref("ingress.value"), "protocol": "tcp"}},
			},
		})
		tfkit.NewResource(s, "aws_route_table", "main", tfkit.Attrs{
			"vpc_id": "vpc-123",
			"route":  tfkit.Dynamic{ForEach: []string{"0.0.0.0/0"}, Content: tfkit.Attrs{"cidr_block": tfkit.Ref("route.value"), "gateway_id": "igw-123"}},
		})
		files, err := app.Files()
		if err != nil {
			t.Fatal(err)
		}
		file := "main.tf"
		if format == tfkit.FormatJSON {
			file = "main.tf.json"
		}
		text, ok := files["stacks/main/"+file]
		if !ok {
			t.Fatalf("no stacks/main/%s among the files", file)
		}
		validates(t, file, text)
	}
}
