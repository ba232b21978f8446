import { Aspects, Resource } from "tfkit";

const naming = (el) => {
  if (el.kind === "Resource" && !el.name.startsWith("app_")) {
    throw new Error(`resource names start with app_, not ${el.name}`);
  }
};

let n = 0;
const endless = (el) => {
  n++;
  return <Resource type="null_resource" name={`app_r${n}`} />;
};

export default function App() {
  return (
    <>
      <Aspects visit={naming}>
        <Resource type="null_resource" name="app_ok" />
        <Resource type="null_resource" name="bad" />
      </Aspects>
      <Aspects visit={endless}>
        <Resource type="null_resource" name="app_seed" />
      </Aspects>
    </>
  );
}
