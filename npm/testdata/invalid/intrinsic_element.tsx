import { Resource } from "tfkit";

// Every element is a component: lowercase tags do not exist.
export default function App() {
  return (
    <>
      {/* tsc-error TS2339 does not exist on type 'JSX.IntrinsicElements' */}
      <resource type="aws_vpc" name="main" />
      <Resource type="aws_vpc" name="main" />
    </>
  );
}
