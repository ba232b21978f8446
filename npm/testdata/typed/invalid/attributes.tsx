import { DataSource, Provider, Resource, tf } from "tfkit";

export default function App() {
  return (
    <>
      {/* tsc-error TS2769 Property 'cidr_block' is missing */}
      <Resource type="aws_vpc" name="missing" />

      {/* tsc-error TS2769 Property 'bogus' does not exist */}
      <Resource type="aws_vpc" name="unknown" cidr_block="10.0.0.0/16" bogus="1" />

      {/* tsc-error TS2769 Property 'arn' does not exist */}
      <Resource type="aws_vpc" name="computed" cidr_block="10.0.0.0/16" arn="arn:aws:x" />

      {/* tsc-error TS2769 Type 'number' is not assignable to type 'StringValue */}
      <Resource type="aws_vpc" name="number" cidr_block={42} />

      {/* tsc-error TS2769 Type 'string' is not assignable to type 'BoolValue */}
      <Resource type="aws_vpc" name="bool" cidr_block="10.0.0.0/16" enable_dns_support="yes" />

      {/* tsc-error TS2769 Type 'number' is not assignable to type 'StringValue */}
      <Resource type="aws_vpc" name="tags" cidr_block="10.0.0.0/16" tags={{ Count: 3 }} />

      {/* tsc-error TS2769 Type 'string' is not assignable to type 'ListValue<StringValue> */}
      <DataSource type="aws_ami" name="owners" owners="self" />

      {/* tsc-error TS2769 Property 'owners' is missing */}
      <DataSource type="aws_ami" name="none" most_recent={true} />

      {/* tsc-error TS2769 Property 'region' is missing */}
      <Provider type="aws" alias="west" />

      {/* tsc-error TS2769 Type 'string' is not assignable to type 'NumberValue */}
      <Resource type="random_pet" name="pet" length="2" />

      {/* tsc-error TS2769 Property 'length' is missing */}
      <Resource type="random_password" name="pw" special={true} />

      {/* tsc-error TS2769 Property 'nope' does not exist */}
      <Resource type="aws_instance" name="text" ami="ami-1" instance_type="t3.micro" nope={tf.var("x")} />
    </>
  );
}
