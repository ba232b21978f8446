import { Resource } from "tfkit";

export default function App() {
  return (
    <Resource type="null_resource" name="a">
      count = var.on ? 1 : 0
      triggers_replace = var.a > 1
    </Resource>
  );
}
