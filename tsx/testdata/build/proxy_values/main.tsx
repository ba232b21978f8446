import { Resource } from "tfkit";

// Proxies are read through their traps, as JavaScript reads them.
const tags = new Proxy({ Name: "web", Team: "ops" }, {
  get(target: any, key) {
    return typeof target[key] === "string" ? target[key].toUpperCase() : target[key];
  },
});
const ports = new Proxy([80, 443], {});

export default function App() {
  return <Resource type="terraform_data" name="a" input={{ tags, ports }} />;
}
