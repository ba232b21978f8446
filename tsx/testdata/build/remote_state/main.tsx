import { DataSource, Resource, useRef } from "tfkit";

// §11.5 terraform_remote_state with ref.outputs.<name>
export default function App() {
  const network = useRef();
  return (
    <>
      <DataSource
        type="terraform_remote_state"
        name="network"
        ref={network}
        backend="s3"
        config={{ bucket: "state", key: "network/terraform.tfstate", region: "eu-west-1" }}
      />
      <Resource type="aws_instance" name="app" ami="ami-1" instance_type="t3.micro" subnet_id={network.outputs.subnet_id} />
    </>
  );
}
