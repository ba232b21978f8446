import { Resource } from "tfkit";

export default function App() {
  return <React.Fragment><Resource type="null_resource" name="a" /></React.Fragment>;
}
