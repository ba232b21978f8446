import { Resource } from "tfkit";

export default function App() {
  const later = import("./other");
  return <Resource type="null_resource" name="a" triggers={{ x: String(later) }} />;
}
