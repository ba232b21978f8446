import { Resource } from "tfkit";

// A composite may throw a value that is not an Error: the message points
// at the throw and names the composites it was thrown under.
function Subnets(props: { count: number }) {
  if (props.count < 1) throw `need at least one subnet, got ${props.count}`;
  return <Resource type="null_resource" name="subnet" />;
}

function Network() {
  return <Subnets count={0} />;
}

export default function App() {
  return (
    <>
      <Network />
    </>
  );
}
