import { Output, Resource, useRef, type Ref, type RefFor } from "tfkit";

// A composite that takes a typed ref declares the prop with RefFor (the
// typed ref with declarations, an untyped Ref without them), or with
// RefFor | Ref to take untyped refs too: a typed ref is not a Ref.
function Subnet(props: { name: string; vpc: RefFor<"aws_vpc"> | Ref }) {
  return <Resource type="aws_subnet" name={props.name} vpc_id={props.vpc.id} cidr_block={props.vpc.cidr_block} />;
}

function TypedOnly(props: { vpc: RefFor<"aws_vpc"> }) {
  return <Output name="arn" value={props.vpc.arn} />;
}

export default function App() {
  const vpc = useRef<"aws_vpc">();
  const plain = useRef();
  return (
    <>
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" />
      <Resource type="aws_vpc" name="other" ref={plain} cidr_block="10.1.0.0/16" />
      <Subnet name="a" vpc={vpc} />
      <Subnet name="b" vpc={plain} />
      <TypedOnly vpc={vpc} />
      <Output name="vpc" value={vpc.id} />
    </>
  );
}
