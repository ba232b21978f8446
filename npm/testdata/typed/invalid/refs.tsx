import { Resource, useRef } from "tfkit";

export default function App() {
  const vpc = useRef<"aws_vpc">();
  const ami = useRef<"data.aws_ami">();
  return (
    <>
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" />
      {/* tsc-error TS2769 is not assignable to type 'StringValue */}
      <Resource type="aws_subnet" name="map" vpc_id={vpc.tags} cidr_block="10.0.1.0/24" />

      {/* tsc-error TS2339 Property 'vpc_name' does not exist on type 'ResourceRef<"aws_vpc">' */}
      <Resource type="aws_subnet" name="unknown" vpc_id={vpc.vpc_name} cidr_block="10.0.1.0/24" />

      {/* tsc-error TS2769 Type 'ResourceRef<"aws_vpc">' is not assignable to type 'Ref'. */}
      <Resource type="aws_subnet" name="bound" ref={vpc} vpc_id="vpc-1" cidr_block="10.0.1.0/24" />

      {/* tsc-error TS2339 Property 'image_name' does not exist */}
      <Resource type="aws_instance" name="i" ami={ami.image_name} instance_type="t3.micro" />

      {/* tsc-error TS2769 is not assignable to type 'ListValue<StringValue> */}
      <Resource type="aws_instance" name="j" ami={ami.id} instance_type="t3.micro" security_groups={ami.id} />
    </>
  );
}
