import { Resource } from "tfkit";

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="a" triggers={{ f: () => 1 }} />
      <Resource type="null_resource" name="b" count={NaN} />
      <Resource type="null_resource" name="c" created={new Date(0)} />
      <Resource type="null_resource" name="d" list={[1, undefined]} />
      <Resource type="null_resource" name="e" child={<Resource type="x" name="y" />} />
    </>
  );
}
