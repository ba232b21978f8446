import { Resource, Terraform, Variable, useRef } from "tfkit";

// HCL migrated into innerText keeps its comments and blank lines.
export default function App() {
  const vpc = useRef();
  return (
    <>
      <Terraform>
        {`
          # Pinned after the 5.x upgrade.
          required_version = ">= 1.5"

          required_providers {
            aws = {
              source  = "hashicorp/aws" # the official one
              version = "~> 5.0"
            }
          }
        `}
      </Terraform>
      <Variable name="ports" type="list(number)">
        {`
          default = [80, 443] // HTTP and HTTPS
        `}
      </Variable>
      <Resource type="aws_vpc" name="main" ref={vpc} cidr_block="10.0.0.0/16" />
      <Resource type="aws_security_group" name="web">
        {() => `
          // The web tier.
          name   = "web"
          vpc_id = ${vpc.id} # set by the ref

          /*
           * One rule per port.
           */
          dynamic "ingress" {
            for_each = var.ports
            content { # one block per port
              from_port = ingress.value
              to_port   = ingress.value
              protocol  = "tcp"
              cidr_blocks = [
                "10.0.0.0/8",     # office
                "192.168.0.0/16", # VPN
              ]
            }
          } # end of ingress

          egress {
            from_port = 0
            to_port   = 0
            protocol  = "-1"
            # no cidr_blocks yet
          }
          # TODO: tags
        `}
      </Resource>
    </>
  );
}
