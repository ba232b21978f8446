import { Resource } from "tfkit";
const names = require("./names");

export default function App() {
  return <Resource type="null_resource" name={names.first} />;
}
