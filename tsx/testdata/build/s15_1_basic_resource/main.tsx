import { Resource } from "tfkit";

// §15.1 Basic Resource
export default function App() {
  return (
    <Resource
      type="aws_vpc"
      name="main"
      cidr_block="10.0.0.0/16"
      enable_dns_hostnames={true}
    />
  );
}
