import { Variable } from "tfkit";

export default function App() {
  return <Variable name="x" type={string} />;
}
