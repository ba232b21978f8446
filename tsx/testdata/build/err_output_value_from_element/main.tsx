import { Resource, Output } from "tfkit";
export default function App() {
  // An element is not a ref: reading .id of it is an error at the read (JavaScript would give
  // undefined, which would leave the value out).
  const pet: any = <Resource type="random_pet" name="p" />;
  return (
    <>
      {pet}
      <Output name="pet" value={pet.id} />
    </>
  );
}
