import { Resource } from "tfkit";

const names = await Promise.resolve(["a"]);

export default function App() {
  return <Resource type="null_resource" name={names[0]} />;
}
