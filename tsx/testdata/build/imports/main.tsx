import { Resource } from "tfkit";
import { bucketName } from "./lib/names";
import Buckets from "./lib/buckets";
import settings from "./settings.json";

export default function App() {
  return (
    <>
      <Resource type="aws_s3_bucket" name="main" bucket={bucketName("main")} />
      <Buckets names={settings.buckets} />
    </>
  );
}
