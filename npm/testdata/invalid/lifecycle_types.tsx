import { Resource } from "tfkit";

export default function App() {
  return (
    <>
      {/* tsc-error TS2769 No overload matches this call */}
      <Resource type="aws_vpc" name="a" lifecycle={{ prevent_destroy: "yes" }} />
      {/* tsc-error TS2769 No overload matches this call */}
      <Resource type="null_resource" name="b" provisioner={{ "local-exec": { when: "later" } }} />
    </>
  );
}
