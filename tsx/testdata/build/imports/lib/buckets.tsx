import { Resource } from "tfkit";
import { bucketName } from "./names";

export default function Buckets({ names }: { names: string[] }) {
  return <>{names.map((n) => <Resource type="aws_s3_bucket" name={n} bucket={bucketName(n)} />)}</>;
}
