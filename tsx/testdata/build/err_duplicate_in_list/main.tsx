import { Resource } from "tfkit";

// A list whose items give two elements one name.
const buckets = ["logs", "assets", "logs"];

export default function App() {
  return (
    <>
      {buckets.map((b) => (
        <Resource type="null_resource" name={b} triggers={{ bucket: b }} />
      ))}
    </>
  );
}
