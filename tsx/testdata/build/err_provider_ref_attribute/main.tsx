import { Output, Provider, useRef } from "tfkit";

export default function App() {
  const west = useRef();
  const out = useRef();
  return (
    <>
      <Provider type="aws" alias="west" ref={west} />
      <Output name="o" ref={out} value={west.region} />
      <Output name="p" value={out.value} />
    </>
  );
}
