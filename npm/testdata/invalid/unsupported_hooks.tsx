import { Resource, useEffect, useState } from "tfkit";

export default function App() {
  // tsc-error TS2345 useState is not supported by tfkit
  const [n] = useState(1);
  // tsc-error TS2345 useEffect is not supported by tfkit
  useEffect(() => {});
  return <Resource type="null_resource" name={`n${n}`} />;
}
