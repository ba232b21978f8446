import { Resource } from "tfkit";

const settings = {
  get region(): string {
    throw new Error("settings.region is not configured");
  },
};

export default function App() {
  return <Resource type="null_resource" name="a" triggers={settings} />;
}
