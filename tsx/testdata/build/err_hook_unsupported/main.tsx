import { Resource, useState } from "tfkit";

export default function App() {
  const [n] = useState(1);
  return <Resource type="null_resource" name={`n${n}`} />;
}
