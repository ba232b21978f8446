import { DataSource, Import, Moved, Removed, Resource, useRef } from "tfkit";

export default function App() {
  const pet = useRef();
  const file = useRef();
  return (
    <>
      <Resource type="random_pet" name="web" ref={pet} />
      <Moved from="random_pet.old" to="not an address" />
      <Import to={pet.id} id="x" />
      <Moved from="random_pet.b" to={42} />
      <DataSource type="local_file" name="motd" ref={file} filename="/etc/motd" />
      <Removed from={file} />
      <Moved from={`random_pet.${"x"}`} to={`${pet}`} />
    </>
  );
}
