import { Resource, tf } from "tfkit";

export default function App() {
  return (
    <Resource type="aws_security_group" name="sg">
      {() => `
        name = "sg-${tf.var("env")}"
      `}
    </Resource>
  );
}
