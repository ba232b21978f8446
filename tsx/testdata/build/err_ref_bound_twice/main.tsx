import { Resource, useRef } from "tfkit";

export default function App() {
  const r = useRef();
  return (
    <>
      <Resource type="aws_vpc" name="a" ref={r} />
      <Resource type="aws_vpc" name="b" ref={r} />
    </>
  );
}
