import { Locals, Resource, tf, useRef } from "tfkit";

// Refs and tf helpers inside JS template literals become interpolations.
export default function App() {
  const a = useRef();
  return (
    <>
      <Locals suffix="x" />
      <Resource type="random_pet" name="a" ref={a} />
      <Resource
        type="terraform_data"
        name="b"
        input={`${a.id}`}
        triggers_replace={[`pet-${a.id}-${tf.local("suffix")}`, `\${upper(${a.id})}`]}
      />
    </>
  );
}
