import { Fragment, Resource } from "tfkit";

function Pair({ prefix }: { prefix: string }) {
  return (
    <Fragment>
      <Resource type="null_resource" name={`${prefix}_one`} />
      {false}
      {null}
      {undefined}
      <Resource type="null_resource" name={`${prefix}_two`} />
    </Fragment>
  );
}

function Group({ children }: { children?: any }) {
  return <>{children}</>;
}

export default function App() {
  return (
    <>
      <Resource type="null_resource" name="first" />
      <Group>
        <Pair prefix="a" />
        {[1, 2].map((n) => (
          <Resource type="null_resource" name={`n${n}`} />
        ))}
      </Group>
      {true && <Pair prefix="b" />}
      <Resource type="null_resource" name="last" />
    </>
  );
}
