import { Resource, Variable, tf } from "tfkit";

// tf.block writes a nested block where a plain object is an object
// attribute; arrays of blocks repeat them; tf.dynamic writes dynamic blocks.
export default function App() {
  return (
    <>
      <Variable name="ports" type="list(number)" default={[22, 80]} />
      <Resource
        type="aws_security_group"
        name="web"
        name_prefix="web-"
        tags={{ Name: "web" }}
        ingress={[
          tf.block({ from_port: 443, to_port: 443, protocol: "tcp", cidr_blocks: ["0.0.0.0/0"] }),
          tf.block({ from_port: 8443, to_port: 8443, protocol: "tcp", cidr_blocks: ["10.0.0.0/8"] }),
        ]}
        egress={tf.dynamic({
          for_each: tf.var("ports"),
          iterator: "port",
          content: { from_port: tf.raw("port.value"), to_port: tf.raw("port.value"), protocol: "tcp" },
        })}
      />
      <Resource
        type="aws_instance"
        name="web"
        ami="ami-123"
        instance_type="t3.micro"
        root_block_device={tf.block({ volume_size: 20, tags: { Disk: "root" } })}
      />
    </>
  );
}
