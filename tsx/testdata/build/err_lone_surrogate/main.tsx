import { Resource } from "tfkit";

export default function App() {
  return (
    <>
      <Resource type="terraform_data" name="a" input={"x\uD800y"} output={"ok \u{1F600} \uFFFD"} />
      <Resource type="terraform_data" name="b">{"input = \"\uDC00\""}</Resource>
    </>
  );
}
