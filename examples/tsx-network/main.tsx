import { Output, Provider, Resource, Terraform, useRef } from "tfkit";
import { Network } from "./components/network";

// §3.2 of the design: a composite component takes the VPC's ref as an
// ordinary prop. <Network> declares subnets, a route table and its
// associations; they stay grouped in main.tf, in declaration order.
export default function App() {
  const vpcRef = useRef();
  const west = useRef();
  return (
    <>
      <Terraform required_providers={{ aws: { source: "hashicorp/aws", version: "~> 5.0" } }} />
      <Provider type="aws" region="eu-west-1" />
      <Provider type="aws" alias="west" ref={west} region="us-west-2" />

      <Resource type="aws_vpc" name="main" ref={vpcRef} cidr_block="10.0.0.0/16" enable_dns_hostnames={true} tags={{ Name: "main" }} />

      <Network name="public" vpcRef={vpcRef} zones={["eu-west-1a", "eu-west-1b"]} firstNet={0} />
      <Network name="private" vpcRef={vpcRef} zones={["eu-west-1a", "eu-west-1b"]} firstNet={10} />

      <Resource type="aws_s3_bucket" name="replica" provider={west} bucket="main-replica" />

      <Output name="vpc_id" value={vpcRef.id} />
    </>
  );
}
