import { Resource, Variable, tf, useRef } from "tfkit";

// JSON.stringify of a value holding refs and tf helpers: each becomes an
// interpolation in the JSON text, as in a template literal.
const bucket = useRef();
const header = JSON.stringify({ owner: tf.var("owner") });

export default function App() {
  const policy = {
    Version: "2012-10-17",
    Statement: [
      {
        Effect: "Allow",
        Action: ["s3:GetObject"],
        Resource: [bucket.arn, `${bucket.arn}/*`],
        Condition: { StringEquals: { "aws:PrincipalTag/team": tf.fn("lower", tf.var("team")) } },
      },
    ],
  };
  return (
    <>
      <Variable name="owner" type="string" />
      <Variable name="team" type="string" />
      <Resource type="aws_s3_bucket" name="logs" ref={bucket} />
      <Resource type="aws_iam_policy" name="read" policy={JSON.stringify(policy)} description={header} />
      <Resource type="aws_iam_policy" name="pretty" policy={JSON.stringify({ Resource: bucket.arn }, null, 2)} />
    </>
  );
}
