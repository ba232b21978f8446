import { Resource } from "tfkit";
import { Env, Naming } from "@lib/naming";

export default function Network({ env }: { env: Env }) {
  return <Resource type="random_pet" name="network" prefix={Naming.join("net", env)} />;
}

export function Pets<T extends string>({ names }: { names: T[] }) {
  return <>{names.map((n) => <Resource type="random_pet" name={n} length={2} />)}</>;
}
