import { Resource } from "tfkit";

// makeName was never declared or imported: the error points at the name,
// not at the call's arguments.
export default function App() {
  // @ts-expect-error makeName is not declared
  const name = makeName("web", 2);
  return <Resource type="null_resource" name={name} />;
}
