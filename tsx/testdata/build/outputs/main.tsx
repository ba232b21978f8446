import { Output, Resource, useRef } from "tfkit";

export default function App() {
  const pet = useRef();
  return (
    <>
      <Resource type="random_pet" name="name" ref={pet} length={2} />
      <Output name="name" value={pet.id} description="A pet name" />
      <Output name="secret" value={pet.id} sensitive={true} depends_on={[pet]} />
      <Output name="text">
        {() => `
          value = "pet: \${${pet.id}}"
        `}
      </Output>
    </>
  );
}
