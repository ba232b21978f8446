import { Resource } from "tfkit";
import { readFileSync } from "fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { hostname } from "os";

export default function App() {
  return <Resource type="null_resource" name="a" triggers={{ x: readFileSync(join("keys", "x"), "utf8"), id: randomUUID(), host: hostname() }} />;
}
