import { Resource } from "tfkit";

function Subnets(props: { count: number }) {
  if (props.count < 1) throw new Error(`need at least one subnet, got ${props.count}`);
  return <Resource type="aws_subnet" name="a" cidr_block="10.0.1.0/24" />;
}

function Network(props: { subnets: number }) {
  return <Subnets count={props.subnets} />;
}

export default function App() {
  return (
    <>
      <Network subnets={1} />
      <Network subnets={0} />
    </>
  );
}
