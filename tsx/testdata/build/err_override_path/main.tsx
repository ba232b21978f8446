import { Resource, tf } from "tfkit";

export default function App() {
  return (
    <>
      <Resource type="aws_instance" name="web" ami="ami-1" override={{ "ebs_block_device.0.volume_size": 100 }} />
      <Resource type="aws_instance" name="db" ami="ami-1" override={{ "ami.name": "x", "a..b": 1 }} />
      <Resource type="aws_instance" name="misuse" ami={tf.unset()} override={{ "lifecycle": true }} />
    </>
  );
}
