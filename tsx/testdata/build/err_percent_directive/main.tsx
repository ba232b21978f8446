import { Resource } from "tfkit";

export default function App() {
  return <Resource type="terraform_data" name="a" input="100%{x}" output="cost ${" />;
}
