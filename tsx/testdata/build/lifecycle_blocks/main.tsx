import { Check, Import, Moved, Provider, Removed, Resource, Variable, tf, useRef } from "tfkit";

// The blocks that tell Terraform how state changes: moved, import and
// removed, and a check with a scoped data source.
export default function App() {
  const pet = useRef();
  const api = useRef();
  const second = useRef();
  return (
    <>
      <Resource type="random_pet" name="server" ref={pet} length={2} />
      <Resource type="random_pet" name="api" ref={api} />
      <Resource type="random_id" name="token" byte_length={8} />
      <Moved from="random_pet.old" to="random_pet.server" />
      <Moved from="random_pet.legacy_api" to={api} />
      <Import to="random_id.token" id="aGVsbG8" />
      <Provider type="random" alias="second" ref={second} />
      <Resource type="random_id" name="many" for_each={tf.var("ids")} byte_length={4} provider={second} />
      <Variable name="ids" type="map(string)" default={{ a: "YQ", b: "Yg" }} />
      <Import for_each={tf.var("ids")} to={tf.raw("random_id.many[each.key]")} id="${each.value}" provider={second} />
      <Moved>{`
        from = random_id.old_token
        to   = random_id.token
      `}</Moved>
      <Import>{() => `
        to = ${pet}
        id = "bright-owl"
      `}</Import>
      <Removed from="random_string.gone" lifecycle={{ destroy: false }} />
      <Removed from="null_resource.cleanup"
        lifecycle={{ destroy: true }}
        provisioner={{ "local-exec": { command: "echo removed", when: "destroy" } }}
      />
      <Check name="pet_length" assert={{ condition: `\${length(${pet.id}) > 0}`, error_message: "The pet has no name." }} />
      <Check name="two">
        {() => `
          data "local_file" "motd" {
            filename = "/etc/motd"
          }
          assert {
            condition     = length(${pet.id}) > 2
            error_message = "short"
          }
          assert {
            condition     = data.local_file.motd.content != ""
            error_message = "empty motd"
          }
        `}
      </Check>
      <Check name="several" assert={[
        { condition: "${random_id.token.byte_length > 4}", error_message: "one" },
        { condition: tf.raw("random_pet.api.length < 3"), error_message: "two" },
      ]} />
    </>
  );
}
