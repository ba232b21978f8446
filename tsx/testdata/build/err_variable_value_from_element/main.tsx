import { Resource, Variable } from "tfkit";

// Written as CDK for Terraform reads a variable: the element is not a
// reference, and .value of it is an error at the read.
export default function App() {
  const region: any = <Variable name="region" type="string" default="us-east-1" />;
  return (
    <>
      {region}
      <Resource type="null_resource" name="a" triggers={{ region: region.value }} />
    </>
  );
}
