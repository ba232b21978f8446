import { Resource } from "tfkit";

export function Network() {
  return <Resource type="aws_vpc" name="main" cidr_block="10.1.0.0/16" />;
}
