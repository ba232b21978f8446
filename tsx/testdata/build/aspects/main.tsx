import { Aspects, Provider, Resource, useRef, type Aspect } from "tfkit";

// Tags for every AWS resource that takes them.
const tagged = new Set(["aws_vpc", "aws_subnet"]);
const tagAll: Aspect = (el) => {
  if (el.kind === "Resource" && tagged.has(el.type ?? "")) el.override("tags.team", "core");
};

// A companion for every subnet: declared by the aspect, visited in the
// next round (it is tagged too).
const flowLogs: Aspect = (el) => {
  if (el.kind === "Resource" && el.type === "aws_subnet") {
    return <Resource type="aws_vpc" name={`${el.name}_shadow`} cidr_block="10.9.0.0/16" />;
  }
};

function Network() {
  const vpc = useRef();
  return (
    <>
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" tags={{ Name: "main" }} />
      <Resource type="aws_subnet" name="a" vpc_id={vpc.id} cidr_block="10.0.1.0/24" />
      <Resource type="aws_route_table" name="rt" vpc_id={vpc.id} />
    </>
  );
}

export default function App() {
  const west = useRef();
  // The default provider: resources that choose none get aws.west.
  const defaultProvider: Aspect = (el) => {
    if (el.kind === "Resource" && el.props.provider === undefined) el.set("provider", west);
  };
  return (
    <>
      <Provider type="aws" alias="west" ref={west} region="us-west-2" />
      <Aspects visit={[defaultProvider, tagAll, flowLogs]}>
        <Network />
      </Aspects>
      <Resource type="null_resource" name="outside" />
    </>
  );
}
