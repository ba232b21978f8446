import { Resource } from "tfkit";
import { Outer, Wrapper } from "./wrapper";

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="db" />
      <Wrapper name="web">
        count = 1
        depends_on = [null_resource.db]
      </Wrapper>
      <Outer>
        count      = 2
        depends_on = [null_resource.db]
      </Outer>
      <Wrapper name="one_line">count = 3</Wrapper>
    </>
  );
}
