import { Resource } from "tfkit";

// A path made from the module's own location, as in a Node ES module.
export default () => <Resource type="local_file" name="a" filename={`${import.meta.dirname}/out.txt`} content="x" />;
