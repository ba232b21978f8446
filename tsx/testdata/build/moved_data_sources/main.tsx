import { DataSource, Moved, useRef } from "tfkit";

// A data source renamed, given as refs: <Moved> takes a data source's
// address, as both engines move data sources too. The old name is no
// longer declared (a Moved from a declared one is refused).
export default function App() {
  const motd = useRef();
  const hosts = useRef();
  return (
    <>
      <DataSource type="local_file" name="motd" ref={motd} filename="/etc/motd" />
      <Moved from="data.local_file.banner" to={motd} />
      <DataSource type="local_file" name="hosts" ref={hosts} count={2} filename="/etc/hosts" />
      <Moved from="data.local_file.hosts_file" to={hosts[0]} />
    </>
  );
}
