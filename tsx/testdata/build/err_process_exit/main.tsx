import { Resource } from "tfkit";

// process.exit, as a Node script stops on a bad setting.
const env = process.env.ENV ?? "";
if (env === "") {
  console.error("ENV is not set");
  (process as any).exit(1);
}

export default () => <Resource type="null_resource" name="a" />;
