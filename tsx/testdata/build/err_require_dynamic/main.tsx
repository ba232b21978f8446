import { Resource } from "tfkit";
import * as dev from "./settings.dev";

// Module names computed at run time: the bundler cannot see them.
const env = process.env.ENV ?? "dev";
const a = require(env);
const b = require(`./settings.${env}`);
const c = import("./settings." + env);
const e = `require(${env})`; // only a string

export default function App() {
  return <Resource type="null_resource" name={dev.name} />;
}
