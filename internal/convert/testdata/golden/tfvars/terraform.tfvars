namespace = "cp"
stage     = "dev"
delimiter = "-"
