import { Resource } from "tfkit";
import { owner } from "@shared/owner";

export default <Resource type="random_pet" name="owned" keepers={{ owner }} />;
