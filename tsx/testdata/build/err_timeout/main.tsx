import { Resource } from "tfkit";

function spin() {
  let i = 0;
  while (true) {
    i++;
  }
}

export default function App() {
  spin();
  return <Resource type="null_resource" name="never" />;
}
