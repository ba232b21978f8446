import { Resource } from "tfkit";

// In JSX text, {...} is JavaScript: Terraform's interpolation written there
// reads a JavaScript name that does not exist.
export default function App() {
  return (
    <Resource type="null_resource" name="a">
      triggers = {"{"} workspace = "${terraform.workspace}" {"}"}
    </Resource>
  );
}
