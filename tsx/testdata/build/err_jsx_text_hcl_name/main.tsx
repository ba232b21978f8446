import { Resource } from "tfkit";

// The braces hold a JavaScript expression that reads a name JavaScript
// does not know: the ReferenceError's hint is about the braces.
export default function App() {
  return (
    <Resource type="null_resource" name="a">
      triggers = {
        environment
      }
    </Resource>
  );
}
