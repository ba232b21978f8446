import { Resource, useRef } from "tfkit";

// A ref has no keys in JavaScript: spreading one (as when adding a tag to
// another resource's tags) would copy tfkit's own fields.
function Tagged(props: { from: any }) {
  return <Resource type="aws_s3_bucket" name="copy" bucket="copy" tags={{ ...props.from.tags, Copy: "yes" }} />;
}

export default function App() {
  const logs = useRef();
  return (
    <>
      <Resource type="aws_s3_bucket" name="logs" ref={logs} bucket="logs" tags={{ Team: "infra" }} />
      <Tagged from={logs} />
    </>
  );
}
