import { DataSource, Module, Output, Resource, Variable, tf, useRef } from "tfkit";

// Instances read from refs: an element with for_each is keyed by strings,
// one with count by numbers, an expression standing alone in a template
// literal (or a tf helper) indexes with that expression, and "*" is a
// splat.
export default function App() {
  const pets = useRef();
  const zones = useRef();
  const apps = useRef();
  const fleet = useRef();
  return (
    <>
      <Variable name="pick" type="string" default="ada" />
      <Resource type="null_resource" name="pets" ref={pets} for_each={{ ada: "A", "my-key": "B", "0": "C" }} />
      <DataSource type="null_data_source" name="zones" ref={zones} for_each={tf.fn("toset", ["a", "b"])} />
      <Module name="apps" ref={apps} source="./modules/app" for_each={{ web: 1 }} />
      <Resource type="null_resource" name="fleet" ref={fleet} count={2} />
      <Resource
        type="null_resource"
        name="after"
        for_each={{ ada: "A" }}
        depends_on={[pets["ada"], apps.web, fleet[1]]}
        triggers={{
          dashed: pets["my-key"].id,
          numeric: pets["0"].id,
          dotted: pets.ada.id,
          zone: zones.a.outputs,
          app: apps["web"].url,
          same: pets[`${tf.raw("each.key")}`].id,
          chosen: pets[`${tf.var("pick")}`].triggers.name,
          prefixed: pets[`x-${tf.var("pick")}`].id,
          counted: fleet[`${tf.raw("length(var.pick)")}`].id,
          all: tf.fn("join", ",", fleet["*"].id),
          firsts: tf.fn("jsonencode", fleet["*"].triggers[0]),
        }}
        lifecycle={{ replace_triggered_by: [pets["ada"].id] }}
      />
      <Output name="app" value={apps["web"]} />
    </>
  );
}
