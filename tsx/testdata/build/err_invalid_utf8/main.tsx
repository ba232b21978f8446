import { Resource } from "tfkit";

export default function App() {
  return <Resource type="terraform_data" name="a" input="café" />;
}
