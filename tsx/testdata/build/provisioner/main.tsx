import { Resource } from "tfkit";

// Provisioners are written as Terraform's JSON syntax writes them: an object
// keyed by the provisioner type, or an array of those.
export default function App() {
  return (
    <>
      <Resource
        type="null_resource"
        name="one"
        provisioner={{ "local-exec": { command: "echo created" } }}
      />
      <Resource
        type="null_resource"
        name="many"
        connection={{ type: "ssh", host: "example.com", user: "admin" }}
        provisioner={[
          { "local-exec": { command: "echo first", when: "create" } },
          { "local-exec": { command: "echo bye", when: "destroy", on_failure: "continue" } },
          { "remote-exec": { inline: ["uptime"], connection: { type: "ssh", host: "other.example.com" } } },
        ]}
      />
    </>
  );
}
