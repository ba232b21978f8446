import { Module, Output, Provider, Resource, useRef } from "tfkit";

export default function App() {
  const west = useRef();
  const vpc = useRef();
  return (
    <>
      <Provider type="aws" region="eu-west-1" />
      <Provider type="aws" alias="west" ref={west} region="us-west-2" />
      <Module
        name="vpc"
        ref={vpc}
        source="terraform-aws-modules/vpc/aws"
        version="5.1.0"
        cidr="10.0.0.0/16"
        azs={["us-west-2a", "us-west-2b"]}
        providers={{ aws: west }}
      />
      <Resource type="aws_instance" name="app" ami="ami-1" instance_type="t3.micro" subnet_id={vpc.private_subnets[0]} depends_on={[vpc]} />
      <Output name="vpc_id" value={vpc.vpc_id} description="The VPC" />
    </>
  );
}
