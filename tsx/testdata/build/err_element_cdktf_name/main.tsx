import { Resource } from "tfkit";

// A name CDK for Terraform gives the component: the hint names tfkit's.
export default function App() {
  return (
    <>
      <Resource type="null_resource" name="a" />
      <TerraformOutput name="a" value="1" />
    </>
  );
}
