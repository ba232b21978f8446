import { Resource, useRef } from "tfkit";

export default function App() {
  const vpcRef = useRef();
  return (
    <>
      <Resource type="aws_subnet" name="a" vpc_id={vpcRef.id} />
      <Resource type="aws_vpc" name="main" ref={vpcRef} cidr_block="10.0.0.0/16" />
    </>
  );
}
