import { Locals, Output, Variable, tf } from "tfkit";

// tf.var and tf.local read like refs: "*" is a splat, a splat inside it
// too, and an expression standing alone in a template literal indexes.
export default function App() {
  return (
    <>
      <Variable name="groups" type="list(object({ name = string, members = list(string) }))" default={[{ name: "a", members: ["ada", "bob"] }]} />
      <Variable name="pick" type="string" default="a" />
      <Variable name="by_name" type="map(string)" default={{ a: "x" }} />
      <Locals groups={tf.var("groups")} />
      <Output name="names" value={tf.var("groups")["*"].name} />
      <Output name="members" value={tf.local("groups")["*"].members["*"]} />
      <Output name="picked" value={tf.var("by_name")[`${tf.var("pick")}`]} />
    </>
  );
}
