import { Locals, Resource, Variable, useRef, tf } from "tfkit";

// Object keys computed from refs and tf helpers ({ [bucket.id]: ... }) are
// Terraform's computed keys; the text around them stays literal, as in
// any key. (TypeScript takes a ref as a key only in a template or through
// any; JavaScript takes it as it is.)
export default function App() {
  const bucket = useRef();
  const env = tf.var("env");
  return (
    <>
      <Variable name="env" type="string" />
      <Resource type="terraform_data" name="bucket" ref={bucket} input="logs" />
      <Locals
        by_ref={{ [bucket.id as any]: "whole key" }}
        by_var={{ [`${env}`]: 1, [`${env}-logs`]: 2, [`$${env}`]: 3, "${not.a.ref}": 4 }}
        by_fn={{ [`${tf.fn("upper", env)}`]: { [`${tf.literal("${x}")}`]: true } }}
        tags={{ Name: "web", [`team-${env}`]: "infra" }}
      />
      <Resource type="null_resource" name="web" triggers={{ [`${bucket.output}`]: "x" }} />
    </>
  );
}
