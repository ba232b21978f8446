import { Resource } from "tfkit";

function Bucket(props: { name: string; triggers?: Record<string, string> }) {
  return <Resource type="terraform_data" name={props.name} input={props.triggers} />;
}
// React 18 merged these into props; tfkit does not apply them.
Bucket.defaultProps = { triggers: { team: "core" } };

export default function App() {
  return <Bucket name="logs" />;
}
