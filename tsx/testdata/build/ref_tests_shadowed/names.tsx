import { Resource } from "tfkit";

// Another module's names: vpc here is a plain object, not main.tsx's ref.
const vpc = { name: process.env.VPC_NAME };

export function vpcName() {
  return vpc.name ?? "vpc";
}

export function Tags() {
  const web = { tags: undefined as Record<string, string> | undefined };
  return <Resource type="null_resource" name="tags" triggers={web.tags || { none: "" }} />;
}
