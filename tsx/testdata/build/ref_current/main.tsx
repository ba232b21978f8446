import { Output, Resource, useRef } from "tfkit";

// Refs read as React's, through .current: each place is warned about once,
// and what is written is what was read.
export default function App() {
  const vpc = useRef();
  const zones = ["a", "b"];
  return (
    <>
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" />
      {zones.map((z) => (
        <Resource type="aws_subnet" name={z} vpc_id={vpc.current.id} cidr_block="10.0.1.0/24" />
      ))}
      <Output name="vpc" value={vpc.current} />
    </>
  );
}
