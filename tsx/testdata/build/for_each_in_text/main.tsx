import { Output, Resource, useRef } from "tfkit";

// for_each set in the innerText: refs read instances by key, as with the prop.
export default function App() {
  const pets = useRef();
  return (
    <>
      <Resource type="terraform_data" name="pets" ref={pets}>{`
        for_each = { a = 1, b = 2 }
        input    = each.value
      `}</Resource>
      <Output name="a" value={pets["a"].output} />
      <Output name="b" value={pets.b.output} />
    </>
  );
}
