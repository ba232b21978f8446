resource "terraform_data" "a" {
  input = "x" # about input
  A { # open
    /* mid */ # end
    b = 1 # about b
    # before c
    c = 2
  }
  # at the end
}

resource "terraform_data" "empty" {
  # nothing yet
}

resource "terraform_data" "b" {
  lifecycle { # keep it
    # no settings yet
  }
  C {
    /* only a comment */
  }
}
