import { Resource } from "tfkit";

// A list of children that contains itself never ends.
const items: any[] = [<Resource type="null_resource" name="a" />];
items.push(items);

export default function App() {
  return <>{items}</>;
}
