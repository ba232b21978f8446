import { Resource } from "tfkit";

// Constant-condition loops with nothing in them have no position of their
// own in the engine: the message points at the loop, not the function.
const wait = (ready: boolean): void => {
  for (const x of [1, 2]) {}
  do {
    ready = !ready;
  } while (ready);
  while (true) {}
};

export default function App() {
  wait(false);
  return <Resource type="null_resource" name="never" />;
}
