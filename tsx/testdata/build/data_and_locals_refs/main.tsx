import { DataSource, Locals, Output, Resource, Variable, useRef } from "tfkit";

// A resource and a data source may share type and name; refs to data
// sources, locals and variables.
export default function App() {
  const d = useRef();
  const r = useRef();
  const l = useRef();
  const v = useRef();
  return (
    <>
      <Variable name="prefix" ref={v} type="string" default="app" />
      <DataSource type="aws_vpc" name="main" ref={d} default={true} />
      <Resource type="aws_vpc" name="main" ref={r} cidr_block={d.cidr_block} />
      <Locals ref={l} name={`${v}-vpc`} ids={[d.id, r.id]} />
      <Locals second="independent block" />
      <Output name="name" value={l.name} />
      <Output name="first_id" value={l.ids[0]} />
      <Output name="tag" value={r.tags["Name"]} />
    </>
  );
}
