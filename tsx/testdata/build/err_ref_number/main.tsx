import { Resource, useRef } from "tfkit";

// A ref has no number in JavaScript: a comparison on one is always false.
export default function App() {
  const web = useRef();
  const w: any = web;
  return (
    <>
      <Resource type="null_resource" name="web" ref={web} count={2} />
      <Resource type="null_resource" name="alarm" count={w.count > 1 ? 1 : 0} />
    </>
  );
}
