import { Resource } from "tfkit";

// With experimentalDecorators, a property decorator is called with the
// prototype and the property's name, as tsc compiles it.
const decorated: string[] = [];
function track(_target: object, key: string) {
  decorated.push(key);
}

class Bucket {
  @track name = "logs";
  @track region = "eu-west-1";
}

export default function App() {
  const b = new Bucket();
  return <Resource type="random_pet" name={b.name} keepers={{ decorated: decorated.join(","), region: b.region }} />;
}
