import { Module, Resource, useRef } from "tfkit";

export default function App() {
  const a = useRef();
  const fleet = useRef();
  const net = useRef();
  return (
    <>
      <Resource type="null_resource" name="a" ref={a} />
      <Resource type="null_resource" name="fleet" ref={fleet} count={2} />
      <Module name="net" ref={net} source="./modules/net" />
      <Resource type="null_resource" name="b" depends_on={[a.id]} />
      <Resource type="null_resource" name="c" depends_on={[a, fleet[0].triggers.x, net.vpc_id.arn]} />
      <Resource type="null_resource" name="d" depends_on={["null_resource.a.id"]} />
      <Resource type="null_resource" name="e">
        {`
          triggers   = { x = "1" }
          depends_on = [null_resource.a, null_resource.fleet[1].id]
        `}
      </Resource>
    </>
  );
}
