import { Output, Resource, Variable } from "tfkit";

// A label prop written with a typo is named, with the spelling to use.
export default function App() {
  return (
    <>
      <Resource type="null_resource" nme="a" />
      <Resource Type="null_resource" name="b" />
      <Variable Name="region" type="string" />
      <Output nme="file" value="x" />
    </>
  );
}
