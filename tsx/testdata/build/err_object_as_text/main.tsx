import { Resource } from "tfkit";

const settings = { region: "eu-west-1" };

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="a" triggers={{ where: `region ${settings}` }} />
      <Resource type="null_resource" name="b">
        {`triggers = { where = "${settings}" }`}
      </Resource>
    </>
  );
}
