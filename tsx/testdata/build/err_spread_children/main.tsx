import { Resource } from "tfkit";

// Composites that pass all their props on to a primitive: the children
// given to them go along.
function Trigger(props: any) {
  return <Resource type="null_resource" {...props} />;
}

function Pet(props: any) {
  return <Resource type="random_pet" name="pet" {...props} />;
}

export default function App() {
  return (
    <>
      <Trigger name="group" triggers={{ team: "core" }}>
        <Resource type="null_resource" name="member" />
      </Trigger>
      <Pet length={2}>{`prefix = "app"`}</Pet>
      <Trigger name="pair">
        <Resource type="null_resource" name="first" />
        <Resource type="null_resource" name="second" />
      </Trigger>
    </>
  );
}
