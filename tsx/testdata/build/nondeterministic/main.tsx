import { Resource } from "tfkit";

// Math.random(), Date.now() and the clock read by Date() and new Date()
// differ on every build: each place that calls them gets a warning (new
// Date() without its place: goja's stack leaves out the caller of a
// constructor). Dates given a time are fixed, and not reported.
const epoch = new Date(0).toISOString();

function suffix(): string {
  return Math.random() >= 0 ? "a" : "b";
}

export default function App() {
  const started = Date.now();
  const today = new Date();
  const stamp = Date();
  for (let i = 0; i < 3; i++) suffix(); // one warning per place, not per call
  return (
    <Resource type="null_resource" name={`web_${suffix()}`}
      triggers={{ epoch, fresh: String(started > 0 && today instanceof Date && typeof stamp === "string") }} />
  );
}
