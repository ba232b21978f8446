import { Check, DataSource, Ephemeral, Import, Locals, Module, Moved, Output, Provider, Removed, Resource, Terraform, Variable } from "tfkit";

// Every component with an innerText form refuses an attribute beside the
// text, and tsc says why: the message names the rule and the fix.
export default function App() {
  return (
    <>
      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Resource type="aws_vpc" name="main" cidr_block="10.0.0.0/16">{`enable_dns_hostnames = true`}</Resource>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <DataSource type="aws_ami" name="ubuntu" most_recent={true}>{`owners = ["099720109477"]`}</DataSource>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Ephemeral type="random_password" name="db" length={16}>{`special = false`}</Ephemeral>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Provider type="aws" region="eu-west-1">{`profile = "ops"`}</Provider>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Variable name="region" default="eu-west-1">{`type = string`}</Variable>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Output name="id" sensitive={true}>{`value = "x"`}</Output>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Locals prefix="app">{`suffix = "prod"`}</Locals>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Terraform required_version=">= 1.5">{`backend "local" {}`}</Terraform>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Module name="net" source="./modules/net">{`cidr = "10.0.0.0/16"`}</Module>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Moved from="aws_instance.old">{`to = aws_instance.new`}</Moved>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Import id="i-0abc">{`to = aws_instance.web`}</Import>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Removed from="aws_instance.gone">{`lifecycle {\n  destroy = false\n}`}</Removed>

      {/* tsc-error TS2769 with an innerText body, an element takes no props but its labels (type, name) and ref: move the other attributes into the text */}
      <Check name="up" assert={{ condition: true, error_message: "down" }}>{`assert {\n  condition = true\n  error_message = "x"\n}`}</Check>
    </>
  );
}
