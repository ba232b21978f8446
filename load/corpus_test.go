package load

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/golden"
)

// corpusDir holds unmodified public modules (see its README), beside the
// checkout; they are read in place, never copied.
const corpusDir = "../../shared/corpus"

// corpusModules are the modules whose examples are evaluated.
var corpusModules = []string{"terraform-aws-vpc", "terraform-aws-security-group"}

// corpusErrors are the error diagnostics an example is expected to have,
// by example: those Terraform's plan gives too. In examples/issues,
// module.vpc_issue_46 asks for database and elasticache subnets but no
// private subnets and no database or elasticache route tables, so
// coalescelist(aws_route_table.database[*].id, aws_route_table.private[*].id)
// has only empty lists: terraform plan fails the same way ("no non-null
// arguments"), whatever the availability zones are.
var corpusErrors = map[string][]string{
	"terraform-aws-vpc/issues": {
		`Call to function "coalescelist" failed: no non-null arguments.`,
	},
}

// corpusValues are attribute values checked by hand against each
// example's source: example -> address -> attribute path -> JSON.
var corpusValues = map[string]map[string]map[string]string{
	"terraform-aws-vpc/block-public-access": {"module.vpc.aws_vpc.this[0]": {"cidr_block": `"10.0.0.0/16"`, "tags.Name": `"ex-block-public-access"`}},
	"terraform-aws-vpc/complete": {
		"module.vpc.aws_vpc.this[0]": {"cidr_block": `"10.0.0.0/16"`, "tags.Example": `"ex-complete"`},
		"aws_security_group.rds":     {"name_prefix": `"ex-complete-rds"`, "description": `"Allow PostgreSQL inbound traffic"`},
	},
	"terraform-aws-vpc/flow-log":       {"module.vpc.aws_vpc.this[0]": {"cidr_block": `"10.0.0.0/16"`, "tags.Name": `"ex-flow-log"`}},
	"terraform-aws-vpc/ipam":           {"module.vpc_ipam_set_cidr.aws_subnet.private[1]": {"cidr_block": `"10.1.2.0/24"`}},
	"terraform-aws-vpc/ipv6-dualstack": {"module.vpc.aws_vpc.this[0]": {"cidr_block": `"10.0.0.0/16"`, "tags.Name": `"ex-ipv6-dualstack"`}},
	"terraform-aws-vpc/ipv6-only": {
		"module.vpc.aws_vpc.this[0]":      {"assign_generated_ipv6_cidr_block": "true", "tags.Name": `"ex-ipv6-only"`},
		"module.vpc.aws_subnet.public[0]": {"ipv6_native": "true", "enable_dns64": "true"},
	},
	"terraform-aws-vpc/issues":                {"module.vpc_issue_108.aws_subnet.private[2]": {"cidr_block": `"10.0.2.0/24"`}},
	"terraform-aws-vpc/manage-default-vpc":    {"module.vpc.aws_default_vpc.this[0]": {"tags.Name": `"default"`, "tags.Example": `"ex-manage-default-vpc"`}},
	"terraform-aws-vpc/network-acls":          {"module.vpc.aws_vpc.this[0]": {"cidr_block": `"10.0.0.0/16"`, "tags.Name": `"vpc-name"`}},
	"terraform-aws-vpc/outpost":               {"module.vpc.aws_network_acl_rule.outpost_inbound[1]": {"rule_number": `"110"`, "from_port": `"443"`}},
	"terraform-aws-vpc/secondary-cidr-blocks": {"module.vpc.aws_vpc_ipv4_cidr_block_association.this[1]": {"cidr_block": `"10.2.0.0/16"`}},
	"terraform-aws-vpc/separate-route-tables": {"module.vpc.aws_vpc.this[0]": {"cidr_block": `"10.0.0.0/16"`, "tags.Name": `"ex-separate-route-tables"`}},
	"terraform-aws-vpc/simple":                {"module.vpc.aws_vpc.this[0]": {"cidr_block": `"10.0.0.0/16"`, "tags.Name": `"ex-simple"`}},
	"terraform-aws-security-group/complete":   {"module.complete_sg.aws_security_group.this_name_prefix[0]": {"name_prefix": `"complete-sg-"`, "tags.Cash": `"king"`}},
	"terraform-aws-security-group/computed":   {"module.http_sg.module.sg.aws_security_group_rule.ingress_rules[0]": {"from_port": `"443"`, "cidr_blocks": `["0.0.0.0/0"]`}},
	"terraform-aws-security-group/disabled":   {"data.aws_vpc.default": {"default": "true"}},
	"terraform-aws-security-group/dynamic":    {"module.http_sg.module.sg.aws_security_group.this_name_prefix[0]": {"name_prefix": `"dynamic-http-sg-"`}},
	"terraform-aws-security-group/http":       {"module.http_mysql_1_sg.module.sg.aws_security_group.this[0]": {"name": `"http-mysql-1"`, "tags.Name": `"http-mysql-1"`}},
	"terraform-aws-security-group/rules-only": {
		"aws_security_group.service_one": {"name": `"service_one"`, "description": `"Allow access from service two"`},
		"module.rules_one.aws_security_group_rule.ingress_with_source_security_group_id[0]": {"from_port": `"80"`, "description": `"http from service two"`},
	},
}

// TestCorpus evaluates every example of the corpus modules: no error
// diagnostics (what only the cloud knows is a warning), the instance
// counts and what is unexpanded as in the golden files, and the values
// checked by hand.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		golden.Use("testdata/corpus")
		t.Skipf("no corpus at %s", corpusDir)
	}
	for _, mod := range corpusModules {
		entries, err := os.ReadDir(filepath.Join(corpusDir, mod, "examples"))
		if err != nil {
			t.Fatal(err)
		}
		for _, ent := range entries {
			if !ent.IsDir() {
				continue
			}
			name := mod + "/" + ent.Name()
			t.Run(name, func(t *testing.T) { runCorpusExample(t, name) })
		}
	}
}

func runCorpusExample(t *testing.T, name string) {
	mod, example, _ := strings.Cut(name, "/")
	view, ds := Dir(filepath.Join(corpusDir, mod, "examples", example), Options{})
	want := corpusErrors[name]
	var errs []string
	for _, d := range ds {
		if d.Severity != diag.Error {
			continue
		}
		expected := false
		for _, w := range want {
			expected = expected || strings.Contains(d.Error(), w)
		}
		if !expected {
			errs = append(errs, d.Error())
		}
	}
	if len(errs) > 0 {
		t.Errorf("%d error diagnostics:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	if len(want) > 0 && !ds.HasErrors() {
		t.Errorf("want the errors Terraform gives: %q", want)
	}
	if b := bareUnknowns(view); len(b) > 0 {
		t.Errorf("unknowns without a reason: %q", b)
	}
	golden.CheckString(t, filepath.Join("testdata/corpus", mod, example+".txt"), corpusSummary(view, ds))
	for addr, attrs := range corpusValues[name] {
		var got *Instance
		for _, r := range view.Resources {
			if r.Address == addr {
				got = r
			}
		}
		if got == nil {
			t.Errorf("no instance %s", addr)
			continue
		}
		for path, wantJSON := range attrs {
			v, err := lookupPath(got.Attributes, path)
			if err != nil {
				t.Errorf("%s.%s: %v", addr, path, err)
				continue
			}
			if g := valueJSON(v); g != wantJSON {
				t.Errorf("%s.%s = %s, want %s", addr, path, g, wantJSON)
			}
		}
	}
}

// corpusSummary is the golden text of an example: instances per
// resource (address without instance keys), what is unexpanded and why,
// and the number of warnings.
func corpusSummary(view *View, ds diag.Diagnostics) string {
	counts := map[string]int{}
	for _, r := range view.Resources {
		a := r.Address
		if r.Key != cty.NilVal {
			a = strings.TrimSuffix(a, keyString(r.Key))
		}
		counts[a]++
	}
	var b strings.Builder
	keys := sortedKeys(counts)
	sort.SliceStable(keys, func(i, j int) bool { return addrLess(keys[i], keys[j]) })
	for _, k := range keys {
		fmt.Fprintf(&b, "%s %d\n", k, counts[k])
	}
	for _, u := range view.Unexpanded {
		fmt.Fprintf(&b, "unexpanded %s: %s\n", u.Address, u.Reason)
	}
	warnings := 0
	for _, d := range ds {
		if d.Severity == diag.Warning {
			warnings++
		}
	}
	fmt.Fprintf(&b, "warnings %d\n", warnings)
	return b.String()
}

// lookupPath reads a dotted attribute path with [n] and ["key"] steps.
func lookupPath(v cty.Value, path string) (cty.Value, error) {
	for path != "" {
		v, _ = v.Unmark()
		if !v.IsKnown() || v.IsNull() {
			return v, fmt.Errorf("unknown or null before %s", path)
		}
		switch {
		case strings.HasPrefix(path, "["):
			end := strings.IndexByte(path, ']')
			k := path[1:end]
			path = strings.TrimPrefix(path[end+1:], ".")
			if strings.HasPrefix(k, `"`) {
				v = v.Index(cty.StringVal(strings.Trim(k, `"`)))
				if v.Type().IsObjectType() {
					v = v.GetAttr(strings.Trim(k, `"`))
				}
				continue
			}
			n, _ := index(k)
			v = v.Index(cty.NumberIntVal(int64(n)))
		default:
			name := path
			if i := strings.IndexAny(path, ".["); i >= 0 {
				name = path[:i]
				path = strings.TrimPrefix(path[i:], ".")
			} else {
				path = ""
			}
			if !v.Type().IsObjectType() || !v.Type().HasAttribute(name) {
				if v.Type().IsMapType() {
					v = v.Index(cty.StringVal(name))
					continue
				}
				return v, fmt.Errorf("no attribute %s", name)
			}
			v = v.GetAttr(name)
		}
	}
	return v, nil
}
