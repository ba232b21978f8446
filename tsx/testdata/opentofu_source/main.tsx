import { Module, Output, Variable, useRef, tf } from "tfkit";

// The module's source is built from a variable in a template literal:
// OpenTofu 1.8 or later evaluates it before planning (early evaluation),
// so -var flavor=b calls modules/b instead of modules/a.
export default function App() {
  const app = useRef();
  return (
    <>
      <Variable name="flavor" type="string" default="a" />
      <Module name="app" ref={app} source={`./modules/${tf.var("flavor")}`} />
      <Output name="flavor" value={app.flavor} />
    </>
  );
}
