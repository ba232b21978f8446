import { Module, Output, Resource, Variable, tf, useRef } from "tfkit";

// With declarations for ./modules/net, <Module source="./modules/net"> takes
// its inputs as props; other modules stay untyped.
export default function App() {
  const net = useRef();
  const vpc = useRef<"aws_vpc">();
  return (
    <>
      <Variable name="enabled" type="bool" default={true} />
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" />
      <Module
        name="net"
        ref={net}
        source="./modules/net"
        subnets={[{ cidr: "10.0.1.0/24", zone: "b" }, { cidr: vpc.cidr_block, tags: { Name: "x" } }]}
        enabled={tf.var("enabled")}
        depends_on={[vpc]}
      />
      <Module name="defaults" source="./modules/net" />
      <Module name="vpc" source="terraform-aws-modules/vpc/aws" version="5.1.0" cidr="10.0.0.0/16" azs={["a", "b"]} />
      <Output name="id" value={net.id} />
    </>
  );
}
