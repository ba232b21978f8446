import { Import, Moved, Resource, useRef } from "tfkit";

export default function App() {
  const pet = useRef();
  return (
    <>
      <Resource type="random_pet" name="web" ref={pet} />
      <Moved from="random_pet.old" to="not an address" />
      <Import to={pet.id} id="x" />
      <Moved from="random_pet.b" to={42} />
    </>
  );
}
