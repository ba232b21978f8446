port = 9090
