import { Resource } from "tfkit";
import { region } from "./settingz";
import lodash from "lodash";

export default function App() {
  return <Resource type="terraform_data" name="a" input={region + lodash} />;
}
