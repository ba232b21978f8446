import { Resource } from "tfkit";

// A .map callback with a body in braces and no return renders nothing:
// a warning at the .map. A list of null, or an empty list, is meant.
const names = ["a", "b"];
const none: string[] = [];

function Buckets(props: { names: string[] }) {
  return (
    <>
      <Resource type="null_resource" name="first" />
      {props.names.map((n) => {
        <Resource type="null_resource" name={`bucket_${n}`} />;
      })}
    </>
  );
}

export default function App() {
  return (
    <>
      <Buckets names={names} />
      {names.map(() => null)}
      {none.map((n) => <Resource type="null_resource" name={n} />)}
      {names.map((n) => {
        return <Resource type="null_resource" name={n} />;
      })}
    </>
  );
}
