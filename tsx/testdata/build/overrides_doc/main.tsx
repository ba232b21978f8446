import { Resource, tf } from "tfkit";

// The example of docs/tsx.md, "Overrides".
export default function App() {
  return (
    <Resource type="aws_instance" name="web"
      override={{
        "ebs_block_device.0.volume_size": 100,
        "lifecycle.create_before_destroy": true,
        "provisioner.local-exec.command": "echo created",
        "tags.Name": tf.unset(),
      }}>
      {`
        ami = "ami-0abc"
        ebs_block_device {
          device_name = "/dev/sdb"
          volume_size = 10
        }
        tags = { Name = "web", Team = "core" }
      `}
    </Resource>
  );
}
