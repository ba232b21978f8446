import { Resource } from "tfkit";

// React's && with a number renders the number when it is 0; an empty
// string renders nothing.
const replicas: number = 0;
const note: string = "";

export default function App() {
  return (
    <>
      <Resource type="terraform_data" name="primary" />
      {note}
      {replicas && <Resource type="terraform_data" name="replica" />}
    </>
  );
}
