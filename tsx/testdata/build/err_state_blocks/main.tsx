import { Check, Ephemeral, Import, Moved, Removed } from "tfkit";

export default function App() {
  return (
    <>
      <Moved from="random_pet.old" />
      <Moved to="random_pet.new" />
      <Import to="random_pet.new" />
      <Removed lifecycle={{ destroy: false }} />
      <Check assert={{ condition: "${true}", error_message: "x" }} />
      <Ephemeral name="db" length={16} />
    </>
  );
}
