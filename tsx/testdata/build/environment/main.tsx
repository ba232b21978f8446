import { Resource } from "tfkit";

// §10: the environment decides at build time; no condition remains.
const env = process.env.ENV ?? "dev";
const sizes: Record<string, string> = { dev: "t3.micro", prod: "m5.large" };

export default function App() {
  return (
    <>
      <Resource type="aws_instance" name="app" ami="ami-1" instance_type={sizes[env]} tags={{ Environment: env }} />
      {env === "prod" && <Resource type="aws_instance" name="replica" ami="ami-1" instance_type={sizes[env]} />}
      {process.env.MISSING === undefined && <Resource type="null_resource" name="no_missing" />}
    </>
  );
}
