import { Resource } from "tfkit";

// In JSX text a brace starts JavaScript, so a body written there spells
// HCL's braces as {"{"}, {"}"} and {"${"}: they stay on the line they
// stand in. "}" on a line of its own still closes a block.
export default function App() {
  return (
    <>
      <Resource type="null_resource" name="text">
        triggers = {"{"} workspace = "${"{"}terraform.workspace{"}"}-app", literal = "$${"{"}x{"}"}" {"}"}
      </Resource>
      <Resource type="null_resource" name="block">
        lifecycle {"{"} create_before_destroy = true {"}"}
      </Resource>
      <Resource type="null_resource" name="lines">
        {`lifecycle {`}
        {`  create_before_destroy = true`}
        {"}"}
      </Resource>
    </>
  );
}
