import { Output, Resource, useRef } from "tfkit";

function Tagged(props: { name?: string }) {
  // Not refs: JavaScript values, tested as usual.
  const name = props.name ?? "default";
  return <Resource type="null_resource" name={name} triggers={{ note: "vpc.id ?? none" }} />;
}

export default function App() {
  const vpc = useRef();
  const web = useRef();
  const size = process.env.SIZE || "small";
  return (
    <>
      <Resource type="null_resource" name="vpc" ref={vpc} triggers={{ size }} />
      <Resource
        type="null_resource"
        name="web"
        ref={web}
        triggers={{ id: vpc.id ?? "none", tag: vpc.triggers?.["size"] || "x", text: `${vpc.id ?? "n"}` }}
      />
      {web.id && <Output name="web" value={web.id} />}
      <Output name="pick" value={vpc.id ? "a" : "b"} />
      <Tagged />
    </>
  );
}
