import { Resource, tf } from "tfkit";

// Terraform's functions are not helpers of their own (as Fn.toset is
// elsewhere): the error is where tf.toset is read, and says to use tf.fn.
export default function App() {
  return (
    // @ts-expect-error tf has no toset
    <Resource type="null_resource" name="a" for_each={tf.toset(["a", "b"])} />
  );
}
