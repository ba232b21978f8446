import { Terraform } from "tfkit";

// §15.7 Terraform Block (Attribute Syntax)
export default function App() {
  return (
    <Terraform
      required_version=">= 1.0"
      required_providers={{
        aws: {
          source: "hashicorp/aws",
          version: "~> 5.0",
        },
      }}
    />
  );
}
