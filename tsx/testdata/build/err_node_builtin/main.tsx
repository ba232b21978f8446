import { Resource } from "tfkit";
import { readFileSync } from "fs";

export default function App() {
  return <Resource type="null_resource" name="a" triggers={{ x: readFileSync("x", "utf8") }} />;
}
