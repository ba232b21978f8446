# Functions Terraform added after the first ones: YAML, text encodings,
# templatestring, ephemeralasnull. Cross-checked with terraform plan.
locals {
  doc = yamldecode(<<-YAML
    name: web
    ports: [80, 443]
    tags:
      env: dev
      tier: "1"
    enabled: true
    YAML
  )
  greeting = "Hello, $${name}!%%{ for p in ports } $${p}%%{ endfor }"
}

resource "terraform_data" "yaml" {
  input = {
    name    = local.doc.name
    ports   = local.doc.ports
    tier    = local.doc.tags.tier
    enabled = local.doc.enabled
    encoded = yamlencode({ a = 1, b = ["x", "y"], c = { d = true } })
    list    = yamlencode(["one", 2])
  }
}

resource "terraform_data" "text" {
  input = {
    utf16   = textencodebase64("Hi ✓", "UTF-16LE")
    latin1  = textencodebase64("café", "ISO-8859-1")
    decoded = textdecodebase64("SABpACAAEyc=", "UTF-16LE")
  }
}

resource "terraform_data" "templates" {
  input = {
    rendered = templatestring(local.greeting, { name = "tfkit", ports = local.doc.ports })
    same     = ephemeralasnull("kept")
  }
}

output "yaml_name" {
  value = terraform_data.yaml.input.name
}
