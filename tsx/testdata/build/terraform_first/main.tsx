import { Resource, Terraform } from "tfkit";

// Settings declares the terraform block after a resource of its own; the
// terraform block is written first all the same.
function Settings() {
  return (
    <>
      <Resource type="null_resource" name="marker" />
      <Terraform required_version=">= 1.5" />
    </>
  );
}

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="a" />
      <Settings />
    </>
  );
}
