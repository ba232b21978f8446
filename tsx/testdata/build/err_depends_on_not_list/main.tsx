import { Resource, useRef } from "tfkit";

// depends_on and replace_triggered_by are lists even of one entry.
export default function App() {
  const db = useRef();
  return (
    <>
      <Resource type="null_resource" name="db" ref={db} />
      <Resource type="null_resource" name="web" depends_on={db} />
      <Resource type="null_resource" name="api" depends_on="null_resource.db" />
      <Resource type="null_resource" name="job" lifecycle={{ replace_triggered_by: db.id }} />
      <Resource type="null_resource" name="ok" depends_on={[db]} />
    </>
  );
}
