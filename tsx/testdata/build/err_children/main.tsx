import { Resource } from "tfkit";
import * as components from "./components";

const Missing = (components as any).Missing;

export default function App() {
  return (
    <>
      <Resource type="aws_vpc" name="a" cidr_block="10.0.0.0/16">
        <Resource type="aws_subnet" name="b" />
      </Resource>
      <Missing />
      text at the top
      {[App]}
    </>
  );
}
