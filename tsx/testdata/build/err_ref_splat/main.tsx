import { Output, Resource, useRef } from "tfkit";

// A second splat after the first is not a ref path.
export default function App() {
  const fleet = useRef();
  return (
    <>
      <Resource type="null_resource" name="fleet" ref={fleet} count={2} />
      <Output name="all" value={fleet["*"].triggers["*"]} />
    </>
  );
}
