import { Outer, Wrapper } from "./wrapper";

export default function App() {
  return (
    <>
      <Wrapper name="web">
        count = 1
        depends_on =
      </Wrapper>
      <Outer>
        count = 2
        lifecycle = 3 =
      </Outer>
    </>
  );
}
