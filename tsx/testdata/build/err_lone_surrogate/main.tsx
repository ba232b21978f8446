import { Resource } from "tfkit";

export default function App() {
  return (
    <>
      <Resource type="terraform_data" name="a" input={"x\uD800y"} output={"ok \u{1F600} \uFFFD"} />
      <Resource type="terraform_data" name="b">{"input = \"\uDC00\""}</Resource>
      <Resource type="terraform_data" name="c" input={{ ["k\uD800"]: 1, ok: 2 }} />
      <Resource type="terraform_data" name="d" {...{ ["\uDBFF"]: 1 }} />
    </>
  );
}
