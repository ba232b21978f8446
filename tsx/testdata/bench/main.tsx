import { Resource, useRef } from "tfkit";

// The benchmark of docs/benchmarks.md: N (10,000 by default) <Resource>
// elements with 5 attributes and a ref each; each reads the ref of the one
// before it (its instance 0: the elements have count = 1).
const N = Number(process.env.N ?? "10000");

export default function App() {
  const items = [];
  let prev: any = null;
  for (let i = 0; i < N; i++) {
    const ref = useRef();
    items.push(
      <Resource
        type="terraform_data"
        name={`item_${i}`}
        ref={ref}
        input={prev ? prev[0].id : "first"}
        triggers_replace={[i, `value-${i}`]}
        count={1}
        lifecycle={{ create_before_destroy: true }}
        tags={{ index: i }}
      />,
    );
    prev = ref;
  }
  return <>{items}</>;
}
