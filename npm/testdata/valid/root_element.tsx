import { Resource } from "tfkit";

export default <Resource type="null_resource" name="only" triggers={{ a: "b" }} />;
