import { Resource } from "tfkit";

export default function App() {
  return <Resource type="aws_vpc" name="main" cidr_block="10.0.0.0/16" tags={{ Name = "main" }} />;
}
