import { Provider, Resource, useRef } from "tfkit";

// A provider configuration whose alias is written in its innerText is
// selected by its ref as one whose alias is a prop.
export default function App() {
  const west = useRef();
  return (
    <>
      <Provider type="random" ref={west}>
        {`
          alias = "west"
        `}
      </Provider>
      <Resource type="random_pet" name="a" provider={west} />
      <Resource type="random_pet" name="b">{() => `provider = ${west}`}</Resource>
    </>
  );
}
