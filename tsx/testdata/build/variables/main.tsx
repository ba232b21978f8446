import { Variable } from "tfkit";

export default function App() {
  return (
    <>
      <Variable name="names" type="list(string)" description="Names" default={["a"]} />
      <Variable name="anything" type="list" />
      <Variable
        name="server"
        type="object({ name = string, port = optional(number, 80) })"
        nullable={false}
        validation={{ condition: "${var.server.port > 0}", error_message: "The port must be positive." }}
      />
      <Variable name="token" type="string" sensitive={true} />
      <Variable name="region" type="string">
        {`
          description = "Where to deploy"
          default     = "eu-west-1"

          validation {
            condition     = can(regex("^[a-z]+-[a-z]+-[0-9]$", var.region))
            error_message = "Not a region."
          }
        `}
      </Variable>
    </>
  );
}
