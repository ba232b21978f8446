import { Resource } from "tfkit";

const settings = new Proxy({}, {
  ownKeys() {
    throw new Error("settings are not loaded");
  },
});

export default function App() {
  return <Resource type="null_resource" name="a" triggers={settings} />;
}
