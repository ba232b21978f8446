import { Locals, Provider, Resource, Variable, tf, useRef } from "tfkit";

// innerText: a plain string without refs, a function with refs, \${...}
// kept for Terraform, tab indentation, and helpers inside the text.
const region = "eu-west-1";

export default function App() {
  const bucket = useRef();
  return (
    <>
      <Variable name="names" type="list(string)" />
      <Provider type="aws">{`
        region = "${region}"
      `}</Provider>
      <Resource type="aws_s3_bucket" name="logs" ref={bucket}>
		{`
			bucket = "logs-\${terraform.workspace}"
			tags = {
				Team = "platform"
			}
		`}
      </Resource>
      <Resource type="aws_s3_bucket_policy" name="logs">
        {() => `
          bucket = ${bucket.id}
          policy = jsonencode({
            Resource = "\${${bucket.arn}}/*"
          })
        `}
      </Resource>
      <Locals>{() => `
        names = ${tf.var("names")}
        count = ${tf.fn("length", tf.var("names"))}
      `}</Locals>
    </>
  );
}
