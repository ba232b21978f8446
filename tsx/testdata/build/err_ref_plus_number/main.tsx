import { Resource, useRef } from "tfkit";

// ref + 1 is text in JavaScript ("${...}1"), not a sum: an error at the
// ref, with the sum to write for Terraform. A number written as text is
// fine.
export default function App() {
  const web = useRef();
  return (
    <>
      <Resource type="null_resource" name="web" ref={web} triggers={{ port: "80" }} />
      <Resource
        type="null_resource"
        name="next"
        triggers={{
          // @ts-expect-error: a ref is not a number
          port: web.triggers.port + 1,
          // @ts-expect-error: a ref is not a number
          first: 2 + web.id,
          name: `${web.id}-1`,
        }}
      />
    </>
  );
}
