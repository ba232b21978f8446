import { Resource } from "tfkit";

// A mistake in the body of a composite used three times is reported once,
// naming the elements of the other uses.
function Trigger(props: { name: string }) {
  return <Resource type="null_resource" name={props.name} triggers={{ at: () => "now" }} />;
}

export default function App() {
  return (
    <>
      <Trigger name="a" />
      <Trigger name="b" />
      <Trigger name="c" />
    </>
  );
}
