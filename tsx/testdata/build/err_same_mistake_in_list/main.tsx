import { Output } from "tfkit";

const names = ["a", "b", "c"];

export default function App() {
  return (
    <>
      {names.map((n) => (
        <Output key={n} name={`out_${n}`} value={n} />
      ))}
    </>
  );
}
