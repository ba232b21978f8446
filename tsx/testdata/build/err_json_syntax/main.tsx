import { Resource } from "tfkit";
import settings from "./settings.json";

export default <Resource type="random_pet" name="a" keepers={{ region: settings.region }} />;
