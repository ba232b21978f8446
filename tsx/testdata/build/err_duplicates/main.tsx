import { DataSource, Output, Provider, Terraform } from "tfkit";

export default function App() {
  return (
    <>
      <Terraform required_version=">= 1.5" />
      <Provider type="aws" alias="west" region="us-west-2" />
      <DataSource type="aws_ami" name="ubuntu" most_recent={true} />
      <Output name="id" value="a" />
      <Provider type="aws" alias="west" region="us-west-1" />
      <DataSource type="aws_ami" name="ubuntu" most_recent={false} />
      <Output name="id" value="b" />
      <Terraform required_version=">= 1.6" />
    </>
  );
}
