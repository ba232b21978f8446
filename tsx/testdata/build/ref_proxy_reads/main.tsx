import { Resource, useRef } from "tfkit";

// Every way a configuration reads a ref: attributes, indexes, nested paths,
// in strings (toString, valueOf, Symbol.toPrimitive), as JSON, and the
// properties that are not attributes (then, $$typeof, symbols).
export default function App() {
  const a = useRef();
  const r: any = a;
  const notes = [
    typeof r.then,
    typeof r.$$typeof,
    typeof r[Symbol.iterator],
    typeof r.$$tfkitComponent,
    JSON.stringify(r.output[0]),
  ].join(",");
  return (
    <>
      <Resource type="terraform_data" name="a" ref={a} input={[{ id: "x", inner: { value: "y" } }]} />
      <Resource
        type="null_resource"
        name="b"
        triggers={{
          id: a.id,
          first: r.output[0].id,
          deep: r.output[0].inner.value,
          text: `id=${a.id}`,
          concat: "v:" + r.id,
          prim: `${r[Symbol.toPrimitive]()}`,
          value: r.valueOf(),
          str: r.toString(),
          notes,
        }}
        depends_on={[a]}
      />
    </>
  );
}
