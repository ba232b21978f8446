import { DataSource, Fragment, Locals, Module, Output, Provider, Resource, Terraform, Variable, tf, useRef, type Node, type Ref } from "tfkit";

// Typed composite props, children, refs passed down, every component and
// helper in its usual form.
type NetworkProps = { vpcRef: Ref; zones: readonly string[]; children?: Node };

function Network({ vpcRef, zones, children }: NetworkProps) {
  return (
    <>
      {zones.map((z, i) => (
        <Resource type="aws_subnet" name={`public_${z}`} vpc_id={vpcRef.id} cidr_block={`10.0.${i}.0/24`} />
      ))}
      {children}
    </>
  );
}

export default function App() {
  const vpc = useRef();
  const west = useRef<unknown>(null);
  const ami = useRef();
  const net = useRef();
  const env = process.env.ENV ?? "dev";
  return (
    <Fragment>
      <Terraform
        required_version=">= 1.5"
        required_providers={{ aws: { source: "hashicorp/aws", version: "~> 5.0" }, random: "~> 3.0" }}
        backend={{ s3: { bucket: "state", key: "app.tfstate", region: "eu-west-1" } }}
      />
      <Provider type="aws" region="eu-west-1" default_tags={{ tags: { Env: env } }} />
      <Provider type="aws" alias="west" ref={west} region="us-west-2" />
      <Variable name="ports" type="list(number)" default={[80, 443]} validation={{ condition: "${length(var.ports) > 0}", error_message: "No ports." }} />
      <Variable name="region" type="string">{`default = "eu-west-1"`}</Variable>
      <DataSource type="aws_ami" name="ubuntu" ref={ami} most_recent owners={["099720109477"]} />
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" tags={{ Name: `vpc-${env}` }} />
      <Network vpcRef={vpc} zones={["a", "b"]}>
        <Resource type="aws_instance" name="web" ami={ami.id} instance_type="t3.micro" provider={west} depends_on={[vpc, "aws_subnet.public_a"]}
          lifecycle={{ create_before_destroy: true, ignore_changes: ["tags"], precondition: { condition: "${length(var.ports) > 0}", error_message: "x" } }}
          provisioner={[{ "local-exec": { command: "echo hi", when: "create" } }]}
          connection={{ type: "ssh", host: "example.com" }}
          root_block_device={tf.block({ volume_size: 20 })}
          ebs_block_device={[tf.block({ device_name: "/dev/sdb" }), tf.block({ device_name: "/dev/sdc" })]}
          ingress={tf.dynamic({ for_each: tf.var("ports"), iterator: "port", content: { from_port: tf.raw("port.value") } })}
        />
      </Network>
      <Resource type="aws_security_group" name="web">
        {() => `
          name   = "web"
          vpc_id = ${vpc.id}
        `}
      </Resource>
      <Module name="net" ref={net} source="./modules/net" cidr="10.1.0.0/16" providers={{ aws: west }} />
      <Locals joined={tf.fn("join", ",", tf.var("ports"))} first={tf.local("joined")} lit={tf.literal("${x}")} net={net.vpc_id} />
      <Locals>{`extra = 1`}</Locals>
      <Output name="vpc_id" value={vpc.id} sensitive={false} depends_on={[vpc]} />
      <Output name="text">{() => `value = "\${${vpc.id}}"`}</Output>
      {env === "prod" && <Resource type="aws_s3_bucket" name="logs" key="not-a-react-key" />}
    </Fragment>
  );
}
