import { Output, Provider, Resource, useRef } from "tfkit";
import { Network } from "./network";

// A composite takes a ref as an ordinary prop; what it renders stays
// together, in declaration order.
export default function App() {
  const vpcRef = useRef();
  return (
    <>
      <Provider type="aws" region="eu-west-1" />
      <Resource type="aws_vpc" name="main" ref={vpcRef} cidr_block="10.0.0.0/16" />
      <Network vpcRef={vpcRef} zones={["a", "b"]} />
      <Output name="vpc_id" value={vpcRef.id} />
    </>
  );
}
