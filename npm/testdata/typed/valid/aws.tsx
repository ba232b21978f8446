import { DataSource, Output, Provider, Resource, Variable, tf, useRef, type Expression } from "tfkit";

// With declarations for aws, elements take the schema's props and typed
// refs read the schema's attributes.
export default function App() {
  const vpc = useRef<"aws_vpc">();
  const subnet = useRef<"aws_subnet">();
  const ami = useRef<"data.aws_ami">();
  const web = useRef<"aws_security_group">();
  const bucket = useRef<"aws_s3_bucket">();
  const plain = useRef();
  const instance = useRef<"aws_instance">();
  // A splat inside a splat reads a list of lists.
  const cidrs: Expression<readonly (readonly string[])[]> = web.ingress["*"].cidr_blocks["*"];
  const volumes: Expression<readonly (readonly string[])[]> = instance["*"].ebs_block_device["*"].volume_id;
  return (
    <>
      <Variable name="west_region" type="string" />
      <Variable name="env" type="string" />
      <Variable name="ports" type="list(number)" default={[80, 8080]} />
      <Provider type="aws" region="eu-west-1" />
      <Provider type="aws" alias="west" region={tf.var("west_region")} />
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" enable_dns_hostnames={true} tags={{ Name: "main", Env: tf.var("env") }} />
      <Resource
        type="aws_subnet"
        name="public"
        ref={subnet}
        count={2}
        vpc_id={vpc.id}
        cidr_block={tf.fn("cidrsubnet", vpc.cidr_block, 8, tf.raw("count.index"))}
        map_public_ip_on_launch={true}
        tags={{ Name: `public-${vpc.tags.Name}` }}
        depends_on={[vpc]}
      />
      {/* A list of objects that Terraform also takes as blocks. */}
      <Resource
        type="aws_security_group"
        name="web"
        ref={web}
        vpc_id={vpc.id}
        ingress={[tf.block({ from_port: 443, to_port: 443, protocol: "tcp", cidr_blocks: ["0.0.0.0/0"] })]}
        egress={tf.dynamic({ for_each: tf.var("ports"), iterator: "port", content: { from_port: tf.raw("port.value"), to_port: tf.raw("port.value"), protocol: "tcp" } })}
        timeouts={tf.block({ create: "5m" })}
      />
      <DataSource type="aws_ami" name="ubuntu" ref={ami} most_recent={true} owners={["099720109477"]} filter={[tf.block({ name: "name", values: ["ubuntu/*"] })]} />
      <Resource
        type="aws_instance"
        name="web"
        ref={instance}
        ami={ami.id}
        instance_type="t3.micro"
        subnet_id={subnet[0].id}
        vpc_security_group_ids={[web.id]}
        root_block_device={tf.block({ volume_size: 20, volume_type: "gp3" })}
        ebs_block_device={[tf.block({ device_name: "/dev/sdf", volume_size: 100 }), tf.block({ device_name: "/dev/sdg", volume_size: 100 })]}
        lifecycle={{ ignore_changes: ["tags"] }}
        provider="aws.west"
      />
      {/* Nested blocks in nested blocks. */}
      <Resource
        type="aws_s3_bucket"
        name="logs"
        ref={bucket}
        bucket_prefix="logs-"
        versioning={tf.block({ enabled: true })}
        lifecycle_rule={[tf.block({ enabled: true, prefix: "tmp/", expiration: tf.block({ days: 7 }) })]}
      />
      {/* innerText bodies stay as they are. */}
      <Resource type="aws_vpc" name="text" ref={plain}>
        {`cidr_block = "10.1.0.0/16"`}
      </Resource>
      {/* An untyped ref is accepted for any attribute; a typed one reads on. */}
      <Resource type="aws_vpc" name="copy" cidr_block={plain.cidr_block} tags={bucket.tags} />
      {/* Types without declarations stay untyped. */}
      <Resource type="aws_route53_zone" name="main" anything={1} vpc={tf.block({ vpc_id: vpc.id })} />
      <DataSource type="aws_region" name="current" />
      <Output name="subnet" value={subnet[0].arn} />
      <Output name="subnets" value={subnet["*"].arn} />
      {/* Into nested blocks: a list of blocks is indexed, a set only splatted. */}
      <Output name="root_volume" value={instance.root_block_device[0].volume_id} />
      <Output name="ebs_volumes" value={instance.ebs_block_device["*"].volume_id} />
      <Output name="ingress_ports" value={web.ingress["*"].from_port} />
      <Output name="groups" value={instance.security_groups["*"]} />
      {/* A splat inside a splat: for each element, the elements of its own list or set. */}
      <Output name="ingress_cidrs" value={cidrs} />
      <Output name="volumes" value={volumes} />
      <Resource type="aws_instance" name="nested" ami={ami.id} instance_type="t3.micro" security_groups={tf.fn("flatten", web.ingress["*"].cidr_blocks["*"])} />
      <Resource type="aws_instance" name="copy" ami={ami.id} instance_type="t3.micro" vpc_security_group_ids={instance.security_groups} />
    </>
  );
}
