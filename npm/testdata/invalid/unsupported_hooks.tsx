import { Resource, useEffect, useMemo, useState } from "tfkit";

export default function App() {
  // tsc-error TS2345 useState is not supported by tfkit
  const [n] = useState(1);
  // tsc-error TS2345 useEffect is not supported by tfkit
  useEffect(() => {});
  // React's usual call, with a dependency list, gets the same explanation.
  // tsc-error TS2345 useEffect is not supported by tfkit
  useEffect(() => {}, []);
  // tsc-error TS2345 useMemo is not supported by tfkit
  const m = useMemo(() => 1, [n]);
  return <Resource type="null_resource" name={`n${n}${m}`} />;
}
