import { Resource, tf, useRef } from "tfkit";

export default function App() {
  const first = useRef();
  return (
    <>
      <Resource type="null_resource" name="first" ref={first} />
      <Resource
        type="null_resource"
        name="hello"
        triggers={{ a: "1", b: "2" }}
        provisioner={{ "local-exec": { command: "echo one" } }}
        override={{
          "lifecycle.create_before_destroy": true,
          "lifecycle.ignore_changes": ["triggers"],
          "provisioner.local-exec.command": "echo created",
          "provisioner.local-exec.on_failure": "continue",
          "triggers.c": first.id,
          "triggers.a": tf.unset(),
        }}
      />
      <Resource type="aws_instance" name="web" override={{ "ebs_block_device.0.volume_size": 100, "tags.Name": null }}>
        {`
          ami           = "ami-1"
          instance_type = "t3.micro"
          ebs_block_device {
            device_name = "/dev/sdb"
            volume_size = 10
          }
        `}
      </Resource>
    </>
  );
}
