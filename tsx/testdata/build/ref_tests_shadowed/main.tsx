import { Output, Resource, useRef } from "tfkit";
import { Tags, vpcName } from "./names";

// Names of refs given again in inner scopes are JavaScript values there,
// tested as usual: none of these is a ref.
function label(vpc?: { id?: string }) {
  return vpc?.id ?? "none";
}

const pick = (web?: string) => web || "default";

function Subnet({ vpc, web = vpc ?? "a" }: { vpc?: string; web?: string }) {
  return <Resource type="null_resource" name={vpc ? `subnet_${web}` : "subnet"} />;
}

export default function App() {
  const vpc = useRef();
  const web = useRef();
  {
    const vpc = { id: process.env.VPC_ID };
    let web = process.env.WEB;
    if (vpc.id ?? web) {
      console.log("set");
    }
  }
  for (const [vpc, web] of [["a", ""]]) {
    console.log(vpc || web);
  }
  for (let web = 0; web && web < 1; web++) {}
  try {
    JSON.parse("{");
  } catch (vpc) {
    console.log(vpc ? "parse error" : "none");
  }
  const { id: web2 = "x" } = { id: undefined as string | undefined };
  const names = ["a"].map((vpc) => vpc && vpc.toUpperCase());
  const twice = ["b"].map(function (web) {
    return web ?? "y";
  });
  return (
    <>
      <Resource type="null_resource" name="vpc" ref={vpc} triggers={{ a: label(), b: pick(), c: web2, d: vpcName() }} />
      <Resource type="null_resource" name="web" ref={web} triggers={{ names: names.join(","), twice: twice.join(",") }} />
      <Subnet vpc="main" />
      <Tags />
      {/* A ref still, read in a nested function: warned. */}
      <Output name="id" value={[1].map(() => vpc.id ?? "none")[0]} />
    </>
  );
}
