import { Resource, useRef } from "tfkit";

function Logs(props: { name: string }) {
  return <Resource type="null_resource" name={props.name} />;
}

// Refs written on elements that bind nothing: one left out by a condition,
// one given to a component that does not bind it.
export default function App() {
  const cache = useRef();
  const logs = useRef();
  const enabled = process.env.CACHE === "on";
  return (
    <>
      {enabled && <Resource type="null_resource" name="cache" ref={cache} />}
      <Logs name="logs" ref={logs} />
      <Resource type="null_resource" name="app" triggers={{ cache: cache.id, logs: logs.id }} />
    </>
  );
}
