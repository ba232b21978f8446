import { Resource } from "tfkit";

export function subnets(n: number) {
  if (n < 1) {
    throw new Error(`need at least one subnet, got ${n}`);
  }
  return <Resource type="aws_subnet" name="a" />;
}
