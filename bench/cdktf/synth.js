// Synthesizes the tfkit benchmark shape with CDK for Terraform's library:
// N null_resource elements (every second one refers to the one before it),
// N/100+1 variables and outputs, one local. Prints elapsed time; run it under
// /usr/bin/time -v for peak memory. Usage: node synth.js N OUTDIR
const { App, TerraformStack, TerraformResource, TerraformVariable, TerraformOutput, TerraformLocal } = require("cdktf");

const n = Number(process.argv[2] || 10000);
const outdir = process.argv[3] || "cdktf.out";
const start = process.hrtime.bigint();

const app = new App({ outdir });
const stack = new TerraformStack(app, "bench");
const vars = [];
for (let i = 0; i < Math.floor(n / 100) + 1; i++) {
  vars.push(new TerraformVariable(stack, `v${i}`, { type: "string", default: "x" }));
}
const prefix = new TerraformLocal(stack, "prefix", `app-${vars[0].stringValue}`);
// NullResource is what a generated binding looks like: attributes kept on
// the object and returned by synthesizeAttributes.
class NullResource extends TerraformResource {
  constructor(scope, id, triggers) {
    super(scope, id, { terraformResourceType: "null_resource" });
    this.triggers = triggers;
  }
  synthesizeAttributes() {
    return { triggers: this.triggers };
  }
}
const resources = [];
for (let i = 0; i < n; i++) {
  const triggers = { name: `${prefix.asString}-${i}`, size: String(i) };
  if (i % 2 === 1) {
    triggers.other = resources[i - 1].getStringAttribute("id");
  }
  resources.push(new NullResource(stack, `r${i}`, triggers));
}
for (let i = 0; i < Math.floor(n / 100) + 1; i++) {
  new TerraformOutput(stack, `o${i}`, { value: resources[i].getStringAttribute("id") });
}
app.synth();
const ms = Number(process.hrtime.bigint() - start) / 1e6;
console.log(`cdktf 0.21.0: ${n} resources synthesized in ${ms.toFixed(0)} ms`);
