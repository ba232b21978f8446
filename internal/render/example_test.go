package render_test

import (
	"fmt"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

func ExampleHCL() {
	web := config.NewBlock("resource", "aws_instance", "web")
	web.Body.Set("ami", config.String("ami-123"))
	web.Body.Set("instance_type", config.String("t3.micro"))
	web.Body.Set("subnet_id", config.Ref("aws_subnet", "main", "id"))
	// Terraform reads provider as a bare reference; a string spelling one
	// is written as one.
	web.Body.Set("provider", config.String("aws.west"))

	out, err := render.HCL(&config.Config{Blocks: []*config.Block{web}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// resource "aws_instance" "web" {
	//   ami           = "ami-123"
	//   instance_type = "t3.micro"
	//   subnet_id     = aws_subnet.main.id
	//   provider      = aws.west
	// }
}

func ExampleJSON() {
	web := config.NewBlock("resource", "aws_instance", "web")
	web.Body.Set("ami", config.String("ami-${literal}"))
	web.Body.Set("subnet_id", config.Ref("aws_subnet", "main", "id"))

	out, err := render.JSON(&config.Config{Blocks: []*config.Block{web}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// {
	//   "resource": {
	//     "aws_instance": {
	//       "web": {
	//         "ami": "ami-$${literal}",
	//         "subnet_id": "${aws_subnet.main.id}"
	//       }
	//     }
	//   }
	// }
}

func ExampleExpr() {
	e := &config.Conditional{
		Cond:  &config.BinaryOp{Op: ">", Left: config.Ref("var", "count"), Right: config.Int(1)},
		True:  &config.Template{Parts: []config.Expr{config.String("web-"), config.Ref("count", "index")}},
		False: config.String("web"),
	}
	fmt.Println(string(render.Expr(e)))
	// Output:
	// var.count > 1 ? "web-${count.index}" : "web"
}
