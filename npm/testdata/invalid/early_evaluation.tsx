import { Module, Terraform, tf } from "tfkit";

// A module's source and version are text or expressions (OpenTofu's early
// evaluation), never numbers or objects.
export default function App() {
  return (
    <>
      {/* tsc-error TS2769 No overload matches this call */}
      <Module name="a" source={42} />
      {/* tsc-error TS2769 No overload matches this call */}
      <Module name="b" source="acme/b/aws" version={1} />
      {/* tsc-error TS2769 No overload matches this call */}
      <Module name="c" source={{ dir: "./modules/c" }} />
      <Module name="d" source={tf.local("dir")} version={tf.var("v")} />
      <Terraform backend={{ local: { path: `${tf.var("env")}.tfstate` } }} />
    </>
  );
}
