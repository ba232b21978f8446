import { Module, Output, Provider, Terraform, Variable, useRef, tf } from "tfkit";

// The module's source is built from a variable in a template literal:
// OpenTofu 1.8 or later evaluates it before planning (early evaluation),
// so flavor = "b" calls modules/b instead of modules/a. The module's
// random provider is the instance of a provider with for_each (OpenTofu
// 1.9) that region chooses.
export default function App() {
  const app = useRef();
  const pets = useRef();
  return (
    <>
      <Terraform required_providers={{ random: { source: "hashicorp/random", version: "3.9.0" } }} />
      <Variable name="flavor" type="string" default="a" />
      <Variable name="region" type="string" default="a" />
      <Provider type="random" alias="by_region" ref={pets} for_each={tf.fn("toset", ["a", "b"])} />
      <Module name="app" ref={app} source={`./modules/${tf.var("flavor")}`}
        providers={{ random: pets[`${tf.var("region")}`] }} />
      <Output name="flavor" value={app.flavor} />
    </>
  );
}
