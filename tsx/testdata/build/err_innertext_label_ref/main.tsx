import { Resource, useRef } from "tfkit";
export default function App() {
  const v = useRef();
  return (
    <>
      <Resource type="aws_vpc" name="main" ref={v} />
      <Resource type="aws_security_group" name="sg">
        {() => `
          dynamic "${v.id}" {
            for_each = []
            content {}
          }
        `}
      </Resource>
    </>
  );
}
