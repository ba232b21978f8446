import { Resource } from "tfkit";

export default function App() {
  return (
    <Resource type="null_resource" name="a">
      triggers = {"{"}
        script = <<EOT
echo hi
EOT
      {"}"}
    </Resource>
  );
}
