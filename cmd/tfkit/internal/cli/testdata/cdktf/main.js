// A CDK for Terraform app (cdktf 0.21.0): two stacks, web depending on net,
// and a warning annotation. out/ is what it wrote with
// CDKTF_OUTDIR=out node main.js, the project directory in the local
// backends' paths replaced by @PROJECT@.
const { App, Annotations, TerraformStack, TerraformResource, TerraformOutput } = require("cdktf");

class Net extends TerraformStack {
  constructor(scope, id) {
    super(scope, id);
    const d = new TerraformResource(this, "d", { terraformResourceType: "terraform_data" });
    d.addOverride("input", "net-v1");
    new TerraformOutput(this, "id", { value: d.getStringAttribute("id") });
  }
}

class Web extends TerraformStack {
  constructor(scope, id) {
    super(scope, id);
    const d = new TerraformResource(this, "w", { terraformResourceType: "terraform_data" });
    d.addOverride("input", "web-v1");
  }
}

const app = new App();
const net = new Net(app, "net");
const web = new Web(app, "web");
web.addDependency(net);
Annotations.of(web).addWarning("deprecated thing");
app.synth();
