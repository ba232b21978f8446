import { Output, Provider, Resource, tf, useRef } from "tfkit";

// A splat inside a splat: after ref["*"], a further "*" reads every element
// of each element's own list or set, as Terraform's a[*].b[*] does.
export default function App() {
  const web = useRef<"aws_security_group">();
  const fleet = useRef<"aws_instance">();
  return (
    <>
      <Provider type="aws" region="eu-west-1" />
      <Resource type="aws_security_group" name="web" ref={web} description="web" />
      <Resource type="aws_instance" name="fleet" ref={fleet} count={2} ami="ami-123" instance_type="t3.micro" />
      <Output name="cidrs" value={web.ingress["*"].cidr_blocks["*"]} />
      <Output name="fleet_volumes" value={fleet["*"].ebs_block_device["*"].volume_id} />
      <Output name="fleet_groups" value={fleet["*"].security_groups["*"]} />
      <Output name="fleet_root_sizes" value={fleet["*"].root_block_device[0].volume_size} />
      <Output name="fleet_devices" value={fleet["*"]["ebs_block_device"]["*"]["device_name"]} />
      <Resource type="aws_security_group" name="copy" tags={{ cidrs: tf.fn("join", ",", tf.fn("flatten", web.ingress["*"].cidr_blocks["*"])) }} />
    </>
  );
}
