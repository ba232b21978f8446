import { Resource } from "tfkit";

let create_before_destroy = false;

// Here the braces hold one JavaScript expression, an assignment whose
// value becomes a line of the body: the HCL that results is wrong, and the
// hint says why.
export default function App() {
  return (
    <>
      <Resource type="null_resource" name="fine">
        count = 1
      </Resource>
      <Resource type="null_resource" name="a">
        lifecycle {
          create_before_destroy = true
        }
      </Resource>
    </>
  );
}
