import { Resource, useRef } from "tfkit";

export default function App() {
  const a: any = useRef();
  a.id = "x";
  return <Resource type="null_resource" name="a" ref={a} />;
}
