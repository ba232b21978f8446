import { Resource } from "tfkit";
import { Network } from "./network";

export default function App() {
  return (
    <>
      <Resource type="aws_vpc" name="main" cidr_block="10.0.0.0/16" />
      <Network />
    </>
  );
}
