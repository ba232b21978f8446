import { Resource } from "tfkit";

// STAGE is not set in this build; REGION is.
const stage = process.env.STAGE;
const region = process.env.REGION;
const owner = process.env.OWNER ?? "platform";

function Web(props: { name: string; size?: string }) {
  return (
    <Resource
      type="null_resource"
      name={`web-${props.name}`}
      triggers={{
        size: `${props.size}`,
        bucket: `logs-${stage}-${region}`,
        [`${props.size}_tag`]: "x",
        note: "left undefined on purpose",
        owner,
      }}
    />
  );
}

export default function App() {
  return (
    <>
      {/* @ts-expect-error: the prop is misspelt */}
      <Web nmae="a" />
      {["b", "c", "d"].map((n) => (
        <Resource type="null_resource" name={n} triggers={{ path: `/srv/${props(n).dir}` }} />
      ))}
      {/* DB_STAGE, read in the prop itself, is named in the hint. */}
      <Resource type="null_resource" name={`db-${process.env.DB_STAGE}`} triggers={{ zone: `${process.env.ZONE}` }} />
      <Resource type="null_resource" name="text">{`
        triggers = { zone = "${region}-${stage}" }
      `}</Resource>
    </>
  );
}

function props(n: string): { dir?: string } {
  return n === "b" ? { dir: "b" } : {};
}
