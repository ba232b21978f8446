import { Check, Ephemeral, Import, Moved, Removed, Resource, useRef } from "tfkit";

// All five state and check elements, synthesized as HCL and as JSON.
export default function App() {
  const web = useRef();
  const pw = useRef();
  return (
    <>
      <Resource type="random_pet" name="web" ref={web} length={2} />
      <Moved from="random_pet.old" to={web} />
      <Import to="random_pet.web" id="bright-owl" />
      <Removed from="random_string.gone" lifecycle={{ destroy: false }} />
      <Check name="health" assert={{ condition: `\${length(${web.id}) > 0}`, error_message: "No name." }} />
      <Ephemeral type="random_password" name="db" ref={pw} length={16} />
      <Check name="scoped">
        {() => `
          data "local_file" "motd" {
            filename = "/etc/motd"
          }
          assert {
            condition     = data.local_file.motd.content != ""
            error_message = "The motd is empty."
          }
        `}
      </Check>
    </>
  );
}
