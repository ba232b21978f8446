import { DataSource, Module, Output, Resource } from "tfkit";

export default function App() {
  return (
    <>
      <Resource type="aws_vpc" cidr_block="10.0.0.0/16" />
      <DataSource name="x" />
      <Output value="1" />
      <Module name={42} source="./m" />
    </>
  );
}
