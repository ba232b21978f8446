import { Module, Provider, Resource, Variable, useRef, tf } from "tfkit";

// A ref to a provider with for_each (OpenTofu 1.9), indexed once, is one
// of its instances: by a literal key, or by the expression a template
// literal holds alone (the instance a variable chooses), as tf.raw writes
// it. So is a ref to one whose alias and for_each are in its innerText.
export default function App() {
  const pets = useRef();
  const zones = useRef();
  return (
    <>
      <Variable name="region" type="string" default="a" />
      <Provider type="random" alias="by_region" ref={pets} for_each={tf.fn("toset", ["a", "b"])} />
      <Resource type="random_pet" name="a" provider={pets["a"]} />
      <Resource type="random_pet" name="chosen" provider={pets[`${tf.var("region")}`]} />
      <Resource type="random_pet" name="raw" provider={tf.raw("random.by_region[var.region]")} />
      <Module name="app" source="./modules/app" providers={{ random: pets[`${tf.var("region")}`] }} />
      <Provider type="random" ref={zones}>
        {`
          alias    = "by_zone"
          for_each = toset(["x", "y"])
        `}
      </Provider>
      <Resource type="random_pet" name="x" provider={zones["x"]} />
    </>
  );
}
