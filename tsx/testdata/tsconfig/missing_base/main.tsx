import { Resource } from "tfkit";

export default <Resource type="random_pet" name="a" />;
