import { Resource } from "tfkit";
import { loadPlugin } from "plugin-loader";

// A package that loads modules by a computed name fails when it runs.
export default function App() {
  const plugin = loadPlugin("tags");
  return <Resource type="null_resource" name={plugin.name} />;
}
