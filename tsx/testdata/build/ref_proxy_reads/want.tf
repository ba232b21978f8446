resource "terraform_data" "a" {
  input = [
    {
      id = "x"
      inner = {
        value = "y"
      }
    },
  ]
}

resource "null_resource" "b" {
  triggers = {
    id     = terraform_data.a.id
    first  = terraform_data.a.output[0].id
    deep   = terraform_data.a.output[0].inner.value
    text   = "id=${terraform_data.a.id}"
    concat = "v:${terraform_data.a.id}"
    prim   = terraform_data.a
    value  = terraform_data.a
    str    = terraform_data.a
    notes  = "undefined,undefined,undefined,undefined,\"${terraform_data.a.output[0]}\""
  }
  depends_on = [terraform_data.a]
}
