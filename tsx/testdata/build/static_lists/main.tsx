import { DataSource, Module, Resource, useRef } from "tfkit";

// Entries Terraform accepts in depends_on (whole objects, instances,
// module outputs) and in replace_triggered_by (resources and attributes).
export default function App() {
  const a = useRef();
  const fleet = useRef();
  const net = useRef();
  const ami = useRef();
  return (
    <>
      <DataSource type="aws_ami" name="ubuntu" ref={ami} />
      <Resource type="null_resource" name="a" ref={a} />
      <Resource type="null_resource" name="fleet" ref={fleet} count={2} />
      <Module name="net" ref={net} source="./modules/net" />
      <Resource type="null_resource" name="b"
        depends_on={[a, fleet[1], net, net.vpc_id, ami, "null_resource.fleet[0]"]}
        lifecycle={{ replace_triggered_by: [a.id, fleet[0].triggers.x, a, "null_resource.fleet"] }} />
    </>
  );
}
