import { Resource } from "tfkit";
import { prefix } from "../main";

const name = `${prefix}_service`;

export function Service() {
  return <Resource type="null_resource" name={name} />;
}
