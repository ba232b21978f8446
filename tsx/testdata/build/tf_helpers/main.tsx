import { Locals, Output, Variable, tf } from "tfkit";

export default function App() {
  return (
    <>
      <Variable name="names" type="list(string)" />
      <Variable name="settings" type="object({ tags = map(string) })" />
      <Locals
        joined={tf.fn("join", ",", tf.var("names"))}
        first={tf.raw("var.names[0]")}
        upper={tf.fn("upper", tf.fn("join", "-", tf.var("names")))}
        name_tag={tf.var("settings", "tags", "Name")}
        indexed={tf.var("names", 1)}
        expr={tf.raw("length(var.names) > 0 ? var.names[0] : null")}
      />
      <Output name="joined" value={tf.local("joined")} />
    </>
  );
}
