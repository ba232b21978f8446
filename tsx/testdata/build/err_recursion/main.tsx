import { Resource } from "tfkit";

function Nested({ depth }: { depth: number }): any {
  return <Nested depth={depth + 1} />;
}

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="a" />
      <Nested depth={0} />
    </>
  );
}
