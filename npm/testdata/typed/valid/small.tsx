import { DataSource, Provider, Resource, Variable, tf, useRef } from "tfkit";

export default function App() {
  const pet = useRef<"random_pet">();
  const file = useRef<"local_file">();
  const sleep = useRef<"time_sleep">();
  const tag = useRef<"docker_tag">();
  const web = useRef<"docker_container">();
  return (
    <>
      <Variable name="driver" type="string" default="local" />
      <Provider type="docker" host="unix:///var/run/docker.sock" />
      <Resource type="random_pet" name="server" ref={pet} length={2} keepers={{ ami: "ami-1" }} />
      <Resource type="random_password" name="db" length={16} special={false} />
      <Resource type="null_resource" name="hello" triggers={{ pet: pet.id }} provisioner={{ "local-exec": { command: "echo hi" } }} />
      <Resource type="local_file" name="greeting" ref={file} filename="${path.module}/out/greeting.txt" content={`hello ${pet.id}`} />
      <DataSource type="local_file" name="back" filename={file.filename} />
      <Resource type="time_sleep" name="wait" ref={sleep} create_duration="30s" triggers={{ file: file.id }} />
      <Resource type="time_offset" name="later" offset_days={7} base_rfc3339={sleep.id} />
      <Resource type="docker_tag" name="latest" ref={tag} source_image="nginx:1.27" target_image={`nginx:${pet.id}`} />
      {/* docker_container requires a name attribute, which as a prop would be the element's
          name: its body is innerText, and its ref is typed all the same. */}
      <Resource type="docker_container" name="web" ref={web}>
        {() => `
          name  = "web"
          image = ${tag.target_image}
        `}
      </Resource>
      <Resource type="docker_volume" name="data" driver={tf.var("driver")} depends_on={[sleep, web]} labels={[tf.block({ label: "app", value: web.hostname })]} />
    </>
  );
}
