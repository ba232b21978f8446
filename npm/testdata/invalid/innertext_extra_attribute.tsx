import { Resource } from "tfkit";

// With an innerText body, only type and name are allowed.
export default function App() {
  return (
    // tsc-error TS2769 No overload matches this call
    <Resource type="aws_vpc" name="main" cidr_block="10.0.0.0/16">
      {`enable_dns_hostnames = true`}
    </Resource>
  );
}
