import { Terraform, Variable, Provider, Module, Output, useRef, tf } from "tfkit";

// What OpenTofu 1.8 evaluates before planning (early evaluation): the
// local backend's path and a registry module's version built from
// variables; and the module's provider, an instance of a provider with
// for_each (OpenTofu 1.9) chosen by a variable. The same text the Go API
// writes (TestEarlySettingsGolden in package tfkit).
export default function App() {
  const greet = useRef();
  return (
    <>
      <Terraform
        required_providers={{ random: { source: "hashicorp/random", version: "3.9.0" } }}
        backend={{ local: { path: `state/${tf.var("env")}.tfstate` } }}
      />
      <Variable name="env" type="string" default="dev" />
      <Variable name="greet_version" type="string" default="1.0.0" />
      <Variable name="region" type="string" default="a" />
      <Provider type="random" alias="by_region" for_each={tf.fn("toset", ["a", "b"])} />
      <Module
        name="greet"
        ref={greet}
        source="example.test/acme/greet/random"
        version={tf.var("greet_version")}
        providers={{ random: tf.raw("random.by_region[var.region]") }}
      />
      <Output name="name" value={greet.name} />
    </>
  );
}
