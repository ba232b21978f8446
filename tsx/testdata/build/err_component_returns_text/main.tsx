import { Resource } from "tfkit";

// A component that returns the HCL of a body instead of an element.
function Tags() {
  return `tags = { team = "core" }`;
}

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="web" />
      <Tags />
    </>
  );
}
