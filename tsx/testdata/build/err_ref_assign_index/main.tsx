import { Resource, useRef } from "tfkit";

export default function App() {
  const a: any = useRef();
  a.list[0] = "x";
  return <Resource type="null_resource" name="a" ref={a} />;
}
