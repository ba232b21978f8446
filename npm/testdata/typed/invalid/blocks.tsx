import { Resource, tf } from "tfkit";

export default function App() {
  return (
    <>
      <Resource
        type="aws_instance"
        name="a"
        ami="ami-1"
        instance_type="t3.micro"
        // tsc-error TS2353 'size' does not exist in type 'InstanceRootBlockDevice'
        root_block_device={tf.block({ size: 20 })}
      />

      {/* tsc-error TS2769 Types of property 'root_block_device' are incompatible */}
      <Resource
        type="aws_instance"
        name="b"
        ami="ami-1"
        instance_type="t3.micro"
        root_block_device={[tf.block({ volume_size: 20 }), tf.block({ volume_size: 30 })]}
      />

      {/* tsc-error TS2769 Property 'volume_size' does not exist on type 'Block<InstanceRootBlockDevice>' */}
      <Resource
        type="aws_instance"
        name="c"
        ami="ami-1"
        instance_type="t3.micro"
        root_block_device={{ volume_size: 20 }}
      />

      <Resource
        type="aws_s3_bucket"
        name="d"
        // tsc-error TS2322 Type 'string' is not assignable to type 'NumberValue
        lifecycle_rule={[tf.block({ enabled: true, expiration: tf.block({ days: "7" }) })]}
      />

      <Resource
        type="aws_s3_bucket"
        name="e"
        // tsc-error TS2345 Property 'enabled' is missing
        lifecycle_rule={[tf.block({ prefix: "tmp/" })]}
      />

      <Resource
        type="docker_container"
        name="f"
        image="nginx"
        // tsc-error TS2741 Property 'internal' is missing
        ports={tf.dynamic({ for_each: [80], content: { external: 8080 } })}
      />
    </>
  );
}
