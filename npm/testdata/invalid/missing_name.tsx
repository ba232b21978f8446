import { DataSource, Output, Resource } from "tfkit";

export default function App() {
  return (
    <>
      {/* tsc-error TS2769 No overload matches this call */}
      <Resource type="aws_vpc" cidr_block="10.0.0.0/16" />

      {/* tsc-error TS2769 No overload matches this call */}
      <DataSource name="x" />

      {/* tsc-error TS2769 No overload matches this call */}
      <Output name="o" />
    </>
  );
}
