import { Resource } from "tfkit";

let v: any = 1;
for (let i = 0; i < 100000; i++) v = i % 2 ? [v] : { v };

export default function App() {
  return <Resource type="terraform_data" name="a" input={v} />;
}
