import { Locals, Variable, tf } from "tfkit";

// §15.3 Variable / Locals
export default function App() {
  return (
    <>
      <Variable name="environment" type="string" default="dev" />
      <Locals
        common_tags={{ Environment: tf.var("environment") }}
      />
    </>
  );
}
