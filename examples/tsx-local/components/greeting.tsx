import { Resource, type Ref } from "tfkit";

type Props = { dir: string; petRef: Ref; serverName: Ref };

// A composite: it renders nothing itself; the files it declares stay
// together in main.tf, in this order.
export function Greeting({ dir, petRef, serverName }: Props) {
  return (
    <>
      <Resource
        type="local_file"
        name="greeting"
        filename={`${dir}/greeting.txt`}
        content={`\${var.greeting}, ${petRef.id}!\n`}
        file_permission="0644"
        lifecycle={{ ignore_changes: ["content"] }}
      />
      <Resource type="local_file" name="people">
        {() => `
          filename = "${dir}/people.txt"
          content  = join("\\n", [for p in var.people : "\${var.greeting}, \${p} (on \${${serverName}})"])
        `}
      </Resource>
    </>
  );
}
