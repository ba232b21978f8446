import { Check, Locals, Output, Resource, Terraform, Variable, tf, useRef } from "tfkit";
import { Greeting } from "./components/greeting";

// A configuration Terraform can apply without any cloud account: random
// names, local files, timestamps. `tfkit synth` writes tfkit.out/main.tf.
export default function App() {
  const pet = useRef();
  const created = useRef();
  const names = useRef();

  return (
    <>
      <Terraform
        required_version=">= 1.5"
        required_providers={{
          random: { source: "hashicorp/random", version: ">= 3.0" },
          local: { source: "hashicorp/local", version: ">= 2.4" },
          time: { source: "hashicorp/time", version: ">= 0.9" },
          null: { source: "hashicorp/null", version: ">= 2.1" },
        }}
      />

      <Variable name="greeting" type="string" default="Hello" description="The word that starts each greeting" />
      <Variable name="people" type="list(string)" default={["Ada", "Grace"]} />

      <Resource type="time_static" name="created" ref={created} />
      <Resource type="random_pet" name="server" ref={pet} length={2} separator="-" keepers={{ created: created.rfc3339 }} />

      <Locals ref={names} server_name={`${pet.id}-server`} people_count={tf.fn("length", tf.var("people"))} />

      <Greeting dir="${path.module}/out" petRef={pet} serverName={names.server_name} />

      <Resource type="null_resource" name="announce"
        triggers={{ server: names.server_name }}
        provisioner={{ "local-exec": { command: "echo ${self.triggers.server} is ready" } }}
        depends_on={[pet]}
      />

      {/* A check warns after plan and apply instead of failing them. */}
      <Check name="server_name" assert={{
        condition: `\${length(${pet.id}) > 3}`,
        error_message: "The server name is too short to tell servers apart.",
      }} />

      <Output name="server_name" value={names.server_name} description="The generated server name" />
      <Output name="created_at" value={created.rfc3339} />
    </>
  );
}
