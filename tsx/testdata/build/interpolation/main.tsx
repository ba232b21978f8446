import { Resource, Variable, tf } from "tfkit";

// ${...} in a string is a Terraform interpolation; $${ and tf.literal keep
// the text as it is.
export default function App() {
  return (
    <>
      <Variable name="prefix" type="string" />
      <Resource
        type="terraform_data"
        name="items"
        count={2}
        input="item-${count.index}"
      />
      <Resource
        type="terraform_data"
        name="literal"
        input="cost: $${price}"
        triggers_replace={[tf.literal("${not.interpolated}"), "50%"]}
      />
      <Resource
        type="terraform_data"
        name="mixed"
        input={`${tf.var("prefix")}-\${terraform.workspace}`}
      />
    </>
  );
}
