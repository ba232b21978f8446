import { Resource } from "tfkit";

export default function App() {
  return (
    <Resource type="null_resource" name="lines">
      count = 2
      depends_on =
    </Resource>
  );
}
