import { Output, Resource, useRef, type Expression } from "tfkit";

export default function App() {
  const vpc = useRef<"aws_vpc">();
  const ami = useRef<"data.aws_ami">();
  const web = useRef<"aws_instance">();
  const sg = useRef<"aws_security_group">();
  // tsc-error TS2322 Type 'readonly (readonly string[])[]' is not assignable to type 'readonly string[]'
  const flat: Expression<readonly string[]> = sg.ingress["*"].cidr_blocks["*"];
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

      <Resource type="aws_instance" name="web" ref={web} ami={ami.id} instance_type="t3.micro" />
      <Resource type="aws_security_group" name="sg" ref={sg} />
      {/* tsc-error TS2551 Property 'volume_idd' does not exist */}
      <Output name="root" value={web.root_block_device[0].volume_idd} />

      {/* Terraform refuses an index into a set (of blocks, of objects, of strings): only a splat reads one. */}
      {/* tsc-error TS7053 can't be used to index type 'SetRef<InstanceEbsBlockDeviceAttributes>' */}
      <Output name="ebs" value={web.ebs_block_device[0].volume_id} />

      {/* tsc-error TS7053 can't be used to index type 'SetRef<{ readonly cidr_blocks: readonly string[] */}
      <Output name="ingress" value={sg.ingress[0]} />

      {/* tsc-error TS7053 can't be used to index type 'SetRef<string>' */}
      <Output name="group" value={web.security_groups[0]} />

      {/* tsc-error TS2551 Property 'volume_idd' does not exist */}
      <Output name="ebs_ids" value={web.ebs_block_device["*"].volume_idd} />

      {/* tsc-error TS2769 is not assignable to type 'StringValue' */}
      <Resource type="aws_instance" name="k" ami={web.ebs_block_device["*"].volume_id} instance_type="t3.micro" />

      {/* A splat inside a splat reads attributes of each element too, and gives a list of lists. */}
      {/* tsc-error TS2551 Property 'volume_idd' does not exist */}
      <Output name="nested_ids" value={web["*"].ebs_block_device["*"].volume_idd} />

      {/* tsc-error TS2769 is not assignable to type 'StringValue' */}
      <Resource type="aws_instance" name="l" ami={sg.ingress["*"].cidr_blocks["*"]} instance_type="t3.micro" />

      {/* No splat reads into a number. */}
      {/* tsc-error TS7053 Property '*' does not exist */}
      <Output name="port_splat" value={sg.ingress["*"].from_port["*"]} />

      <Output name="flat" value={flat} />

      {/* A list, set or tuple is no map: Terraform converts none of them to one. */}
      {/* tsc-error TS2769 Type 'SetRef<string>' is not assignable to type 'MapValue<StringValue> */}
      <Resource type="aws_vpc" name="set_tags" cidr_block="10.0.0.0/16" tags={web.security_groups} />

      {/* tsc-error TS2769 is not assignable to type 'MapValue<StringValue> */}
      <Resource type="aws_vpc" name="list_tags" cidr_block="10.0.0.0/16" tags={web["*"].id} />
    </>
  );
}
