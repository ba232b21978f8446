import { Locals, Output, Resource, Variable, tf } from "tfkit";

// Variables and locals read like refs: an index or an attribute after
// tf.var(...) or tf.local(...) extends the reference.
export default function App() {
  const names = tf.var("names");
  return (
    <>
      <Variable name="names" type="list(string)" default={["ada", "bob"]} />
      <Variable name="tags" type="map(string)" default={{ Name: "web" }} />
      <Locals settings={{ size: "small", zones: ["a", "b"] }} />
      <Resource type="null_resource" name="a"
        triggers={{ first: names[0], tag: tf.var("tags").Name, zone: tf.local("settings").zones[1], odd: tf.var("tags")["a b"] }} />
      <Output name="first" value={names[0]} />
      <Output name="size" value={tf.local("settings").size} />
      <Output name="both" value={tf.var("names", 1)} />
      <Output name="text" value={`${names[1]}-${tf.local("settings").size}`} />
    </>
  );
}
