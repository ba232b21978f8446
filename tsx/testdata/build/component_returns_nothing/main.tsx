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
      <Bucket name="a" />
      <Bucket name="b" />
      <Nothing />
      <Resource type="null_resource" name="kept" />
    </>
  );
}
