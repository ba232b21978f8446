import { Resource, Variable, tf, useRef } from "tfkit";

// Refs and tf helpers inside the quoted strings and heredocs of innerText
// are interpolations; in expression positions and inside ${...} they are
// bare expressions.
export default function App() {
  const vpcRef = useRef();
  return (
    <>
      <Variable name="env" type="string" />
      <Resource type="aws_vpc" name="main" ref={vpcRef} cidr_block="10.0.0.0/16" />
      <Resource type="aws_security_group" name="sg">
        {() => `
          name        = "sg-${vpcRef.id}"
          description = "in ${tf.var("env")}, ${tf.fn("upper", tf.var("env"))}"
          vpc_id      = ${vpcRef.id}
          owner       = "\${${vpcRef.owner_id}}-web"
          joined      = "\${join(",", ["a-${vpcRef.arn}"])}"
          dollar      = "cost $${tf.var("env")}"
          literal     = "x ${tf.literal("${not}")}"
          policy      = <<-EOT
            vpc ${vpcRef.id} in ${tf.var("env")} ${tf.literal("${kept} %{also}")}
          EOT
          # a comment naming ${vpcRef.id} stays as written
        `}
      </Resource>
    </>
  );
}
