import { Resource } from "tfkit";

function W(props: { children?: string }) {
  return <Resource type="null_resource" name="w">{props.children}</Resource>;
}

export default function App() {
  return (
    <W>
      count = 1
      lifecycle {
        create_before_destroy = true
      }
    </W>
  );
}
