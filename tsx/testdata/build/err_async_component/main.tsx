import { Resource } from "tfkit";

// A component declared async, as a React Server Component would be.
async function Bucket(props: { name: string }) {
  const suffix = await Promise.resolve("logs");
  return <Resource type="null_resource" name={`${props.name}_${suffix}`} />;
}

export default function App() {
  return (
    <>
      <Bucket name="app" />
    </>
  );
}
