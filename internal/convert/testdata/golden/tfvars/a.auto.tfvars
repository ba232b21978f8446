# Later files win: stage is prd.
stage     = "prd"
delimiter = "~"
kept      = null # null leaves a non-nullable variable its default
