import { Resource } from "tfkit";
// slug-tools imports path-words, which imports Node's "path".
import { slug } from "slug-tools";

export default <Resource type="random_pet" name={slug("web/app")} />;
