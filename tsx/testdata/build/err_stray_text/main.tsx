import { Resource } from "tfkit";

export default function App() {
  return (
    <>
      <Resource type="terraform_data" name="a" />
      output the id here
      <Resource type="terraform_data" name="b" />
    </>
  );
}
