import { Resource } from "tfkit";

// Lower-case JSX names are strings: <resource> is not <Resource>.
export default function App() {
  return (
    <>
      <resource type="null_resource" name="a" />
      <data_source type="null_data_source" name="b" />
      <bucket name="c" />
      <Resource type="null_resource" name="ok" />
    </>
  );
}
