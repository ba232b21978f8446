import tfkit from "tfkit";

// A default import, as of React: tfkit has named exports only.
export default () => <tfkit.Resource type="null_resource" name="a" />;
