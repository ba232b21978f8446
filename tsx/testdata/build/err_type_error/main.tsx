import { Resource } from "tfkit";

function Bucket(props: { settings: any }) {
  return <Resource type="aws_s3_bucket" name="b" bucket={props.settings.name.toUpperCase()} />;
}

export default function App() {
  return <Bucket settings={{}} />;
}
