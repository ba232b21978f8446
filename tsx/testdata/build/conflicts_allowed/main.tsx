import { DataSource, Locals, Provider, Resource } from "tfkit";

// Allowed: a resource and a data source with the same type and name, several
// providers of one type with distinct aliases, several locals blocks.
export default function App() {
  return (
    <>
      <Provider type="aws" region="eu-west-1" />
      <Provider type="aws" alias="east" region="us-east-1" />
      <Provider type="aws" alias="west" region="us-west-2" />
      <DataSource type="aws_vpc" name="main" default={true} />
      <Resource type="aws_vpc" name="main" cidr_block="10.0.0.0/16" />
      <Locals a={1} />
      <Locals b={2} />
    </>
  );
}
