// React's memo is refused with what to write instead, not as a missing
// export: nothing is rendered twice.
import { Resource, memo } from "tfkit";

const Bucket = memo(function Bucket(props: { name: string }) {
  return <Resource type="null_resource" name={props.name} />;
});

export default function App() {
  return <Bucket name="logs" />;
}
