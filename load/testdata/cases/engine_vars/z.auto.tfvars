sizes  = [3, 4, 5]
labels = { team = "red" }
