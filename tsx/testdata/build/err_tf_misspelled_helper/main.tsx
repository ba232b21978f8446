import { Resource, tf } from "tfkit";

// A helper's name misspelled: the hint names the helper meant.
export default function App() {
  return (
    // @ts-expect-error tf has no vars
    <Resource type="null_resource" name="a" triggers={{ region: tf.vars("region") }} />
  );
}
