import { DataSource, Resource, useRef } from "tfkit";

export default function App() {
  const ami = useRef();
  return (
    <>
      <DataSource type="aws_ami" name="ubuntu" ref={ami} most_recent={true} owners={["099720109477"]} />
      <Resource
        type="aws_instance"
        name="web"
        ami={ami.id}
        instance_type="t3.micro"
        tags={{ Name: "web" }}
        lifecycle={{
          create_before_destroy: true,
          prevent_destroy: false,
          ignore_changes: ["tags", "ami"],
          precondition: {
            condition: "${data.aws_ami.ubuntu.architecture == \"x86_64\"}",
            error_message: "The AMI must be for x86_64.",
          },
        }}
      />
    </>
  );
}
