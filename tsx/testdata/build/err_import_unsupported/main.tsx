import { Resource } from "tfkit";
import settings from "./settings.yaml";
import script from "./init.sh";

// Files that are not modules: YAML data, a script for a provisioner.
export default () => <Resource type="null_resource" name="a" triggers={{ s: String(settings), x: script }} />;
