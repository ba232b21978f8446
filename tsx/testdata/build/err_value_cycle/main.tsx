import { Resource } from "tfkit";

const o: any = { a: 1, list: [] };
o.list.push({ back: o });

export default function App() {
  return <Resource type="terraform_data" name="a" input={o} />;
}
