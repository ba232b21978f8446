import { Resource, useRef } from "tfkit";

export default function App() {
  const r = useRef();
  return (
    <>
      {/* tsc-error TS2769 No overload matches this call */}
      <Resource type="aws_vpc" name="a" ref={"r"} />
      {/* tsc-error TS2769 No overload matches this call */}
      <Resource type="aws_instance" name="b" depends_on={[42]} />
      <Resource type="aws_instance" name="c" depends_on={[r]} provider={r} />
    </>
  );
}
