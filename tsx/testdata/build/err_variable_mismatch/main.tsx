import { Variable } from "tfkit";

function Network() {
  return <Variable name="region" type="string" default="eu-west-1" />;
}

function Compute() {
  return <Variable name="region" type="string" default="us-east-1" description="Region" />;
}

export default function App() {
  return (
    <>
      <Network />
      <Compute />
    </>
  );
}
