import { Output, Resource, tf, useRef } from "tfkit";

// The values a splat inside a splat reads: for every instance, a list with
// one value per element of the instance's own list.
export default function App() {
  const hosts = useRef();
  return (
    <>
      <Resource
        type="terraform_data"
        name="hosts"
        ref={hosts}
        count={2}
        input={[
          { name: `a-${tf.raw("count.index")}`, ports: [80, 443] },
          { name: `b-${tf.raw("count.index")}`, ports: [22] },
        ]}
      />
      <Output name="names" value={hosts["*"].output["*"].name} />
      <Output name="ports" value={hosts["*"].output["*"].ports["*"]} />
      <Output name="first_ports" value={hosts["*"].output["*"].ports[0]} />
    </>
  );
}
