import { Resource } from "tfkit";
import { Service } from "./components/service";

// main.tsx and components/service.tsx import each other: the component's
// module runs first, when prefix has no value yet.
export const prefix = "app";

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="main" />
      <Service />
    </>
  );
}
