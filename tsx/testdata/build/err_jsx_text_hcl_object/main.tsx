import { Resource } from "tfkit";

// HCL's braces in JSX text start JavaScript: { x = "1" y = "2" } is not
// one JavaScript expression, and esbuild stops at y; the hint says how to
// write the body.
export default function App() {
  return (
    <Resource type="null_resource" name="a">
      triggers = {
        x = "1"
        y = "2"
      }
    </Resource>
  );
}
