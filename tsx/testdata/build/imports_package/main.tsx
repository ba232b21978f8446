import { Resource } from "tfkit";
import { petName } from "tiny-names";

// ES-module packages under node_modules are bundled.
export default function App() {
  return <Resource type="random_pet" name={petName("web")} length={2} />;
}
