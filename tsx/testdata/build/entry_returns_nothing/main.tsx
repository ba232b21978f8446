import { Resource } from "tfkit";

export default function App() {
  <Resource type="null_resource" name="lost" />;
}
