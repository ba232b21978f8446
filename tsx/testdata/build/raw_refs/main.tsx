import { Locals, Resource, Variable, useRef, tf } from "tfkit";

// tf.raw text built with refs and tf helpers in a template literal: each
// is its expression, in a string of the text too.
export default function App() {
  const fleet = useRef();
  return (
    <>
      <Variable name="names" type="list(string)" />
      <Resource type="null_resource" name="fleet" ref={fleet} count={2} />
      <Locals
        next={tf.raw(`length(${fleet["*"].id}) + 1`)}
        label={tf.raw(`"fleet-${fleet[0].id}"`)}
        pick={tf.raw(`${tf.var("names")}[0] == ${tf.literal("a")}`)}
      />
    </>
  );
}
