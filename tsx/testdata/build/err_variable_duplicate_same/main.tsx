import { Variable } from "tfkit";

export default function App() {
  return (
    <>
      <Variable name="region" type="string" />
      <Variable name="region" type="string" />
    </>
  );
}
