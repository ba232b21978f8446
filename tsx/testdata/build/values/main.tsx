import { Locals } from "tfkit";

// Numbers, booleans, null, arrays and nested objects; undefined leaves an
// attribute out.
export default function App() {
  const maybe: string | undefined = undefined;
  return (
    <Locals
      count={3}
      ratio={0.25}
      big={12345678901234}
      negative={-7}
      enabled={false}
      nothing={null}
      skipped={maybe}
      names={["a", "b"]}
      empty_list={[]}
      empty_object={{}}
      nested={{ "key with space": 1, list: [{ x: true }], inner: { deep: "yes" } }}
      unicode="héllo ✓"
      quotes={'say "hi"\n'}
    />
  );
}
