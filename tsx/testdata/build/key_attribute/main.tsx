import { Resource } from "tfkit";

// key is an ordinary attribute, written where it stands, also after a spread.
const common = { bucket: "assets", content_type: "text/plain" };

export default function App() {
  return (
    <>
      <Resource type="aws_s3_object" name="readme" bucket="assets" key="docs/README.md" source="README.md" />
      <Resource type="aws_s3_object" name="spread" {...common} key="docs/spread.txt" content="hi" />
      {["a", "b"].map((k) => (
        <Resource type="aws_s3_object" name={k} key={`files/${k}`} bucket="assets" />
      ))}
    </>
  );
}
