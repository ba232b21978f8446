import { Check, Ephemeral, Import, Locals, Moved, Provider, Removed, Resource, Variable, tf, useRef } from "tfkit";

// Moved, Import, Removed, Check and Ephemeral in both of their forms.
export default function App() {
  const web = useRef();
  const second = useRef();
  const pw = useRef();
  return (
    <>
      <Provider type="random" alias="second" ref={second} />
      <Resource type="random_pet" name="web" ref={web} length={2} />
      <Variable name="ids" type="map(string)" default={{ a: "YQ" }} />
      <Resource type="random_id" name="b" byte_length={4} />
      <Resource type="random_id" name="many" for_each={tf.var("ids")} byte_length={4} />
      <Moved from="random_pet.old" to="random_pet.web" />
      <Moved from="random_pet.older" to={web} />
      <Moved>{`
        from = random_id.a
        to   = random_id.b
      `}</Moved>
      <Import to="random_pet.web" id="bright-owl" />
      <Import to={tf.raw("random_id.many[each.key]")} for_each={tf.var("ids")} id="${each.value}" provider={second} />
      <Import to="random_id.b" identity={{ id: "x" }} />
      <Import>{() => `
        to = ${web}
        id = "bright-owl"
      `}</Import>
      <Removed from="random_string.gone" lifecycle={{ destroy: false }} />
      <Removed from="random_string.other" provisioner={{ "local-exec": { command: "echo bye", when: "destroy" } }} />
      <Removed>{`from = random_string.third`}</Removed>
      <Check name="health" assert={{ condition: `\${length(${web.id}) > 0}`, error_message: "No name." }} />
      <Check name="several" assert={[{ condition: "${terraform.workspace != \"\"}", error_message: "a" }, { condition: tf.raw("length(terraform.workspace) < 64"), error_message: "b" }]}
        data={tf.block("local_file", "motd", { filename: "/etc/motd" })} />
      <Check name="scoped">{`
        assert {
          condition     = terraform.workspace != ""
          error_message = "never"
        }
      `}</Check>
      <Ephemeral type="random_password" name="db" ref={pw} length={16} provider={second} depends_on={[web]}
        lifecycle={{ postcondition: { condition: "${self.result != \"\"}", error_message: "Empty." } }} />
      <Ephemeral type="random_password" name="pin">{`length = 4`}</Ephemeral>
      <Locals password={pw.result} />
    </>
  );
}
