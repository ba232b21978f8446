Welcome to ${name}
