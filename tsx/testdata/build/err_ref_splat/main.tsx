import { Output, Resource, tf, useRef } from "tfkit";

// After a splat, an index chosen by an expression is not a ref path.
export default function App() {
  const fleet = useRef();
  return (
    <>
      <Resource type="null_resource" name="fleet" ref={fleet} count={2} />
      <Output name="picked" value={fleet["*"].triggers[`${tf.var("key")}`]} />
    </>
  );
}
