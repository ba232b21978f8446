import { Resource } from "tfkit";

// The getter runs when tfkit reads the props, after the configuration has
// been evaluated: the timeout still stops it.
const o = {
  get size(): number {
    for (;;) {}
  },
};

export default function App() {
  return <Resource type="terraform_data" name="a" input={o} />;
}
