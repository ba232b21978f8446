import { Locals, Module, Resource, Variable, useRef } from "tfkit";

export default function App() {
  const region = useRef();
  const names = useRef();
  const net = useRef();
  return (
    <>
      <Variable name="region" ref={region} type="string" />
      <Locals ref={names} prefix="app" />
      <Module name="net" ref={net} source="./modules/net" />
      <Resource type="null_resource" name="a"
        lifecycle={{ replace_triggered_by: [region, names.prefix, net.vpc_id, "var.region"] }} />
      <Resource type="null_resource" name="b">
        {`
          lifecycle {
            replace_triggered_by = [local.prefix]
          }
        `}
      </Resource>
    </>
  );
}
