import { Resource } from "tfkit";

function Net() {
  return <Resource type="aws_vpc" name="main" cidr_block="10.0.0.0/16" />;
}


export default function App() {
  return (
    <>
      <Net />
      <Net />
    </>
  );
}
