import { Network, Pets } from "@/components/index";
import { Env } from "@lib/naming";

export default function App() {
  return (
    <>
      <Network env={Env.Prod} />
      <Pets names={["a", "b"]} />
    </>
  );
}
