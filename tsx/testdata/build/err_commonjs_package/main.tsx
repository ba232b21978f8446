import { Resource } from "tfkit";
// A package published as CommonJS only.
import kebab from "kebab-words";

export default function App() {
  return <Resource type="null_resource" name={kebab("logs bucket")} />;
}
