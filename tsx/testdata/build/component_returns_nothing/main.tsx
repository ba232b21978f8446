import { Resource } from "tfkit";

// A body in braces without return: the resource is missing from main.tf.
function Bucket(props: { name: string }) {
  <Resource type="null_resource" name={props.name} />;
}

function Nothing() {
  return null;
}

export default function App() {
  return (
    <>
      {/* @ts-expect-error: tsc also sees that Bucket returns nothing */}
      <Bucket name="a" />
      {/* @ts-expect-error: tsc also sees that Bucket returns nothing */}
      <Bucket name="b" />
      <Nothing />
      <Resource type="null_resource" name="kept" />
    </>
  );
}
