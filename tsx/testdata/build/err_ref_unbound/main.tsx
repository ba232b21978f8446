import { Resource, useRef } from "tfkit";

export default function App() {
  const vpcRef = useRef();
  return <Resource type="aws_subnet" name="a" vpc_id={vpcRef.id} />;
}
