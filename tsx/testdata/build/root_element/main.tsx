import { Resource } from "tfkit";

// The default export may be an element instead of a component.
export default <Resource type="null_resource" name="only" triggers={{ a: "b" }} />;
