import { Locals, tf } from "tfkit";

export default function App() {
  return (
    <Locals
      bad_raw={tf.raw("var.x +")}
      bad_template="${var.x"
      bad_fn={tf.fn("not a name")}
      bad_block={[1, tf.block({})]}
    />
  );
}
