import { Resource, Locals } from "tfkit";

// What libraries and the language read of any object still reads as in
// JavaScript on an element: only a property it does not have, read by
// name, is refused.
export default function App() {
  const e: any = <Resource type="null_resource" name="x" triggers={{ a: "b" }} />;
  const probes = [
    e.then === undefined,
    e.toJSON === undefined,
    e.key === undefined,
    e.ref === undefined,
    e.$$typeof === undefined,
    typeof e.toString === "function",
    String(e) === "[object Object]",
    `${e}` === "[object Object]",
    Object.keys(e).join(",") === "type,props,source",
    "value" in e === false,
    e.props.triggers.a === "b",
    e[Symbol.iterator] === undefined,
    JSON.parse(JSON.stringify({ n: e.props.name })).n === "x",
    Object.prototype.hasOwnProperty.call(e, "value") === false,
  ];
  return (
    <>
      {e}
      <Locals all_probes_pass={probes.every((p) => p)} failed={probes.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0)} />
    </>
  );
}
