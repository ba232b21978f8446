import { Locals, tf } from "tfkit";

export default function App() {
  return (
    <Locals
      // tsc-error TS2345 not assignable to parameter of type 'string'
      a={tf.var(42)}
      // tsc-error TS2345 not assignable to parameter of type 'string'
      b={tf.raw(1)}
      // tsc-error TS2353 does not exist in type
      c={tf.dynamic({ for_each: [], content: {}, bogus: 1 })}
      // tf has no function helpers: Terraform functions go through tf.fn("toset", ...).
      // tsc-error TS2339 Property 'toset' does not exist
      d={tf.toset(["a"])}
    />
  );
}
