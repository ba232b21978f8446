import { Resource } from "tfkit";

// forEach among the children renders nothing (a warning, at the forEach);
// forEach in code is fine.
const names = ["a", "b"];
const upper: string[] = [];
names.forEach((n) => upper.push(n.toUpperCase()));
const copy = () => { names.forEach((n) => upper.push(n)); };

export default function App() {
  copy();
  return (
    <>
      {names.forEach((n) => <Resource type="null_resource" name={n} />)}
      <>{upper.forEach((n) => <Resource type="null_resource" name={n} />)}</>
      {upper.map((n) => <Resource type="null_resource" name={`m_${n}`} />)}
    </>
  );
}
