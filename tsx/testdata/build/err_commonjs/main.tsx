import { Resource } from "tfkit";
import names from "./names.js";

export default function App() {
  return <Resource type="null_resource" name={names.first} />;
}
