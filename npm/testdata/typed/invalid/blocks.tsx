import { Resource, tf } from "tfkit";

// A block's body is checked where the schema declares the block.
export default function App() {
  return (
    <>
      {/* tsc-error TS2769 Type '"size"' is not assignable to type 'keyof InstanceRootBlockDevice */}
      <Resource type="aws_instance" name="a" ami="ami-1" instance_type="t3.micro" root_block_device={tf.block({ size: 20 })} />

      {/* tsc-error TS2769 Type '"size"' is not assignable to type 'keyof InstanceRootBlockDevice */}
      <Resource type="aws_instance" name="b" ami="ami-1" instance_type="t3.micro" root_block_device={tf.block({ volume_size: 20, size: 20 })} />

      {/* tsc-error TS2769 Property '[blockBrand]' is missing in type 'TypedBlock<{ volume_size: number; }>[]' */}
      <Resource
        type="aws_instance"
        name="c"
        ami="ami-1"
        instance_type="t3.micro"
        root_block_device={[tf.block({ volume_size: 20 }), tf.block({ volume_size: 30 })]}
      />

      {/* tsc-error TS2769 'volume_size' does not exist in type 'BlockValue<InstanceRootBlockDevice>' */}
      <Resource type="aws_instance" name="d" ami="ami-1" instance_type="t3.micro" root_block_device={{ volume_size: 20 }} />

      {/* tsc-error TS2769 Type 'string' is not assignable to type 'NumberValue */}
      <Resource type="aws_s3_bucket" name="e" lifecycle_rule={[tf.block({ enabled: true, expiration: tf.block({ days: "7" }) })]} />

      {/* tsc-error TS2769 Property 'enabled' is missing in type '{ prefix: string; }' */}
      <Resource type="aws_s3_bucket" name="f" lifecycle_rule={[tf.block({ prefix: "tmp/" })]} />

      {/* tsc-error TS2769 Property 'internal' is missing in type '{ external: number; }' */}
      <Resource type="docker_container" name="g" image="nginx" ports={tf.dynamic({ for_each: [80], content: { external: 8080 } })} />
    </>
  );
}
