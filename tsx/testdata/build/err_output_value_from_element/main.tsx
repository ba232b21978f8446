import { Resource, Output } from "tfkit";
export default function App() {
  // An element is not a ref: reading .id of it gives undefined, which leaves the value out.
  const pet: any = <Resource type="random_pet" name="p" />;
  return (
    <>
      {pet}
      <Output name="pet" value={pet.id} />
    </>
  );
}
