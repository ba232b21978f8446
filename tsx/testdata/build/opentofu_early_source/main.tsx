import { Terraform, Variable, Locals, Provider, Module, tf } from "tfkit";

// A module source built from a variable through a local, which OpenTofu
// 1.8 evaluates before planning (early evaluation), given one instance of
// a provider with for_each: the same text the Go API writes
// (TestEarlyEvaluationGolden in package tfkit).
export default function App() {
  return (
    <>
      <Terraform required_providers={{ random: { source: "hashicorp/random", version: "3.9.0" } }} />
      <Variable name="flavor" type="string" default="a" />
      <Locals dir={tf.fn("format", "./modules/%s", tf.var("flavor"))} />
      <Provider type="random" alias="by_name" for_each={tf.fn("toset", ["a", "b"])} />
      <Module name="app" source={tf.local("dir")} providers={{ random: tf.raw('random.by_name["b"]') }} />
    </>
  );
}
