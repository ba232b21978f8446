locals {
  nums    = [3, 1, 2]
  words   = ["b", "a", "c", "a"]
  cfg     = jsondecode(file("${path.module}/config.json"))
  tpl     = templatefile("${path.module}/greeting.tftpl", { name = "tfkit", items = ["x", "y"] })
  has_cfg = fileexists("${path.module}/config.json")
}

resource "terraform_data" "numeric" {
  input = {
    abs    = abs(-4)
    ceil   = ceil(1.2)
    floor  = floor(1.8)
    max    = max(local.nums...)
    min    = min(5, 7)
    pow    = pow(2, 10)
    parse  = parseint("ff", 16)
    signum = signum(-3)
    log    = log(8, 2)
    sum    = sum(local.nums)
  }
}

resource "terraform_data" "strings" {
  input = {
    format     = format("%s-%03d", "web", 7)
    formatlist = formatlist("%s!", ["a", "b"])
    join       = join("/", local.words)
    split      = split(",", "x,y")
    lower      = lower("ABC")
    upper      = upper("abc")
    title      = title("hello world")
    trim       = trim("--x--", "-")
    trimspace  = trimspace("  y ")
    trimprefix = trimprefix("pre-x", "pre-")
    trimsuffix = trimsuffix("x.txt", ".txt")
    replace    = replace("a-b-c", "-", "+")
    regreplace = replace("a1b22", "/[0-9]+/", "#")
    regex      = regex("([a-z]+)-([0-9]+)", "web-42")
    regexall   = regexall("[0-9]", "a1b2")
    substr     = substr("terraform", 0, 5)
    strrev     = strrev("abc")
    chomp      = chomp("line\n")
    indent     = indent(2, "a\nb")
    startswith = startswith("tfkit", "tf")
    endswith   = endswith("tfkit", "kit")
    contains   = strcontains("tfkit", "fk")
    tpl        = local.tpl
  }
}

resource "terraform_data" "collections" {
  input = {
    concat    = concat([1], [2, 3])
    contains  = contains(local.words, "c")
    distinct  = distinct(local.words)
    element   = element(local.words, 5)
    flatten   = flatten([[1], [2, [3]]])
    index     = index(local.words, "c")
    keys      = keys({ b = 1, a = 2 })
    values    = values({ b = 1, a = 2 })
    length    = length(local.words)
    strlen    = length("four")
    lookup    = lookup({ a = 1 }, "b", 9)
    merge     = merge({ a = 1 }, { b = 2 }, { a = 3 })
    range     = range(1, 7, 2)
    reverse   = reverse(local.nums)
    slice     = slice(local.words, 1, 3)
    sort      = sort(local.words)
    zipmap    = zipmap(["a", "b"], [1, 2])
    chunk     = chunklist([1, 2, 3, 4, 5], 2)
    compact   = compact(["a", "", "b"])
    coalesce  = coalesce("", "x")
    coalist   = coalescelist([], [1])
    one       = one(["only"])
    alltrue   = alltrue([true, true])
    anytrue   = anytrue([false, true])
    setunion  = setunion(["a"], ["b"])
    setinter  = setintersection(["a", "b"], ["b", "c"])
    setsub    = setsubtract(["a", "b"], ["a"])
    setprod   = setproduct(["a"], [1, 2])
    transpose = transpose({ a = ["x", "y"], b = ["x"] })
    splat     = [{ n = 1 }, { n = 2 }][*].n
    forobj    = { for w in distinct(local.words) : w => upper(w) if w != "c" }
    cond      = length(local.nums) > 2 ? "many" : "few"
  }
}

resource "terraform_data" "encoding" {
  input = {
    jsonencode = jsonencode({ b = [1, true], a = null })
    jsondecode = local.cfg.name
    csv        = csvdecode("a,b\n1,2\n")
    b64        = base64encode("hi")
    unb64      = base64decode("aGk=")
    url        = urlencode("a b&c")
    md5        = md5("x")
    sha1       = sha1("x")
    sha256     = sha256("x")
    uuidv5     = uuidv5("dns", "example.com")
    has_cfg    = local.has_cfg
    missing    = fileexists("nope.txt")
    basename   = basename("a/b/c.txt")
    dirname    = dirname("a/b/c.txt")
  }
}

resource "terraform_data" "network" {
  input = {
    host    = cidrhost("10.0.0.0/24", 5)
    netmask = cidrnetmask("10.0.0.0/16")
    subnet  = cidrsubnet("10.0.0.0/16", 8, 3)
    subnets = cidrsubnets("10.0.0.0/16", 4, 4, 8)
  }
}

resource "terraform_data" "types_and_time" {
  input = {
    tobool    = tobool("true")
    tonumber  = tonumber("42")
    tostring  = tostring(5)
    tolist    = tolist(["a"])
    toset     = toset(["b", "a", "b"])
    tomap     = tomap({ a = "1" })
    try       = try(local.cfg.missing, "fallback")
    can       = can(local.cfg.missing)
    formatted = formatdate("YYYY-MM-DD", "2024-03-05T10:00:00Z")
    timeadd   = timeadd("2024-01-01T00:00:00Z", "36h")
    now       = timestamp()
    id        = uuid()
  }
}

resource "terraform_data" "more" {
  input = {
    base64sha256 = base64sha256("x")
    base64sha512 = base64sha512("x")
    filemd5      = filemd5("config.json")
    filesha256   = filesha256("config.json")
    fileb64sha   = filebase64sha256("config.json")
    matchkeys    = matchkeys(["i-1", "i-2", "i-3"], ["a", "b", "a"], ["a"])
    timecmp      = timecmp("2024-01-01T00:00:00Z", "2023-12-31T23:00:00Z")
    sensitive    = nonsensitive(sensitive("shown"))
    issensitive  = issensitive("x")
    plan_time    = plantimestamp()
  }
}

resource "terraform_data" "yaml" {
  input = yamldecode("a: 1")
}

resource "terraform_data" "unsupported" {
  input = unknownfunc("a: 1")
}
