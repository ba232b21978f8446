import { Resource } from "tfkit";

// Endless recursion through two functions: the stack shows the two frames
// once, with how many times they repeat, not thousands of lines.
function even(n: number): boolean {
  return n === 0 ? true : odd(n - 1);
}

function odd(n: number): boolean {
  return n === 0 ? false : even(n - 1);
}

export default function App() {
  return <Resource type="null_resource" name="a" triggers={{ even: String(even(-1)) }} />;
}
