import { Resouce } from "tfkit";

export default function App() {
  return <Resouce type="null_resource" name="a" />;
}
