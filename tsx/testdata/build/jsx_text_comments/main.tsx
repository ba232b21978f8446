import { Resource } from "tfkit";

// JSX comments in a JSX text body are left out; its lines stay lines,
// also in text given to a composite.
function Wrapper(props: { name: string; children?: string }) {
  return <Resource type="null_resource" name={props.name}>{props.children}</Resource>;
}

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="db" />
      <Resource type="null_resource" name="first">
        {/* two of them */}
        count      = 2
        depends_on = [null_resource.db]
      </Resource>
      <Resource type="null_resource" name="middle">
        count      = 2
        {/* after db */}
        depends_on = [null_resource.db]
      </Resource>
      <Resource type="null_resource" name="last">
        # an HCL comment stays
        count      = 1
        depends_on = [null_resource.db] {/* trailing */}
      </Resource>
      <Wrapper name="wrapped">
        {/* passed on */}
        count      = 1
        depends_on = [null_resource.db]
      </Wrapper>
    </>
  );
}
