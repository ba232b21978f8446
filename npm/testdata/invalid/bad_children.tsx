import { Resource } from "tfkit";

export default function App() {
  return (
    <>
      {/* tsc-error TS2769 No overload matches this call */}
      <Resource type="aws_vpc" name="a">{42}</Resource>
      {/* tsc-error TS2769 No overload matches this call */}
      <Resource type="aws_vpc" name="b">{() => 42}</Resource>
    </>
  );
}
