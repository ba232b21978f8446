import { Resource } from "tfkit";

export function App() {
  return <Resource type="null_resource" name="a" />;
}
